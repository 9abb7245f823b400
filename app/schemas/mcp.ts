/**
 * The MCP tools of /mcp: the arguments they advertise and check, and the answers they declare.
 *
 * Arguments are checked inside each tool (buscar with apiSearchParamsSchema, like the API), so that
 * a wrong one gets a Spanish tool error instead of the SDK's English validation text. Answers are
 * the API's contract (directory-answer.ts); the tools advertise them open to added fields
 * (mcp-tools.server.ts), so a field added later does not break a client that validates answers.
 */
import { z } from "./zod";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { catalogSchema, entrySchema, searchAnswerSchema } from "./directory-answer";
import { MAX_RADIUS_KM } from "~/lib/geo";
import { API_KINDS, API_LANGS, API_QUERY_MAX, CERCA_DE_MAX } from "./api-v1";

// ---- arguments

const IDIOMA_DESCRIPTION = "Idioma de las etiquetas y del texto de la respuesta: es o en. Answer language: en for English labels and text.";

const DETECTED = `${IDIOMA_DESCRIPTION} Si falta, el de las palabras. If missing, the words' language.`;
const SPANISH_BY_DEFAULT = `${IDIOMA_DESCRIPTION} Español si falta. Spanish if missing.`;

/** `idioma` as buscar advertises it (apiSearchParamsSchema checks it). */
const idiomaArg = z.enum(API_LANGS).optional().describe(DETECTED);

/** `idioma` of the other tools, checked here. */
const idiomaChecked = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    z.enum(API_LANGS, { error: "El parámetro idioma debe ser es (español) o en (inglés)." }),
  )
  .optional();

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
    .describe("Radio en km alrededor de cerca o cerca_de (5 por defecto, máximo 50). Radius in km."),
  cerca_de: z
    .string()
    .max(CERCA_DE_MAX)
    .optional()
    .describe(
      "Un pueblo o barrio por su nombre (p. ej. Boquete, Casco Viejo), en lugar de cerca: los más cercanos a él primero. A town or neighbourhood.",
    ),
  abierto_ahora: z.boolean().optional().describe("Solo los abiertos ahora (hora de Panamá). Only those open now."),
  idioma: idiomaArg,
});

/** Either spelling of a kind ('restaurante', 'restaurantes'): the plural the parameter takes. */
const KIND_WORDS: Record<string, (typeof API_KINDS)[number]> = Object.fromEntries(
  Object.values(LISTING_KINDS).flatMap((k) => [
    [k.singular, k.plural],
    [k.plural, k.plural],
  ]),
);

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
    idioma: idiomaChecked.describe(SPANISH_BY_DEFAULT),
  })
  .refine((v) => v.slug || v.id, { error: "Indica slug (y, si lo sabes, tipo) o id de una entrada." });

/** `search` (ChatGPT connectors): one query string. */
export const mcpQueryArgs = z.object({
  query: z
    .string({ error: "El parámetro query debe ser texto." })
    .max(API_QUERY_MAX, `El parámetro query admite como máximo ${API_QUERY_MAX} caracteres.`)
    .describe("Qué y dónde buscar en Panamá, en lenguaje natural. What to look for, in natural language."),
  idioma: idiomaChecked.describe(DETECTED),
});

/** `fetch` (ChatGPT connectors): one id from `search`. */
export const mcpIdArgs = z.object({
  id: z
    .string({ error: "El parámetro id debe ser texto." })
    .max(260, "El parámetro id no es válido.")
    .describe("Id de un resultado de search («restaurante/{slug}» o «negocio/{slug}»). Id from search."),
});

/** `listar_catalogo`: only the labels' language. */
export const mcpCatalogArgs = z.object({ idioma: idiomaChecked.describe(SPANISH_BY_DEFAULT) });

// ---- answers

/** The answers of buscar, detalle and listar_catalogo: the API's own contract (directory-answer.ts). */
export const mcpSearchAnswer = searchAnswerSchema;
export const mcpEntry = entrySchema;
export const mcpCatalog = catalogSchema;

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
