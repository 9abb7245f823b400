import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { BLOG_CATEGORIES } from "~/catalog/categories";

/** The side panel that documents the writing API (POST /api/blogs). The editor does not call it. */
export function ApiDocsPanel({ origin }: { origin: string }) {
  const example = `curl -X POST ${origin}/api/blogs \\
  -H "Authorization: Bearer TU_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Mi artículo",
    "excerpt": "Un resumen breve",
    "content": "<p>Contenido en HTML básico</p>",
    "category": "Marketing",
    "tags": ["ia", "pymes"],
    "is_published": false
  }'`;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name="bot" aria-hidden className="size-5 text-ocean-600" /> API de escritura con IA
      </h2>
      <p className="mt-2 text-sm text-muted">
        Tu asistente de IA puede crear artículos por ti con una solicitud <code className="rounded bg-ocean-50 px-1">POST /api/blogs</code>.
        Los artículos quedan a tu nombre y pasan por la misma validación y limpieza de HTML que este editor.
      </p>
      <ol className="mt-4 space-y-2 text-sm">
        <li>
          <span className="font-semibold">1.</span> Crea un token en{" "}
          <Link to="/profile#tokens" className="inline-flex items-center gap-1 font-semibold text-ocean-700 underline">
            <Icon name="key-round" aria-hidden className="size-3.5" /> tu perfil
          </Link>
          . Se muestra una sola vez.
        </li>
        <li>
          <span className="font-semibold">2.</span> Envíalo en la cabecera{" "}
          <code className="rounded bg-ocean-50 px-1 break-all">Authorization: Bearer …</code>.
        </li>
      </ol>
      {/* Wrapped, not scrolled sideways: a scrolling box would need a keyboard stop of its own. */}
      <pre className="mt-4 max-w-full whitespace-pre-wrap wrap-anywhere rounded-lg bg-ocean-950 p-3 text-xs leading-5 text-ocean-50">
        <code>{example}</code>
      </pre>
      <dl className="mt-4 space-y-1.5 text-sm">
        <div>
          <dt className="inline font-semibold">Campos: </dt>
          <dd className="inline text-muted">title, excerpt y content (obligatorios), category, tags, image_url, is_published.</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Categorías: </dt>
          <dd className="inline text-muted">{BLOG_CATEGORIES.join(", ")} (obligatoria para publicar).</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Respuestas: </dt>
          <dd className="inline text-muted">
            201 con id, slug y url · 400 errores por campo · 401 token inválido · 413 más de 200 kB · 429 más de 30 por minuto.
          </dd>
        </div>
      </dl>
    </Card>
  );
}
