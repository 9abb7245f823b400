/**
 * The read API's request handling beside its routes: query-string reading with Spanish 400s and the
 * four answers (search, entry, catalog, unknown path). The data comes from local-search.server.ts.
 */
import { apiSearchParamsSchema, firstIssue, type ApiKind } from "~/schemas/api-v1";
import { BadCursorError, directoryCatalog, directoryEntry, searchDirectory } from "./directory.server";
import { apiAnswer, apiError, publicApi } from "./public-api.server";

const SEARCH_PARAMS = ["q", "tipo", "provincia", "industria", "categoria", "cursor", "limite", "cerca", "radio", "abierto_ahora"] as const;

function badParameter(parametro: string, mensaje: string): Response {
  return apiError(400, { codigo: "parametro_invalido", parametro, mensaje });
}

/** GET /api/v1/buscar */
export function searchAnswer(request: Request, ip: string): Promise<Response> {
  return publicApi(ip, async (rate) => {
    const url = new URL(request.url);
    const raw: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      if (!(SEARCH_PARAMS as readonly string[]).includes(name)) {
        return badParameter(name, `Parámetro desconocido: ${name}. Los parámetros son ${SEARCH_PARAMS.join(", ")}.`);
      }
      if (name in raw) return badParameter(name, `El parámetro ${name} aparece más de una vez.`);
      raw[name] = value;
    }
    const parsed = apiSearchParamsSchema.safeParse(raw);
    if (!parsed.success) {
      const { parametro, mensaje } = firstIssue(parsed.error);
      return badParameter(parametro, mensaje);
    }
    try {
      return apiAnswer(request, await searchDirectory(parsed.data), { rate });
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
    const entry = slug && SLUG.test(slug) ? await directoryEntry(kind, slug) : null;
    if (!entry) {
      const what = kind === "restaurantes" ? "ningún restaurante activo" : "ningún negocio activo";
      return apiError(404, { codigo: "no_encontrado", mensaje: `No hay ${what} con el identificador «${(slug ?? "").slice(0, 80)}».` });
    }
    return apiAnswer(request, entry, { rate });
  });
}

/** GET /api/v1/catalogo */
export function catalogAnswer(request: Request, ip: string): Promise<Response> {
  return publicApi(ip, async (rate) => apiAnswer(request, directoryCatalog(), { rate }));
}

/** Any other path under /api/v1. */
export function unknownPathAnswer(): Response {
  return apiError(404, {
    codigo: "ruta_desconocida",
    mensaje: "Esta ruta no existe en la API. Consulta /api/v1 (documentación) o /api/v1/openapi.json.",
  });
}
