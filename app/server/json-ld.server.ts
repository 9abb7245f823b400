/**
 * schema.org JSON-LD of directory entries (D3): Restaurant with servesCuisine, or the LocalBusiness
 * subtype that fits the industry, and the BreadcrumbList of entry and listing pages. Typed with
 * schema-dts, so a misspelt property or type name fails the typecheck. D17: no ratings or reviews
 * (they may come from Google). Built by the loaders so that no page ships the builders; the route's
 * meta hands the objects to React Router, which escapes them into the head.
 */
import type { BreadcrumbList, ListItemLeaf, LocalBusiness, LocalBusinessLeaf, RestaurantLeaf, WithContext } from "schema-dts";
import { industryLabel, industryPath, type IndustrySlug } from "~/catalog/industries";
import { categoryLabel } from "~/catalog/categories";
import { provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { panamaE164, safeUrl } from "~/lib/contact-links";

/** Every schema.org type that is a LocalBusiness (LegalService, Store, …). */
type LocalBusinessType = Exclude<LocalBusiness, string>["@type"];
/** The properties every LocalBusiness subtype accepts. */
type LocalBusinessProps = Omit<LocalBusinessLeaf, "@type">;
export type BusinessJsonLd = LocalBusinessProps & { "@context": "https://schema.org"; "@type": LocalBusinessType };

const INDUSTRY_TYPES: Record<IndustrySlug, LocalBusinessType> = {
  construccion: "HomeAndConstructionBusiness",
  belleza: "BeautySalon",
  tiendas: "Store",
  abogados: "LegalService",
  deportes: "SportsActivityLocation",
  salud: "MedicalBusiness",
  educacion: "LocalBusiness",
  tecnologia: "ProfessionalService",
  turismo: "TravelAgency",
  servicios: "ProfessionalService",
};

export function businessSchemaType(industria: string): LocalBusinessType {
  return INDUSTRY_TYPES[industria as IndustrySlug] ?? "LocalBusiness";
}

const DAYS: Record<string, string> = {
  lun: "Mo",
  lunes: "Mo",
  mar: "Tu",
  martes: "Tu",
  mie: "We",
  miercoles: "We",
  jue: "Th",
  jueves: "Th",
  vie: "Fr",
  viernes: "Fr",
  sab: "Sa",
  sabado: "Sa",
  dom: "Su",
  domingo: "Su",
};

/**
 * Free-text Spanish hours ('Lun-Sáb 11:00-22:00', 'Todos los días 7:00-21:00') as schema.org
 * openingHours ('Mo-Sa 11:00-22:00'); undefined when the text does not follow that shape.
 */
export function toOpeningHours(horario: string | null | undefined): string[] | undefined {
  if (!horario) return undefined;
  const out: string[] = [];
  for (const part of horario.split(/[;,]|\by\b/)) {
    const clean = part
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim();
    if (!clean) continue;
    const m = clean.match(/^(todos los dias|diario|[a-z]+)(?:\s*(?:-|a)\s*([a-z]+))?\.?\s+(\d{1,2}:\d{2})\s*(?:-|a)\s*(\d{1,2}:\d{2})$/);
    if (!m) return undefined;
    const pad = (t: string) => t.padStart(5, "0");
    if (m[1] === "todos los dias" || m[1] === "diario") {
      out.push(`Mo-Su ${pad(m[3]!)}-${pad(m[4]!)}`);
      continue;
    }
    const from = DAYS[m[1]!];
    const to = m[2] ? DAYS[m[2]] : undefined;
    if (!from || (m[2] && !to)) return undefined;
    out.push(`${to ? `${from}-${to}` : from} ${pad(m[3]!)}-${pad(m[4]!)}`);
  }
  return out.length ? out : undefined;
}

type EntryLike = {
  nombre: string;
  descripcion: string | null;
  direccion: string;
  provincia: string;
  telefono: string | null;
  horario: string | null;
  imagen: string | null;
  especialidades: string[];
};

function common(entry: EntryLike, url: string, sameAs: (string | null | undefined)[]): LocalBusinessProps {
  const phone = panamaE164(entry.telefono);
  const links = sameAs.map(safeUrl).filter((u): u is string => Boolean(u));
  const image = safeUrl(entry.imagen);
  const openingHours = toOpeningHours(entry.horario);
  return {
    "@id": `${url}#negocio`,
    name: entry.nombre,
    ...(entry.descripcion ? { description: entry.descripcion } : {}),
    url,
    address: {
      "@type": "PostalAddress",
      streetAddress: entry.direccion,
      addressRegion: provinceLabel(entry.provincia),
      addressCountry: "PA",
    },
    ...(phone ? { telephone: `+${phone}` } : entry.telefono ? { telephone: entry.telefono } : {}),
    ...(openingHours ? { openingHours } : {}),
    ...(image ? { image } : {}),
    // The entry's own website and social profiles: the same place elsewhere on the web.
    ...(links.length ? { sameAs: links } : {}),
  };
}

export function restaurantJsonLd(
  entry: EntryLike & {
    etiqueta: string | null;
    website_url: string | null;
    facebook_url: string | null;
    instagram_url: string | null;
    maps_url: string | null;
  },
  url: string,
): WithContext<RestaurantLeaf> {
  const cuisine = [entry.etiqueta ? categoryLabel(entry.etiqueta) : null, ...entry.especialidades].filter((c): c is string => Boolean(c));
  const map = safeUrl(entry.maps_url);
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    ...common(entry, url, [entry.website_url, entry.facebook_url, entry.instagram_url]),
    ...(cuisine.length ? { servesCuisine: cuisine } : {}),
    ...(map ? { hasMap: map } : {}),
  };
}

export function businessJsonLd(entry: EntryLike & { etiqueta: string | null; website: string | null }, url: string): BusinessJsonLd {
  return {
    "@context": "https://schema.org",
    "@type": businessSchemaType(entry.etiqueta ?? ""),
    ...common(entry, url, [entry.website]),
    ...(entry.especialidades.length ? { knowsAbout: entry.especialidades } : {}),
  };
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList of a page: Inicio first, the page itself last. */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    // Typed per item: inside itemListElement's wide union a misspelt key would go unnoticed.
    itemListElement: [{ name: "Inicio", path: "/" }, ...crumbs].map(
      (c, i): ListItemLeaf => ({
        "@type": "ListItem",
        position: i + 1,
        name: c.name,
        item: `${origin}${c.path}`,
      }),
    ),
  };
}

/** Inicio › Restaurantes en {Provincia} (› {Nombre}). */
export function provinceCrumbs(provincia: string, entry?: { nombre: string; path: string }): Crumb[] {
  const crumbs = [{ name: `Restaurantes en ${provinceLabel(provincia)}`, path: provincePath(provincia as ProvinceSlug) }];
  return entry ? [...crumbs, { name: entry.nombre, path: entry.path }] : crumbs;
}

/** Inicio › {Industria} (› {Nombre}). */
export function industryCrumbs(industria: string, entry?: { nombre: string; path: string }): Crumb[] {
  const crumbs = [{ name: industryLabel(industria), path: industryPath(industria as IndustrySlug) }];
  return entry ? [...crumbs, { name: entry.nombre, path: entry.path }] : crumbs;
}
