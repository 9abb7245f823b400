import { useCallback, useEffect, useState } from "react";
import { completeWebAddress } from "~/lib/safe-url";
import { BlogCover } from "./blog-cover";

const PREVIEW_DELAY_MS = 600;
const isWebUrl = (v: string) => /^https?:\/\/\S+$/i.test(v);

/**
 * The cover as readers will see it, loaded by the person's own browser (the server never fetches
 * the address: decision 052), with a warning when the address does not answer with an image.
 */
export function CoverPreview({ url, category }: { url: string; category: string | null }) {
  const [shown, setShown] = useState(url.trim());
  const [loaded, setLoaded] = useState<boolean | null>(null);
  useEffect(() => {
    const next = url.trim();
    if (next === shown) return;
    const t = setTimeout(() => {
      setShown(next);
      setLoaded(null);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [url, shown]);
  const onResult = useCallback((ok: boolean) => setLoaded(ok), []);
  // As the schema stores it: 'ejemplo.com/foto.jpg' with https://.
  const full = completeWebAddress(shown);
  const src = isWebUrl(full) ? full : null;

  return (
    <div className="grid items-center gap-3 sm:grid-cols-[10rem_1fr]">
      <div className="aspect-[16/9] overflow-hidden rounded-xl border border-ocean-100 bg-ocean-50">
        <BlogCover src={src} category={category} eager onResult={onResult} />
      </div>
      <p role="status" className={loaded === false ? "text-sm font-medium text-danger" : "text-sm text-muted"}>
        {!src
          ? "Sin imagen: el artículo mostrará la imagen genérica de su categoría."
          : loaded === false
            ? "No se pudo cargar una imagen desde esta dirección. Revisa que sea el enlace directo a una imagen; mientras tanto, el artículo mostrará la imagen genérica de su categoría."
            : "Vista previa de la portada."}
      </p>
    </div>
  );
}
