/**
 * /restaurantes-{provincia}.md and /negocios/{industria}.md: the first page of the listing as
 * Markdown (the same entries as the HTML page, active only), with a link to the next page's twin.
 * `?cursor=`, for industries `?provincia=`, and the filters (`cerca_de`, `cerca`, `radio`,
 * `abierto`) work as on the HTML page: a filtered twin lists through the search engine too.
 */
import type { Route } from "./+types/listing-markdown";
import { industryLabel, industryPath, isIndustry } from "~/catalog/industries";
import { isProvince, provinceLabel, provincePath } from "~/catalog/provinces";
import type { NearPoint } from "~/lib/near-query";
import { CURSOR_INVALID, type Cursor, decodeCursor, industryPageQuerySchema, provincePageQuerySchema } from "~/schemas/directory";
import { getEnv } from "~/server/platform/env.server";
import { listBusinessesByIndustry, listRestaurantsByProvince, type ListingPage } from "~/server/models/listings.server";
import { escapeMarkdown, listingMarkdown, markdownNotFound, markdownResponse } from "~/server/directory/markdown.server";
import { pageQuery } from "~/server/directory/near-point.server";
import { BadCursorError } from "~/server/search/engine.server";
import type { SearchQuery } from "~/server/search/query";
import { DIRECTORY_PAGE_CACHE } from "./cache-headers";
import {
  AFTER_TWIN_CURSOR,
  countListing,
  type EnginePage,
  enginePages,
  engineFilters,
  filtersApply,
  type PageFilters,
} from "./listing-page.server";

function badQuery(request: Request, message: string): Response {
  return markdownResponse(request, `# Solicitud no válida\n\n${escapeMarkdown(message)}\n`, {
    status: 400,
    cacheControl: DIRECTORY_PAGE_CACHE,
  });
}

const LOAD_ERROR = "# No disponible\n\nNo se pudo cargar el listado. Intenta de nuevo en unos minutos.\n";

function withQuery(url: string, query: Record<string, string | undefined>): string {
  const qs = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return qs ? `${url}?${qs}` : url;
}

/** The filters of the page as its links carry them. */
function filterParams(url: URL, f: PageFilters): Record<string, string | undefined> {
  return {
    cerca: f.cerca_de ? undefined : (url.searchParams.get("cerca") ?? undefined),
    cerca_de: f.cerca_de,
    radio: f.radio === undefined ? undefined : String(f.radio),
    abierto: f.abierto ? "1" : undefined,
  };
}

/** What a filtered twin's summary adds: open now, and where it is ordered from. */
function filterNote(page: Partial<EnginePage> & { near: NearPoint | null }, f: PageFilters): string {
  const parts: string[] = [];
  if (f.abierto) parts.push("solo los abiertos ahora");
  if (page.near) parts.push(`los más cercanos a ${page.near.name ?? "la ubicación indicada"} primero, hasta ${page.near.radius}`);
  if (page.unknownPlace) parts.push(`«${page.unknownPlace}» no es un pueblo o barrio conocido, así que no se ordena por distancia`);
  return parts.length ? ` Filtro: ${parts.join("; ")}.` : "";
}

type Loaded = ListingPage & { near: NearPoint | null; unknownPlace?: string | null; offset: number };

/** One page of the listing: through the engine when filtered, else in the page's own order. 'bad' for a cursor it cannot read. */
async function loadTwin(
  url: URL,
  filters: PageFilters,
  cursor: string | undefined,
  engine: Omit<SearchQuery, "limit" | "cursor">,
  keyset: (c: Cursor | undefined) => Promise<ListingPage>,
): Promise<Loaded | "bad"> {
  if (filtersApply(filters)) {
    try {
      return await enginePages(url, { ...engine, ...engineFilters(filters) }, 1, cursor);
    } catch (error) {
      if (error instanceof BadCursorError) return "bad";
      throw error;
    }
  }
  const c = cursor ? decodeCursor(cursor) : undefined;
  if (c === null) return "bad";
  return { ...(await keyset(c)), near: null, offset: c ? AFTER_TWIN_CURSOR : 0 };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const origin = getEnv().PUBLIC_URL;
  const query = pageQuery(url).params;
  const province = /^\/restaurantes-([a-z-]+)\.md$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (province !== undefined) {
    if (!isProvince(province)) return markdownNotFound(request, origin, "No tenemos una sección de restaurantes con ese nombre.");
    const parsed = provincePageQuerySchema.safeParse(query);
    if (!parsed.success) return badQuery(request, parsed.error.issues[0]!.message);
    const { cursor, ...filters } = parsed.data;
    let page: Loaded | "bad";
    try {
      page = await loadTwin(url, filters, cursor, { text: "", kind: "restaurant", province }, (c) =>
        listRestaurantsByProvince(province, c),
      );
    } catch (error) {
      console.error("[directorio] error al listar restaurantes (markdown):", error);
      return markdownResponse(request, LOAD_ERROR, { status: 503, cacheControl: DIRECTORY_PAGE_CACHE });
    }
    if (page === "bad") return badQuery(request, CURSOR_INVALID);
    // The twin is for machines: a person who reads it counts as the listing; a crawler does not.
    countListing(request, page.items, page.offset);
    const label = provinceLabel(province);
    const pageUrl = `${origin}${provincePath(province)}`;
    const kept = filterParams(url, filters);
    const body = listingMarkdown({
      title: `Restaurantes en ${label}`,
      summary: `Restaurantes activos de ${label}, Panamá, en el directorio Panama VIP IA: ${filtersApply(filters) ? "filtrados" : "los más recientes primero"}.${filterNote(page, filters)}`,
      pageUrl: withQuery(pageUrl, { ...kept, cursor: cursor ?? undefined }),
      origin,
      items: page.items,
      nextUrl: page.nextCursor ? withQuery(`${pageUrl}.md`, { ...kept, cursor: page.nextCursor }) : null,
      empty: filtersApply(filters)
        ? `Ningún restaurante de ${label} con estos filtros.`
        : `Todavía no hay restaurantes activos en ${label}.`,
    });
    return markdownResponse(request, body, { cacheControl: DIRECTORY_PAGE_CACHE });
  }

  const industria = params.industria ?? "";
  if (!isIndustry(industria)) return markdownNotFound(request, origin, "No tenemos una sección de negocios con ese nombre.");
  const parsed = industryPageQuerySchema.safeParse(query);
  if (!parsed.success) return badQuery(request, parsed.error.issues[0]!.message);
  const { provincia, cursor, ...filters } = parsed.data;
  let page: Loaded | "bad";
  try {
    page = await loadTwin(url, filters, cursor, { text: "", kind: "business", industry: industria, province: provincia }, (c) =>
      listBusinessesByIndustry(industria, { provincia, cursor: c }),
    );
  } catch (error) {
    console.error("[directorio] error al listar negocios (markdown):", error);
    return markdownResponse(request, LOAD_ERROR, { status: 503, cacheControl: DIRECTORY_PAGE_CACHE });
  }
  if (page === "bad") return badQuery(request, CURSOR_INVALID);
  countListing(request, page.items, page.offset);
  const label = industryLabel(industria);
  const pageUrl = `${origin}${industryPath(industria)}`;
  const where = provincia ? ` en ${provinceLabel(provincia)}` : " en Panamá";
  const kept = { provincia, ...filterParams(url, filters) };
  const body = listingMarkdown({
    title: `Negocios de ${label}${where}`,
    summary: `Negocios activos de ${label.toLowerCase()}${where} en el directorio Panama VIP IA: ${filtersApply(filters) ? "filtrados" : "los más recientes primero"}.${filterNote(page, filters)}`,
    pageUrl: withQuery(pageUrl, { ...kept, cursor: cursor ?? undefined }),
    origin,
    items: page.items,
    nextUrl: page.nextCursor ? withQuery(`${pageUrl}.md`, { ...kept, cursor: page.nextCursor }) : null,
    empty: filtersApply(filters)
      ? `Ningún negocio de ${label.toLowerCase()}${where} con estos filtros.`
      : `Todavía no hay negocios activos de ${label.toLowerCase()}${where}.`,
  });
  return markdownResponse(request, body, { cacheControl: DIRECTORY_PAGE_CACHE });
}
