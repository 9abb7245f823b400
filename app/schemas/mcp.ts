/**
 * The MCP tools of /mcp: the arguments they advertise and check, and the answers they declare.
 *
 * Arguments are checked inside each tool (buscar with apiSearchParamsSchema, like the API), so that
 * a wrong one gets a Spanish tool error instead of the SDK's English validation text. Answers
 * mirror the shapes of app/server/local-search.server.ts; they are loose objects so that a field
 * added there does not break clients that validate against the declared schema.
 */
import { z } from "./zod";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PLAN_TYPE_SLUGS } from "~/catalog/plans";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import type { ApiCatalog, ApiEntry, ApiListing, ApiSearchAnswer } from "~/server/machine/directory.server";
import { MAX_RADIUS_KM } from "~/lib/geo";
import { API_KINDS, API_QUERY_MAX } from "./api-v1";

// ---- arguments

/** What `buscar` advertises; apiSearchParamsSchema checks it (without limite: always 10 results). */
export const mcpSearchArgs = z.object({
  q: z
    .string()
    .max(API_QUERY_MAX)
    .describe("Texto libre: qué y dónde, p. ej. «ceviche en Bocas del Toro» o «abogado en David». Free text: what and where."),
  tipo: z.enum(API_KINDS).optional().describe("Solo restaurantes o solo negocios. Only restaurants or only businesses."),
  provincia: z.enum(PROVINCE_SLUGS).optional().describe("Slug de provincia (ver listar_catalogo). Province slug."),
  industria: z.enum(INDUSTRY_SLUGS).optional().describe("Slug de industria, solo negocios (ver listar_catalogo). Business industry slug."),
  categoria: z
    .enum(RESTAURANT_CATEGORY_SLUGS)
    .optional()
    .describe("Slug de categoría, solo restaurantes (ver listar_catalogo). Restaurant category slug."),
  cursor: z.string().max(300).optional().describe("siguiente_cursor de una respuesta anterior, para más resultados. Next page cursor."),
  cerca: z
    .string()
    .max(60)
    .optional()
    .describe("Ubicación del usuario «latitud,longitud» (p. ej. la que comparte por WhatsApp): los más cercanos primero. User's location."),
  radio: z
    .number()
    .min(0.1)
    .max(MAX_RADIUS_KM)
    .optional()
    .describe("Radio en km alrededor de cerca (5 por defecto, máximo 50). Radius in km."),
  abierto_ahora: z.boolean().optional().describe("Solo los abiertos ahora (hora de Panamá). Only those open now."),
});

const KIND_WORDS: Record<string, (typeof API_KINDS)[number]> = {
  restaurante: "restaurantes",
  restaurantes: "restaurantes",
  negocio: "negocios",
  negocios: "negocios",
};

const SLUG = /^[a-z0-9-]{1,200}$/;

/** `detalle`: {slug, tipo?} or {id}; tipo also accepts the singular that results carry in their tipo. */
export const mcpDetailArgs = z
  .object({
    slug: z
      .string({ error: "El parámetro slug debe ser texto." })
      .regex(SLUG, "El parámetro slug no es válido: usa el slug de un resultado de buscar.")
      .optional()
      .describe("Slug de la entrada (campo slug de un resultado). Entry slug."),
    tipo: z
      .preprocess(
        (v) => (typeof v === "string" ? (KIND_WORDS[v.trim().toLowerCase()] ?? v) : v),
        z.enum(API_KINDS, { error: "El parámetro tipo debe ser restaurantes o negocios." }),
      )
      .optional()
      .describe("restaurantes o negocios; si falta, se busca el slug en ambos. restaurantes or negocios."),
    id: z
      .string({ error: "El parámetro id debe ser texto." })
      .max(260, "El parámetro id no es válido.")
      .optional()
      .describe("Id de un resultado («restaurante/{slug}» o «negocio/{slug}»), en lugar de slug. Result id."),
  })
  .refine((v) => v.slug || v.id, { error: "Indica slug (y, si lo sabes, tipo) o id de una entrada." });

/** `search` (ChatGPT connectors): one query string. */
export const mcpQueryArgs = z.object({
  query: z
    .string({ error: "El parámetro query debe ser texto." })
    .max(API_QUERY_MAX, `El parámetro query admite como máximo ${API_QUERY_MAX} caracteres.`)
    .describe("Qué y dónde buscar en Panamá, en lenguaje natural. What to look for, in natural language."),
});

/** `fetch` (ChatGPT connectors): one id from `search`. */
export const mcpIdArgs = z.object({
  id: z
    .string({ error: "El parámetro id debe ser texto." })
    .max(260, "El parámetro id no es válido.")
    .describe("Id de un resultado de search («restaurante/{slug}» o «negocio/{slug}»). Id from search."),
});

export const mcpNoArgs = z.object({});

// ---- answers

const labelled = z.object({ slug: z.string(), nombre: z.string() });

const mcpListing = z.looseObject({
  id: z.string().describe("restaurante/{slug} o negocio/{slug}: para detalle o fetch."),
  tipo: z.enum(["restaurante", "negocio"]),
  slug: z.string(),
  nombre: z.string(),
  resumen: z.string(),
  provincia: labelled,
  categoria: labelled.nullable(),
  industria: labelled.nullable(),
  direccion: z.string(),
  telefono: z.string().nullable(),
  horario: z.string().nullable(),
  especialidades: z.array(z.string()),
  calificacion: z.number().nullable(),
  verificado: z.boolean(),
  plan: z.enum(PLAN_TYPE_SLUGS),
  promocionado: z.boolean().describe("Su plan de pago lo ordena antes que entradas igual de relevantes."),
  abierto: z
    .object({ estado: z.enum(["abierto", "cierra_pronto", "cerrado"]), texto: z.string() })
    .nullable()
    .describe("Abierto ahora (hora de Panamá) según su horario semanal; null si no tiene."),
  distancia_km: z.number().nullable().describe("Km desde cerca, si la búsqueda lo tenía."),
  url: z.string().describe("Página canónica: cítala."),
  markdown_url: z.string(),
  api_url: z.string(),
});

export const mcpEntry = mcpListing.extend({
  descripcion: z.string().nullable(),
  sitio_web: z.string().nullable(),
  redes: z.object({ facebook: z.string().nullable(), instagram: z.string().nullable() }),
  especial: z.object({ etiqueta: z.string(), valor: z.string() }).nullable(),
  opiniones: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  mapa_url: z.string(),
  imagen: z.string().nullable(),
  coordenadas: z.object({ latitud: z.number(), longitud: z.number() }).nullable(),
  horario_semanal: z
    .array(z.object({ dia: z.string(), cerrado: z.boolean(), rangos: z.array(z.object({ abre: z.string(), cierra: z.string() })) }))
    .nullable(),
  actualizado: z.string(),
});

const kindOrNull = z.enum(API_KINDS).nullable();

export const mcpSearchAnswer = z.looseObject({
  consulta: z.looseObject({
    q: z.string(),
    tipo: kindOrNull,
    provincia: z.string().nullable(),
    industria: z.string().nullable(),
    categoria: z.string().nullable(),
    cerca: z.object({ latitud: z.number(), longitud: z.number(), radio_km: z.number() }).nullable(),
    abierto_ahora: z.boolean(),
    interpretacion: z.looseObject({
      provincia: z.string().nullable(),
      industria: z.string().nullable(),
      categoria: z.string().nullable(),
      tipo: kindOrNull,
      terminos: z.array(z.string()),
    }),
  }),
  resultados: z.array(mcpListing),
  siguiente_cursor: z.string().nullable().describe("Pásalo como cursor para los 10 siguientes; null si no hay más."),
  sugerencia: z.object({ q: z.string(), motivo: z.string(), url: z.string() }).nullable(),
  atribucion: z.string(),
});

const place = labelled.extend({ url: z.string(), markdown_url: z.string() });

export const mcpCatalog = z.looseObject({
  provincias: z.array(place),
  industrias: z.array(place),
  categorias: z.array(labelled),
  planes: z.array(labelled),
});

/** The shapes ChatGPT's connectors and deep research expect from `search` and `fetch`. */
export const mcpSearchResults = z.object({
  results: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), url: z.string() })),
});

export const mcpFetchedDocument = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.string(),
  metadata: z.record(z.string(), z.string()),
});

// The declared answers must describe what local-search.server.ts returns.
const _shapes: [z.ZodType<ApiListing>, z.ZodType<ApiEntry>, z.ZodType<ApiSearchAnswer>, z.ZodType<ApiCatalog>] = [
  mcpListing,
  mcpEntry,
  mcpSearchAnswer,
  mcpCatalog,
];
void _shapes;
