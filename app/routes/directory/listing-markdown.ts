/**
 * /restaurantes-{provincia}.md and /negocios/{industria}.md: the first page of the listing as
 * Markdown (the same entries as the HTML page, active only), with a link to the next page's twin.
 * `?cursor=` and, for industries, `?provincia=` work as on the HTML page.
 */
import type { Route } from "./+types/listing-markdown";
import { industryLabel, industryPath, isIndustry } from "~/catalog/industries";
import { isProvince, provinceLabel, provincePath } from "~/catalog/provinces";
import { industryQuerySchema, listingQuerySchema, searchParamsObject } from "~/schemas/directory";
import { getEnv } from "~/server/env.server";
import { listBusinessesByIndustry, listRestaurantsByProvince, type ListingPage } from "~/server/models/listings.server";
import { escapeMarkdown, listingMarkdown, markdownNotFound, markdownResponse } from "~/server/markdown.server";
import { DIRECTORY_PAGE_CACHE } from "./cache-headers";

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

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const origin = getEnv().PUBLIC_URL;
  const province = /^\/restaurantes-([a-z-]+)\.md$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (province !== undefined) {
    if (!isProvince(province)) return markdownNotFound(request, origin, "No tenemos una sección de restaurantes con ese nombre.");
    const query = listingQuerySchema.safeParse(searchParamsObject(url));
    if (!query.success) return badQuery(request, query.error.issues[0]!.message);
    let page: ListingPage;
    try {
      page = await listRestaurantsByProvince(province, query.data.cursor);
    } catch (error) {
      console.error("[directorio] error al listar restaurantes (markdown):", error);
      return markdownResponse(request, LOAD_ERROR, { status: 503, cacheControl: DIRECTORY_PAGE_CACHE });
    }
    const label = provinceLabel(province);
    const pageUrl = `${origin}${provincePath(province)}`;
    const body = listingMarkdown({
      title: `Restaurantes en ${label}`,
      summary: `Restaurantes activos de ${label}, Panamá, en el directorio Panama VIP IA: los más recientes primero.`,
      pageUrl: withQuery(pageUrl, { cursor: url.searchParams.get("cursor") ?? undefined }),
      origin,
      items: page.items,
      nextUrl: page.nextCursor ? withQuery(`${pageUrl}.md`, { cursor: page.nextCursor }) : null,
      empty: `Todavía no hay restaurantes activos en ${label}.`,
    });
    return markdownResponse(request, body, { cacheControl: DIRECTORY_PAGE_CACHE });
  }

  const industria = params.industria ?? "";
  if (!isIndustry(industria)) return markdownNotFound(request, origin, "No tenemos una sección de negocios con ese nombre.");
  const query = industryQuerySchema.safeParse(searchParamsObject(url));
  if (!query.success) return badQuery(request, query.error.issues[0]!.message);
  const { provincia, cursor } = query.data;
  let page: ListingPage;
  try {
    page = await listBusinessesByIndustry(industria, { provincia, cursor });
  } catch (error) {
    console.error("[directorio] error al listar negocios (markdown):", error);
    return markdownResponse(request, LOAD_ERROR, { status: 503, cacheControl: DIRECTORY_PAGE_CACHE });
  }
  const label = industryLabel(industria);
  const pageUrl = `${origin}${industryPath(industria)}`;
  const where = provincia ? ` en ${provinceLabel(provincia)}` : " en Panamá";
  const body = listingMarkdown({
    title: `Negocios de ${label}${where}`,
    summary: `Negocios activos de ${label.toLowerCase()}${where} en el directorio Panama VIP IA: los más recientes primero.`,
    pageUrl: withQuery(pageUrl, { provincia, cursor: url.searchParams.get("cursor") ?? undefined }),
    origin,
    items: page.items,
    nextUrl: page.nextCursor ? withQuery(`${pageUrl}.md`, { provincia, cursor: page.nextCursor }) : null,
    empty: `Todavía no hay negocios activos de ${label.toLowerCase()}${where}.`,
  });
  return markdownResponse(request, body, { cacheControl: DIRECTORY_PAGE_CACHE });
}
