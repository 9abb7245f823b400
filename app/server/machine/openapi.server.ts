/**
 * The OpenAPI 3.1 description of /api/v1. Enumerations come from the catalog, limits from the
 * parameter schema, so the document cannot drift from what the API accepts; the contract tests
 * check every answer against the schemas below.
 */
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PLAN_TYPE_SLUGS } from "~/catalog/plans";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from "~/lib/geo";
import { API_PAGE_DEFAULT, API_PAGE_MAX, API_QUERY_MAX } from "~/schemas/api-v1";
import { getEnv } from "../env.server";

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });
/** An object with exactly these properties, every one of them present (null where the value allows). */
const closedObject = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  ...extra,
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
/** `schema`, or null. */
const orNull = (schema: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ ...extra, oneOf: [schema, { type: "null" }] });
const labelled = closedObject({ slug: { type: "string" }, nombre: { type: "string" } });

const listingProperties = {
  id: { type: "string", description: "«restaurante/{slug}» o «negocio/{slug}».", pattern: "^(restaurante|negocio)/[a-z0-9-]+$" },
  tipo: { type: "string", enum: ["restaurante", "negocio"] },
  slug: { type: "string" },
  nombre: { type: "string" },
  resumen: { type: "string", description: "Un párrafo corto." },
  provincia: { $ref: "#/components/schemas/Etiqueta" },
  categoria: orNull({ $ref: "#/components/schemas/Etiqueta" }),
  industria: orNull({ $ref: "#/components/schemas/Etiqueta" }),
  direccion: { type: "string" },
  telefono: nullable("string"),
  horario: nullable("string"),
  especialidades: { type: "array", items: { type: "string" } },
  calificacion: nullable("number", { minimum: 0, maximum: 5 }),
  verificado: { type: "boolean" },
  plan: { type: "string", enum: PLAN_TYPE_SLUGS },
  promocionado: { type: "boolean", description: "El plan de pago de la entrada la sube entre resultados igual de relevantes." },
  abierto: orNull(closedObject({ estado: { type: "string", enum: ["abierto", "cierra_pronto", "cerrado"] }, texto: { type: "string" } }), {
    description: "Abierto ahora, en hora de Panamá, según su horario semanal; null si no tiene.",
  }),
  distancia_km: nullable("number", { minimum: 0, description: "Km desde cerca, si la búsqueda lo tenía." }),
  url: { type: "string", format: "uri", description: "Página canónica: cítala." },
  markdown_url: { type: "string", format: "uri" },
  api_url: { type: "string", format: "uri" },
};

const json = (schema: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } });

const errorResponse = (description: string) => ({ description, content: json("Error") });

const cached = {
  ETag: { description: "Versión de la respuesta; envíala en If-None-Match para recibir 304.", schema: { type: "string" } },
  "Cache-Control": { schema: { type: "string" } },
};

/** A 200 with a cacheable body of the named component schema. */
const okResponse = (description: string, schema: string) => ({ description, headers: cached, content: json(schema) });

const commonErrors = {
  "304": { description: "Sin cambios desde la versión de If-None-Match.", headers: cached },
  "429": {
    ...errorResponse("Demasiadas solicitudes desde esta IP."),
    headers: { "Retry-After": { description: "Segundos hasta la próxima ventana.", schema: { type: "integer" } } },
  },
};

/** GET of one active entry (a restaurant or a business) by its slug. */
const entryOperation = (operationId: string, summary: string, found: string) => ({
  get: {
    operationId,
    summary,
    parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string" } }],
    responses: { "200": okResponse(found, "Entrada"), "404": errorResponse("No existe o no está activo."), ...commonErrors },
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
        "Restaurantes y negocios activos de Panamá, en español. Solo lectura, sin clave.",
        `Límite: ${limit} solicitudes por minuto por IP (429 con Retry-After). Respuestas con ETag y CORS abierto para GET.`,
        "Condiciones de uso: puedes citar y reutilizar los datos con atribución, enlazando la página de cada entrada (campo url).",
        "English: read-only JSON API of active restaurants and businesses in Panama. Cite each result with a link to its url.",
      ].join("\n\n"),
      contact: { name: "Panama VIP IA", url: `${origin}/contact` },
    },
    servers: [{ url: `${origin}/api/v1` }],
    externalDocs: { description: "Documentación para personas", url: `${origin}/api/v1` },
    paths: {
      "/buscar": {
        get: {
          operationId: "buscar",
          summary: "Buscar restaurantes y negocios",
          description:
            "Texto libre en español: provincias y pueblos ('en Bocas', 'David'), categorías e industrias ('mariscos', 'abogado') actúan como filtros; se tolera una errata. Ordenado por relevancia y, entre resultados igual de relevantes, por plan (max_local, starter_local, free_local).",
          parameters: [
            { name: "q", in: "query", schema: { type: "string", maxLength: API_QUERY_MAX }, example: "mariscos en Bocas" },
            { name: "tipo", in: "query", schema: { type: "string", enum: ["restaurantes", "negocios"] } },
            { name: "provincia", in: "query", schema: { type: "string", enum: PROVINCE_SLUGS } },
            { name: "industria", in: "query", schema: { type: "string", enum: INDUSTRY_SLUGS } },
            { name: "categoria", in: "query", schema: { type: "string", enum: RESTAURANT_CATEGORY_SLUGS } },
            { name: "cursor", in: "query", description: "siguiente_cursor de la respuesta anterior.", schema: { type: "string" } },
            {
              name: "limite",
              in: "query",
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
              name: "radio",
              in: "query",
              description: "Radio en km alrededor de cerca.",
              schema: { type: "number", minimum: 0.1, maximum: MAX_RADIUS_KM, default: DEFAULT_RADIUS_KM },
            },
            {
              name: "abierto_ahora",
              in: "query",
              description: "true: solo las entradas abiertas ahora (hora de Panamá) según su horario semanal.",
              schema: { type: "boolean" },
            },
          ],
          responses: {
            "200": okResponse("Resultados", "Busqueda"),
            "400": errorResponse("Parámetro no válido (el campo parametro lo nombra)."),
            ...commonErrors,
          },
        },
      },
      "/restaurantes/{slug}": entryOperation("restaurante", "Un restaurante activo", "El restaurante"),
      "/negocios/{slug}": entryOperation("negocio", "Un negocio activo", "El negocio"),
      "/catalogo": {
        get: {
          operationId: "catalogo",
          summary: "Provincias, industrias, categorías y planes",
          responses: {
            "200": okResponse("El catálogo", "Catalogo"),
            ...commonErrors,
          },
        },
      },
    },
    components: {
      schemas: {
        Etiqueta: labelled,
        Resultado: closedObject(listingProperties),
        Entrada: closedObject({
          ...listingProperties,
          descripcion: nullable("string"),
          sitio_web: nullable("string", { format: "uri" }),
          redes: closedObject({ facebook: nullable("string", { format: "uri" }), instagram: nullable("string", { format: "uri" }) }),
          especial: orNull(closedObject({ etiqueta: { type: "string" }, valor: { type: "string" } })),
          opiniones: nullable("string"),
          whatsapp_url: nullable("string", { format: "uri", description: "wa.me con un mensaje en español ya escrito." }),
          mapa_url: { type: "string", format: "uri" },
          imagen: nullable("string", { format: "uri" }),
          coordenadas: orNull(closedObject({ latitud: { type: "number" }, longitud: { type: "number" } })),
          horario_semanal: orNull(
            {
              type: "array",
              items: closedObject({
                dia: { type: "string" },
                cerrado: { type: "boolean" },
                rangos: { type: "array", items: closedObject({ abre: { type: "string" }, cierra: { type: "string" } }) },
              }),
            },
            {
              description:
                "Horario semanal, del lunes al domingo, en hora de Panamá; un rango que cierra de madrugada cierra al día siguiente.",
            },
          ),
          actualizado: { type: "string", format: "date-time", description: "Último cambio." },
        }),
        Busqueda: closedObject({
          consulta: closedObject({
            q: { type: "string" },
            tipo: nullable("string"),
            provincia: nullable("string"),
            industria: nullable("string"),
            categoria: nullable("string"),
            cerca: orNull(closedObject({ latitud: { type: "number" }, longitud: { type: "number" }, radio_km: { type: "number" } })),
            abierto_ahora: { type: "boolean" },
            interpretacion: closedObject(
              {
                provincia: nullable("string"),
                industria: nullable("string"),
                categoria: nullable("string"),
                tipo: nullable("string"),
                terminos: { type: "array", items: { type: "string" } },
              },
              { description: "Cómo se leyó el texto libre: filtros encontrados y palabras buscadas." },
            ),
          }),
          resultados: { type: "array", maxItems: API_PAGE_MAX, items: { $ref: "#/components/schemas/Resultado" } },
          siguiente_cursor: nullable("string"),
          sugerencia: orNull(closedObject({ q: { type: "string" }, motivo: { type: "string" }, url: { type: "string", format: "uri" } })),
          atribucion: { type: "string" },
        }),
        Catalogo: closedObject({
          provincias: { type: "array", items: { $ref: "#/components/schemas/EtiquetaConPagina" } },
          industrias: { type: "array", items: { $ref: "#/components/schemas/EtiquetaConPagina" } },
          categorias: { type: "array", items: { $ref: "#/components/schemas/Etiqueta" } },
          planes: { type: "array", items: { $ref: "#/components/schemas/Etiqueta" } },
        }),
        EtiquetaConPagina: closedObject({
          ...labelled.properties,
          url: { type: "string", format: "uri" },
          markdown_url: { type: "string", format: "uri" },
        }),
        Error: closedObject({
          // Not closedObject: parametro and solicitud appear only when they apply.
          error: {
            type: "object",
            required: ["codigo", "mensaje"],
            properties: {
              codigo: { type: "string" },
              mensaje: { type: "string", description: "En español." },
              parametro: { type: "string" },
              solicitud: { type: "string" },
            },
            additionalProperties: false,
          },
        }),
      },
    },
  };
}
