/**
 * The read API's request handling beside its routes: query-string reading with Spanish 400s, the
 * answer's language, and the four answers (search, entry, catalog, unknown path). The data comes
 * from directory.server.ts.
 */
import { kindOfPlural, LISTING_KINDS } from "~/catalog/listing-kinds";
import { API_LANGS, type ApiKind, type ApiLang, apiSearchParamsSchema, firstIssue } from "~/schemas/api-v1";
import { BadCursorError } from "../search/engine.server";
import { countMachineAnswer } from "../visibility/impressions.server";
import { directoryCatalog, directoryEntryShown, searchDirectoryShown } from "./directory.server";
import { apiAnswer, apiError, publicApi } from "./public-api.server";

export const SEARCH_PARAMS = [
  "q",
  "tipo",
  "provincia",
  "industria",
  "categoria",
  "cursor",
  "limite",
  "cerca",
  "cerca_de",
  "radio",
  "abierto_ahora",
  "idioma",
] as const;

/** At most this many ignored parameters are named back, each cut to IGNORED_NAME_MAX characters. */
const IGNORED_MAX = 20;
const IGNORED_NAME_MAX = 60;

/** The answer depends on Accept-Language: shared caches must keep one copy per value. */
const VARY = { vary: "Accept-Language" };

function badParameter(parametro: string, mensaje: string): Response {
  return apiError(400, { codigo: "parametro_invalido", parametro, mensaje });
}

/**
 * English when the client's first language is English (Accept-Language: en-US,en;q=0.9); otherwise
 * nothing, and the words decide (Spanish is the default).
 */
export function acceptLanguageLang(header: string | null): ApiLang | undefined {
  if (!header) return undefined;
  let best: { tag: string; q: number } | null = null;
  for (const part of header.slice(0, 1000).split(",")) {
    const [tag = "", ...params] = part.split(";").map((s) => s.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!tag || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag: tag.toLowerCase(), q };
  }
  return best && /^en(-|$)/.test(best.tag) ? "en" : undefined;
}

type ReadQuery = { values: Record<string, string>; ignored: string[] } | { refused: Response };

/**
 * The query string as one value per known parameter: an unknown one is ignored and named (assistants
 * add their own), a repeated known one or a NUL in a value is a 400 that names it.
 */
function readQuery(url: URL, known: readonly string[]): ReadQuery {
  const values: Record<string, string> = {};
  const ignored = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (!known.includes(name)) {
      if (ignored.size < IGNORED_MAX) ignored.add(name.slice(0, IGNORED_NAME_MAX));
      continue;
    }
    if (name in values) return { refused: badParameter(name, `El parámetro ${name} aparece más de una vez.`) };
    if (value.includes("\u0000")) return { refused: badParameter(name, `El parámetro ${name} contiene un carácter nulo (%00).`) };
    values[name] = value;
  }
  return { values, ignored: [...ignored] };
}

/** `idioma` of an entry or catalog request (es or en), else the client's Accept-Language, else Spanish. */
function langOf(request: Request, values: Record<string, string>): ApiLang | Response {
  const asked = values.idioma?.trim().toLowerCase();
  if (asked) {
    if (!(API_LANGS as readonly string[]).includes(asked))
      return badParameter("idioma", "El parámetro idioma debe ser es (español) o en (inglés).");
    return asked as ApiLang;
  }
  return acceptLanguageLang(request.headers.get("accept-language")) ?? "es";
}

/** GET /api/v1/buscar */
export function searchAnswer(request: Request, ip: string): Promise<Response> {
  return publicApi(ip, async (rate) => {
    const read = readQuery(new URL(request.url), SEARCH_PARAMS);
    if ("refused" in read) return read.refused;
    const parsed = apiSearchParamsSchema.safeParse(read.values);
    if (!parsed.success) {
      const { parametro, mensaje } = firstIssue(parsed.error);
      return badParameter(parametro, mensaje);
    }
    const lang = acceptLanguageLang(request.headers.get("accept-language"));
    try {
      const { answer, shown } = await searchDirectoryShown(parsed.data, { lang, ignored: read.ignored });
      countMachineAnswer("api", shown, request);
      return apiAnswer(request, answer, { rate, headers: VARY });
    } catch (error) {
      if (error instanceof BadCursorError) return badParameter("cursor", error.message);
      throw error;
    }
  });
}

const SLUG = /^[a-z0-9-]{1,200}$/;

/** GET /api/v1/restaurantes/{slug} and /api/v1/negocios/{slug} */
export function entryAnswer(request: Request, ip: string, kind: ApiKind, slug: string | undefined): Promise<Response> {
  return publicApi(ip, async (rate) => {
    const read = readQuery(new URL(request.url), ["idioma"]);
    if ("refused" in read) return read.refused;
    const lang = langOf(request, read.values);
    if (lang instanceof Response) return lang;
    const found = slug && SLUG.test(slug) ? await directoryEntryShown(kind, slug, lang) : null;
    if (!found) {
      const { singular } = LISTING_KINDS[kindOfPlural(kind)];
      return apiError(404, {
        codigo: "no_encontrado",
        mensaje: `No hay ningún ${singular} activo con el identificador «${(slug ?? "").slice(0, 80)}».`,
      });
    }
    countMachineAnswer("api", found.shown, request);
    return apiAnswer(request, found.entry, { rate, headers: VARY });
  });
}

/** GET /api/v1/catalogo */
export function catalogAnswer(request: Request, ip: string): Promise<Response> {
  return publicApi(ip, async (rate) => {
    const read = readQuery(new URL(request.url), ["idioma"]);
    if ("refused" in read) return read.refused;
    const lang = langOf(request, read.values);
    if (lang instanceof Response) return lang;
    return apiAnswer(request, directoryCatalog(lang), { rate, headers: VARY });
  });
}

/** Any other path under /api/v1. */
export function unknownPathAnswer(): Response {
  return apiError(404, {
    codigo: "ruta_desconocida",
    mensaje: "Esta ruta no existe en la API. Consulta /api/v1 (documentación) o /api/v1/openapi.json.",
  });
}
