/**
 * Parameters of the public read API (/api/v1) and of the MCP tools, which answer the same questions.
 * Spanish messages name the bad parameter; the API answers them with a 400, MCP with a tool error.
 */
import { z } from "./zod";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { KIND_PLURALS } from "~/catalog/listing-kinds";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { inPanama, MAX_RADIUS_KM, parseLatLng, type LatLng } from "~/lib/geo";

export const API_QUERY_MAX = 200;
export const API_PAGE_DEFAULT = 10;
export const API_PAGE_MAX = 25;
/** `cerca_de`: a town or neighbourhood by name. */
export const CERCA_DE_MAX = 80;
/** The languages an answer's labels come in (`idioma`). */
export const API_LANGS = ["es", "en"] as const;
export type ApiLang = (typeof API_LANGS)[number];

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Control characters become spaces (an assistant's line breaks), runs of them one. */
const withoutControls = (v: string) => v.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

const CERCA_FORMAT = "El parámetro cerca debe ser latitud,longitud (por ejemplo 8.9824,-79.5199).";
const CERCA_DE_FORMAT = `El parámetro cerca_de debe ser el nombre de un pueblo o barrio de Panamá, de hasta ${CERCA_DE_MAX} caracteres (por ejemplo Boquete).`;
const RADIO_RANGE = `El parámetro radio debe ser un número de kilómetros entre 0.1 y ${MAX_RADIUS_KM}.`;

/** `cerca=lat,lng`: a point in Panama. Shared by the API, MCP and the website's pages. */
export const cercaField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: CERCA_FORMAT })
    .max(60, CERCA_FORMAT)
    .transform((v, ctx): LatLng => {
      const point = parseLatLng(v);
      if (!point) {
        ctx.addIssue({ code: "custom", message: CERCA_FORMAT });
        return z.NEVER;
      }
      if (!inPanama(point.lat, point.lng)) {
        ctx.addIssue({ code: "custom", message: "El parámetro cerca debe ser un punto dentro de Panamá." });
        return z.NEVER;
      }
      return point;
    })
    .optional(),
);

/** `radio` in km around `cerca` or `cerca_de`: 5 by default, at most 50. */
export const radioField = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: RADIO_RANGE }).min(0.1, RADIO_RANGE).max(MAX_RADIUS_KM, RADIO_RANGE).optional(),
);

/** `abierto_ahora`: true/false (also 1/0, si/no) in a URL, a boolean from MCP. */
const abiertoAhoraField = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const t = v.trim().toLowerCase();
  if (t === "") return undefined;
  if (["true", "1", "si", "sí"].includes(t)) return true;
  if (["false", "0", "no"].includes(t)) return false;
  return v;
}, z.boolean({ error: "El parámetro abierto_ahora debe ser true o false." }).optional());

export const apiSearchParamsSchema = z
  .object({
    q: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z
        .string({ error: "El parámetro q debe ser texto." })
        .max(API_QUERY_MAX, `El parámetro q admite como máximo ${API_QUERY_MAX} caracteres.`)
        .transform(withoutControls),
    ),
    tipo: z.preprocess(blankToUndefined, z.enum(KIND_PLURALS, { error: "El parámetro tipo debe ser restaurantes o negocios." }).optional()),
    provincia: z.preprocess(
      blankToUndefined,
      z.enum(PROVINCE_SLUGS, { error: "El parámetro provincia no es una provincia conocida (consulta /api/v1/catalogo)." }).optional(),
    ),
    industria: z.preprocess(
      blankToUndefined,
      z.enum(INDUSTRY_SLUGS, { error: "El parámetro industria no es una industria conocida (consulta /api/v1/catalogo)." }).optional(),
    ),
    categoria: z.preprocess(
      blankToUndefined,
      z
        .enum(RESTAURANT_CATEGORY_SLUGS, { error: "El parámetro categoria no es una categoría conocida (consulta /api/v1/catalogo)." })
        .optional(),
    ),
    cursor: z.preprocess(
      blankToUndefined,
      z.string({ error: "El parámetro cursor no es válido." }).max(300, "El parámetro cursor no es válido.").optional(),
    ),
    limite: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `El parámetro limite debe ser un número entre 1 y ${API_PAGE_MAX}.` })
        .int(`El parámetro limite debe ser un número entero entre 1 y ${API_PAGE_MAX}.`)
        .min(1, `El parámetro limite debe ser un número entre 1 y ${API_PAGE_MAX}.`)
        .max(API_PAGE_MAX, `El parámetro limite debe ser un número entre 1 y ${API_PAGE_MAX}.`)
        .default(API_PAGE_DEFAULT),
    ),
    cerca: cercaField,
    cerca_de: z.preprocess(
      blankToUndefined,
      z
        .string({ error: CERCA_DE_FORMAT })
        .max(CERCA_DE_MAX, CERCA_DE_FORMAT)
        .transform((v) => withoutControls(v) || undefined)
        .optional(),
    ),
    radio: radioField,
    abierto_ahora: abiertoAhoraField,
    idioma: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : blankToUndefined(v)),
      z.enum(API_LANGS, { error: "El parámetro idioma debe ser es (español) o en (inglés)." }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.radio !== undefined && !v.cerca && !v.cerca_de) {
      ctx.addIssue({ code: "custom", path: ["radio"], message: "El parámetro radio solo se aplica junto con cerca o cerca_de." });
    }
    if (v.cerca && v.cerca_de) {
      ctx.addIssue({
        code: "custom",
        path: ["cerca_de"],
        message: "Usa cerca (un punto, latitud,longitud) o cerca_de (un pueblo o barrio), no ambos.",
      });
    }
    if (v.industria && v.categoria) {
      ctx.addIssue({ code: "custom", path: ["categoria"], message: "Usa industria (negocios) o categoria (restaurantes), no ambas." });
    }
    if (v.industria && v.tipo === "restaurantes") {
      ctx.addIssue({ code: "custom", path: ["industria"], message: "El parámetro industria solo se aplica a negocios." });
    }
    if (v.categoria && v.tipo === "negocios") {
      ctx.addIssue({ code: "custom", path: ["categoria"], message: "El parámetro categoria solo se aplica a restaurantes." });
    }
  });

export type ApiSearchParams = z.output<typeof apiSearchParamsSchema>;

/** The API's `tipo` of a search and the segment of an entry's URL: the kinds' plurals. */
export const API_KINDS = KIND_PLURALS;
export type ApiKind = (typeof API_KINDS)[number];

/** The first issue as "parametro: mensaje" material for a 400 or a tool error. */
export function firstIssue(error: z.ZodError): { parametro: string; mensaje: string } {
  const issue = error.issues[0];
  return { parametro: String(issue?.path[0] ?? "consulta"), mensaje: issue?.message ?? "Parámetros no válidos." };
}
