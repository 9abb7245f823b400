/**
 * schema.org JSON-LD of directory entries: Restaurant with servesCuisine, or the LocalBusiness
 * subtype that fits the industry, and the BreadcrumbList of entry and listing pages. Typed with
 * schema-dts, so a misspelt property or type name fails the typecheck. No ratings or reviews: they
 * may come from Google, whose terms keep them out of public data. Built by the loaders so that no
 * page ships the builders; the route's meta hands the objects to React Router, which escapes them
 * into the head. `geo` from the coordinates and `openingHoursSpecification` from the weekly
 * schedule, in the shapes Google's local-business documentation gives (an overnight range closes on
 * the opening day's entry: Saturday opens 18:00 closes 03:00; 24 hours: 00:00-23:59; closed all day:
 * 00:00-00:00).
 */
import type {
  BreadcrumbList,
  DayOfWeek,
  GeoCoordinates,
  ListItemLeaf,
  LocalBusiness,
  LocalBusinessLeaf,
  OpeningHoursSpecificationLeaf,
  RestaurantLeaf,
  WebPage,
  WithContext,
} from "schema-dts";
import { industryLabel, industryPath, type IndustrySlug } from "~/catalog/industries";
import { categoryLabel } from "~/catalog/categories";
import { provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { safeUrl } from "~/lib/safe-url";
import { panamaE164 } from "~/lib/phone";
import { inPanama } from "~/lib/geo";
import { DAY_MINUTES, horarioParts, minuteOfWeek, WEEK_MINUTES, WEEK_ORDER, type WeeklyPeriod } from "~/lib/opening-hours";

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

/** schema.org's short day codes by Google's day number (0 = Sunday). */
const DAY_CODES = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;

/**
 * Free-text Spanish hours ('Lun-Sáb 11:00-22:00', 'Todos los días 7:00-21:00') as schema.org
 * openingHours ('Mo-Sa 11:00-22:00'); undefined when the text does not follow that shape.
 */
export function toOpeningHours(horario: string | null | undefined): string[] | undefined {
  const parts = horarioParts(horario);
  if (!parts) return undefined;
  return parts.map(({ from, to, everyDay, open, close }) => {
    const days = everyDay ? "Mo-Su" : from === to ? DAY_CODES[from] : `${DAY_CODES[from]}-${DAY_CODES[to]}`;
    return `${days} ${open}-${close}`;
  });
}

/** Where the entry is and when it opens; optional until every caller passes them. */
export type LocatedLike = {
  latitud?: number | null;
  longitud?: number | null;
  horario_semanal?: WeeklyPeriod[] | null;
};

type EntryLike = LocatedLike & {
  nombre: string;
  descripcion: string | null;
  direccion: string;
  provincia: string;
  telefono: string | null;
  horario: string | null;
  imagen: string | null;
  especialidades: string[];
};

/** numeric(9,6) keeps six decimals; Google asks for at least five. */
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

/** GeoCoordinates of the entry, or undefined without coordinates (or with any outside Panama). */
export function toGeo(entry: LocatedLike): GeoCoordinates | undefined {
  // Number(): a numeric column read by raw SQL arrives as a string; NaN (missing) is not in Panama.
  const lat = Number(entry.latitud ?? Number.NaN);
  const lng = Number(entry.longitud ?? Number.NaN);
  if (!inPanama(lat, lng)) return undefined;
  return { "@type": "GeoCoordinates", latitude: micro(lat), longitude: micro(lng) };
}

/** schema.org day names by Google's day number (0 = Sunday). */
const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const satisfies readonly DayOfWeek[];
const EVERY_DAY = WEEK_ORDER.map((d) => SCHEMA_DAYS[d]);

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minuteOfDay: number) => `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;

const spec = (dayOfWeek: DayOfWeek | DayOfWeek[], opens: string, closes: string): OpeningHoursSpecificationLeaf => ({
  "@type": "OpeningHoursSpecification",
  dayOfWeek,
  opens,
  closes,
});

/**
 * The weekly schedule as schema.org OpeningHoursSpecification, one per period, Monday first; a
 * period shorter than a day keeps its own closing time even past midnight (Saturday 18:00-03:00); a
 * longer one is cut at midnights into whole days (00:00-23:59). Undefined without a schedule.
 */
export function toOpeningHoursSpecification(
  periods: readonly WeeklyPeriod[] | null | undefined,
): OpeningHoursSpecificationLeaf[] | undefined {
  if (!periods) return undefined;
  if (periods.some((p) => !p.close)) return [spec(EVERY_DAY, "00:00", "23:59")];
  // Stored but empty: closed every day, which Google reads from 00:00-00:00.
  if (!periods.length) return [spec(EVERY_DAY, "00:00", "00:00")];
  const weekIndex = (day: number) => (day + 6) % 7;
  const sorted = [...periods].sort((a, b) => weekIndex(a.open.day) - weekIndex(b.open.day) || minuteOfWeek(a.open) - minuteOfWeek(b.open));
  const out: OpeningHoursSpecificationLeaf[] = [];
  for (const p of sorted) {
    const start = minuteOfWeek(p.open) % WEEK_MINUTES;
    // Closing at the very minute it opens is taken as a whole week around.
    const length = (minuteOfWeek(p.close!) - start + WEEK_MINUTES) % WEEK_MINUTES || WEEK_MINUTES;
    if (length < DAY_MINUTES) {
      out.push(spec(SCHEMA_DAYS[p.open.day]!, clock(start % DAY_MINUTES), clock((start + length) % DAY_MINUTES)));
      continue;
    }
    for (let from = start; from < start + length; ) {
      const midnight = (Math.floor(from / DAY_MINUTES) + 1) * DAY_MINUTES;
      const to = Math.min(midnight, start + length);
      const day = Math.floor(from / DAY_MINUTES) % 7;
      out.push(spec(SCHEMA_DAYS[day]!, clock(from % DAY_MINUTES), to === midnight ? "23:59" : clock(to % DAY_MINUTES)));
      from = to;
    }
  }
  return out;
}

function common(entry: EntryLike, url: string, sameAs: (string | null | undefined)[]): LocalBusinessProps {
  const phone = panamaE164(entry.telefono);
  const links = sameAs.map(safeUrl).filter((u): u is string => Boolean(u));
  const image = safeUrl(entry.imagen);
  const geo = toGeo(entry);
  const openingHoursSpecification = toOpeningHoursSpecification(entry.horario_semanal);
  // The text's reading only when there is no structured schedule: two sources could disagree.
  const openingHours = openingHoursSpecification ? undefined : toOpeningHours(entry.horario);
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
    ...(geo ? { geo } : {}),
    ...(openingHoursSpecification ? { openingHoursSpecification } : openingHours ? { openingHours } : {}),
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

/**
 * The entry page as a schema.org WebPage about the listing: its `dateModified` is when the page's
 * facts last changed or were confirmed by the business, whichever is later.
 */
export function entryPageJsonLd(
  entry: { nombre: string; updated_at: string; info_confirmed_at: string | null },
  url: string,
): WithContext<WebPage> {
  const changed = Date.parse(entry.updated_at);
  const confirmed = entry.info_confirmed_at ? Date.parse(entry.info_confirmed_at) : Number.NaN;
  const modified = new Date(Number.isNaN(confirmed) || confirmed < changed ? changed : confirmed);
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": url,
    url,
    name: entry.nombre,
    about: { "@id": `${url}#negocio` },
    dateModified: modified.toISOString(),
  };
}
