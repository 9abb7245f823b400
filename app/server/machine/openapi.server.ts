/**
 * The OpenAPI 3.1 description of /api/v1. The component schemas (what each answer is) are generated
 * from the answer's contract (app/schemas/directory-answer.ts), enumerations come from the catalog
 * and limits from the parameter schema, so the document cannot drift from what the API answers and
 * accepts; the contract tests check every answer against it, and redocly and spectral lint it.
 */
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from "~/lib/geo";
import { API_KINDS, API_LANGS, API_PAGE_DEFAULT, API_PAGE_MAX, API_QUERY_MAX, CERCA_DE_MAX } from "~/schemas/api-v1";
import { ANSWER_COMPONENTS } from "~/schemas/directory-answer";
import { z } from "~/schemas/zod";
import { getEnv } from "../platform/env.server";
import { singleton } from "../platform/singleton.server";

type JsonSchema = Record<string, unknown>;

/**
 * The answer schemas as OpenAPI components: JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what the
 * API sends (`io: "output"`), each referring to the others by `#/components/schemas/{name}`.
 */
function componentSchemas(): Record<string, JsonSchema> {
  return singleton("openapi-components", () => {
    const { schemas } = z.toJSONSchema(ANSWER_COMPONENTS, {
      target: "draft-2020-12",
      io: "output",
      uri: (id) => `#/components/schemas/${id}`,
    });
    // Each comes out as a document of its own; inside the OpenAPI document it is one schema among others.
    return Object.fromEntries(Object.entries(schemas).map(([name, { $schema: _s, $id: _i, ...schema }]) => [name, schema as JsonSchema]));
  });
}

const json = (schema: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } });

const errorResponse = (description: string) => ({ description, content: json("Error") });

const cached = {
  ETag: { description: "Versión de la respuesta; envíala en If-None-Match para recibir 304.", schema: { type: "string" } },
  "Cache-Control": { description: "Cacheable 30 s por cachés compartidas, revalidada siempre por el cliente.", schema: { type: "string" } },
  Vary: { description: "Accept-Language: la respuesta depende del idioma pedido.", schema: { type: "string" } },
};

/** A 200 with a cacheable body of the named component schema. */
const okResponse = (description: string, schema: string) => ({ description, headers: cached, content: json(schema) });

const commonResponses = {
  "304": { description: "Sin cambios desde la versión de If-None-Match.", headers: { ETag: cached.ETag } },
  "429": {
    ...errorResponse("Demasiadas solicitudes desde esta IP."),
    headers: { "Retry-After": { description: "Segundos hasta la próxima ventana.", schema: { type: "integer" } } },
  },
};

const idiomaParameter = {
  name: "idioma",
  in: "query",
  description:
    "Idioma de las etiquetas (categoría, industria, provincia, estado de apertura, linea): es o en. Sin él decide Accept-Language y, en buscar, las palabras. Los textos propios de cada negocio no se traducen.",
  schema: { type: "string", enum: [...API_LANGS] },
};

const acceptLanguageParameter = {
  name: "Accept-Language",
  in: "header",
  description: "Si el primer idioma es inglés (en, en-US…), las etiquetas vienen en inglés, salvo que idioma diga otra cosa.",
  schema: { type: "string" },
  example: "en-US,en;q=0.9",
};

const PLACES_TAG = "Directorio";

/** GET of one active entry (a restaurant or a business) by its slug. */
const entryOperation = (operationId: string, summary: string, found: string) => ({
  get: {
    operationId,
    tags: [PLACES_TAG],
    summary,
    description: `${found} con todos sus datos públicos: su página para citar, su gemelo Markdown, WhatsApp, mapa y horario semanal.`,
    parameters: [
      { name: "slug", in: "path", required: true, description: "El slug de un resultado de buscar.", schema: { type: "string" } },
      idiomaParameter,
      acceptLanguageParameter,
    ],
    responses: {
      "200": okResponse(found, "Entrada"),
      "400": errorResponse("Parámetro no válido (el campo parametro lo nombra)."),
      "404": errorResponse("No existe o no está activo."),
      ...commonResponses,
    },
  },
});

export function openApiDocument() {
  const origin = getEnv().PUBLIC_URL;
  const limit = getEnv().API_RATE_LIMIT;
  return {
    openapi: "3.1.0",
    info: {
      title: "Panama VIP IA: directorio local (API de lectura)",
      version: "1.0.0",
      description: [
        "Restaurantes y negocios activos de Panamá. Solo lectura, sin clave. Respuestas en español o en inglés (idioma, Accept-Language).",
        `Límite: ${limit} solicitudes por minuto por IP (429 con Retry-After). Respuestas con ETag y CORS abierto para GET.`,
        "Los parámetros desconocidos se ignoran (buscar los nombra en consulta.ignorados); uno conocido repetido es un 400.",
        "Condiciones de uso: puedes citar y reutilizar los datos con atribución, enlazando la página de cada entrada (campo url).",
        "English: read-only JSON API of active restaurants and businesses in Panama, in Spanish or English (idioma=en or Accept-Language). Cite each result with a link to its url.",
      ].join("\n\n"),
      contact: { name: "Panama VIP IA", url: `${origin}/contact` },
      license: { name: "Uso con atribución (condiciones de uso)", url: `${origin}/terminos` },
    },
    servers: [{ url: `${origin}/api/v1`, description: "Este sitio" }],
    // Open to everyone, without a key.
    security: [],
    tags: [{ name: PLACES_TAG, description: "Restaurantes y negocios activos de Panamá." }],
    externalDocs: { description: "Documentación para personas", url: `${origin}/api/v1` },
    paths: {
      "/buscar": {
        get: {
          operationId: "buscar",
          tags: [PLACES_TAG],
          summary: "Buscar restaurantes y negocios",
          description:
            "Texto libre en español o en inglés: provincias, pueblos y barrios ('en Bocas', 'David', 'near Boquete'), categorías e industrias ('mariscos', 'lawyer') actúan como filtros, «abierto ahora» / 'open now' deja solo los abiertos; se tolera una errata y se apartan las palabras de relleno. Ordenado por relevancia y, entre resultados igual de relevantes, por plan (max_local, starter_local, free_local).",
          parameters: [
            {
              name: "q",
              in: "query",
              description: "Qué y dónde, en lenguaje natural.",
              schema: { type: "string", maxLength: API_QUERY_MAX },
              example: "mariscos en Bocas",
            },
            {
              name: "tipo",
              in: "query",
              description: "Solo restaurantes o solo negocios.",
              schema: { type: "string", enum: [...API_KINDS] },
            },
            {
              name: "provincia",
              in: "query",
              description: "Slug de provincia (ver /catalogo).",
              schema: { type: "string", enum: PROVINCE_SLUGS },
            },
            {
              name: "industria",
              in: "query",
              description: "Slug de industria, solo negocios (ver /catalogo).",
              schema: { type: "string", enum: INDUSTRY_SLUGS },
            },
            {
              name: "categoria",
              in: "query",
              description: "Slug de categoría, solo restaurantes (ver /catalogo).",
              schema: { type: "string", enum: RESTAURANT_CATEGORY_SLUGS },
            },
            { name: "cursor", in: "query", description: "siguiente_cursor de la respuesta anterior.", schema: { type: "string" } },
            {
              name: "limite",
              in: "query",
              description: "Resultados por página.",
              schema: { type: "integer", minimum: 1, maximum: API_PAGE_MAX, default: API_PAGE_DEFAULT },
            },
            {
              name: "cerca",
              in: "query",
              description: "Un punto en Panamá, «latitud,longitud»: solo entradas con ubicación en el radio, la más cercana primero.",
              schema: { type: "string", pattern: "^-?\\d{1,3}(\\.\\d+)?,\\s*-?\\d{1,3}(\\.\\d+)?$" },
              example: "8.9824,-79.5199",
            },
            {
              name: "cerca_de",
              in: "query",
              description:
                "Un pueblo o barrio de Panamá por su nombre, en lugar de cerca: la más cercana a él primero. Si no se conoce, consulta.interpretacion.lugar_desconocido lo dice.",
              schema: { type: "string", maxLength: CERCA_DE_MAX },
              example: "Boquete",
            },
            {
              name: "radio",
              in: "query",
              description: "Radio en km alrededor de cerca o cerca_de.",
              schema: { type: "number", minimum: 0.1, maximum: MAX_RADIUS_KM, default: DEFAULT_RADIUS_KM },
            },
            {
              name: "abierto_ahora",
              in: "query",
              description:
                "true: solo las entradas abiertas ahora (hora de Panamá) según su horario semanal, sin las cerradas hoy por un cierre especial o por un feriado nacional en que cierran.",
              schema: { type: "boolean" },
            },
            idiomaParameter,
            acceptLanguageParameter,
          ],
          responses: {
            "200": okResponse("Resultados", "Busqueda"),
            "400": errorResponse("Parámetro no válido (el campo parametro lo nombra)."),
            ...commonResponses,
          },
        },
      },
      "/restaurantes/{slug}": entryOperation("restaurante", "Un restaurante activo", "El restaurante"),
      "/negocios/{slug}": entryOperation("negocio", "Un negocio activo", "El negocio"),
      "/catalogo": {
        get: {
          operationId: "catalogo",
          tags: [PLACES_TAG],
          summary: "Provincias, industrias, categorías y planes",
          description: "Los valores de los filtros de buscar (slugs) con sus nombres y las páginas de cada provincia e industria.",
          parameters: [idiomaParameter, acceptLanguageParameter],
          responses: {
            "200": okResponse("El catálogo", "Catalogo"),
            "400": errorResponse("Parámetro no válido (el campo parametro lo nombra)."),
            ...commonResponses,
          },
        },
      },
    },
    components: { schemas: componentSchemas() },
  };
}
