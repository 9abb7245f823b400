import { Icon, type IconName } from "~/components/icons/icon";
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ListingKind } from "~/catalog/listing-kinds";
import { cn } from "~/lib/cn";
import { safeUrl } from "~/lib/safe-url";

const CATEGORY_ICONS: Record<RestaurantCategory, IconName> = {
  "comida-tradicional": "soup",
  "comida-rapida": "sandwich",
  mariscos: "fish",
  parrilla: "beef",
  internacional: "globe",
  vegetariano: "salad",
  postres: "cake-slice",
  cafeteria: "coffee",
  bar: "wine",
  otro: "utensils",
};

const INDUSTRY_ICONS: Record<IndustrySlug, IconName> = {
  construccion: "hard-hat",
  belleza: "sparkles",
  tiendas: "shopping-bag",
  abogados: "scale",
  deportes: "dumbbell",
  salud: "stethoscope",
  educacion: "graduation-cap",
  tecnologia: "cpu",
  turismo: "tree-palm",
  servicios: "briefcase",
};

// Tinted backgrounds from the brand palette, chosen by the entry's name so neighbours differ.
const TINTS = [
  "from-ocean-100 to-ocean-50 text-ocean-600",
  "from-sun-100 to-white text-sun-600",
  "from-ocean-50 to-sun-100 text-ocean-700",
  "from-emerald-50 to-ocean-50 text-emerald-700",
];

export function listingIcon(kind: ListingKind, etiqueta: string | null): IconName {
  if (kind === "restaurant") return CATEGORY_ICONS[etiqueta as RestaurantCategory] ?? "utensils";
  return INDUSTRY_ICONS[etiqueta as IndustrySlug] ?? "briefcase";
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** The picture's address when it can be shown: an http(s) URL or a path on this site. */
export function listingImageSrc(imagen: string | null | undefined): string | null {
  return safeUrl(imagen) ?? (imagen?.startsWith("/") && !imagen.startsWith("//") ? imagen : null);
}

/**
 * The small icon of an entry without a picture, for compact cards: a tall placeholder would spend
 * most of a phone's screen on a drawing.
 */
export function ListingIconTile({
  kind,
  etiqueta,
  nombre,
  className,
}: {
  kind: ListingKind;
  etiqueta: string | null;
  nombre: string;
  className?: string;
}) {
  return (
    <div
      aria-hidden
      className={cn(
        "grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br ring-1 ring-ocean-100",
        TINTS[hash(nombre) % TINTS.length],
        className,
      )}
    >
      <Icon name={listingIcon(kind, etiqueta)} className="size-6" strokeWidth={1.75} />
    </div>
  );
}

/** The entry's picture in a box of reserved size (16:9), or a generated placeholder: icon on a tint. */
export function ListingImage({
  kind,
  etiqueta,
  nombre,
  imagen,
  className,
  eager,
}: {
  kind: ListingKind;
  etiqueta: string | null;
  nombre: string;
  imagen: string | null;
  className?: string;
  eager?: boolean;
}) {
  const src = listingImageSrc(imagen);
  const icon = listingIcon(kind, etiqueta);
  return (
    <div className={cn("relative aspect-[16/9] w-full overflow-hidden bg-ocean-50", className)}>
      {src ? (
        <img
          src={src}
          alt={`Foto de ${nombre}`}
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        // The two soft circles are the box's ::before and ::after: no elements of their own.
        <div
          className={cn(
            "absolute inset-0 isolate grid place-items-center bg-gradient-to-br",
            "before:absolute before:-right-6 before:-top-6 before:size-28 before:rounded-full before:bg-white/40",
            "after:absolute after:-bottom-10 after:-left-4 after:size-32 after:rounded-full after:bg-white/30",
            TINTS[hash(nombre) % TINTS.length],
          )}
          aria-hidden
        >
          <div className="relative z-10 grid size-16 place-items-center rounded-2xl bg-white/80 shadow-sm ring-1 ring-white">
            <Icon name={icon} className="size-8" strokeWidth={1.75} />
          </div>
        </div>
      )}
    </div>
  );
}
