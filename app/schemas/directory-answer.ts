/**
 * The machine answers' contract, written once: what /api/v1 and the MCP tools answer about the
 * directory (a listing, an entry, a search, the catalog, an error). The TypeScript types are these
 * schemas' outputs, the MCP tools declare them as their output schemas, and the OpenAPI document's
 * component schemas are generated from them (ANSWER_COMPONENTS). Field names are Spanish, like the
 * site; descriptions are what the OpenAPI document and tools/list show.
 */
import { z } from "./zod";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { KIND_SINGULARS } from "~/catalog/listing-kinds";
import { PLAN_TYPE_SLUGS } from "~/catalog/plans";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { API_KINDS, API_PAGE_MAX } from "./api-v1";

/** The languages an answer's labels come in. */
export const ANSWER_LANGS = ["es", "en"] as const;
export type AnswerLang = (typeof ANSWER_LANGS)[number];

/** The component schemas of the OpenAPI document, by name. */
export const ANSWER_COMPONENTS = z.registry<{ id: string }>();

const kindOrNull = z.enum(API_KINDS).nullable();
const provinceOrNull = z.enum(PROVINCE_SLUGS).nullable();
const industryOrNull = z.enum(INDUSTRY_SLUGS).nullable();
const categoryOrNull = z.enum(RESTAURANT_CATEGORY_SLUGS).nullable();
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const labelledSchema = z
  .object({
    slug: z.string(),
    nombre: z.string().describe("En el idioma de la respuesta."),
  })
  .register(ANSWER_COMPONENTS, { id: "Etiqueta" });

export const listingSchema = z
  .object({
    id: z
      .string()
      .regex(/^(restaurante|negocio)\/[a-z0-9-]+$/)
      .describe("«restaurante/{slug}» o «negocio/{slug}»: para detalle o fetch."),
    tipo: z.enum(KIND_SINGULARS),
    slug: z.string(),
    nombre: z.string(),
    resumen: z.string().describe("Un párrafo corto (unos 240 caracteres), como lo escribió el negocio."),
    linea: z
      .string()
      .describe(
        "Una línea en el idioma de la respuesta hecha de datos estructurados: qué es, dónde, si abre ahora y a qué distancia (p. ej. «Marisquería en Bocas del Toro · abierto ahora · a 1,2 km»).",
      ),
    provincia: labelledSchema,
    categoria: labelledSchema.nullable().describe("Solo restaurantes."),
    industria: labelledSchema.nullable().describe("Solo negocios."),
    direccion: z.string(),
    telefono: z.string().nullable(),
    horario: z.string().nullable().describe("El horario como lo escribió el negocio."),
    especialidades: z.array(z.string()),
    calificacion: z.number().min(0).max(5).nullable(),
    verificado: z.boolean(),
    plan: z.enum(PLAN_TYPE_SLUGS),
    promocionado: z.boolean().describe("El plan de pago de la entrada la sube entre resultados igual de relevantes."),
    abierto: z
      .object({ estado: z.enum(["abierto", "cierra_pronto", "cerrado"]), texto: z.string() })
      .nullable()
      .describe("Abierto ahora, en hora de Panamá, según su horario semanal (texto en el idioma de la respuesta); null si no tiene."),
    distancia_km: z.number().min(0).nullable().describe("Km desde cerca o cerca_de, si la búsqueda lo tenía."),
    url: z.url().describe("Página canónica: cítala."),
    markdown_url: z.url(),
    api_url: z.url(),
  })
  .register(ANSWER_COMPONENTS, { id: "Resultado" });

export const entrySchema = listingSchema
  .extend({
    descripcion: z.string().nullable(),
    sitio_web: z.url().nullable(),
    redes: z.object({ facebook: z.url().nullable(), instagram: z.url().nullable() }),
    especial: z.object({ etiqueta: z.string(), valor: z.string() }).nullable().describe("Plato o servicio especial."),
    opiniones: z.string().nullable(),
    whatsapp_url: z.url().nullable().describe("wa.me con un mensaje en español ya escrito (al WhatsApp del negocio, o a su teléfono)."),
    mapa_url: z.url(),
    imagen: z.url().nullable(),
    coordenadas: z.object({ latitud: latitude, longitud: longitude }).nullable(),
    horario_semanal: z
      .array(
        z.object({
          dia: z.string(),
          cerrado: z.boolean(),
          rangos: z.array(z.object({ abre: z.string(), cierra: z.string() })),
        }),
      )
      .nullable()
      .describe("Horario semanal, del lunes al domingo, en hora de Panamá; un rango que cierra de madrugada cierra al día siguiente."),
    actualizado: z.iso.datetime().describe("Último cambio (ISO 8601)."),
    confirmado: z.iso
      .datetime()
      .nullable()
      .describe("Cuándo el negocio confirmó por última vez que su información está al día (ISO 8601); null si nunca."),
    cierres: z
      .array(
        z.object({
          dia: z.iso.date().describe("Día de Panamá (AAAA-MM-DD)."),
          motivo: z.string().nullable().describe("Por qué cierra: lo que dijo el negocio, o el nombre del feriado."),
        }),
      )
      .describe(
        "Días de los próximos 30 en que cierra además de su horario semanal: cierres del negocio y, si cierra los feriados, el próximo feriado nacional.",
      ),
    cierra_feriados: z.boolean().describe("Cierra los feriados nacionales de Panamá."),
  })
  .register(ANSWER_COMPONENTS, { id: "Entrada" });

const nearPoint = z.object({ latitud: latitude, longitud: longitude, radio_km: z.number().positive() });

export const searchAnswerSchema = z
  .object({
    consulta: z
      .object({
        q: z.string(),
        tipo: kindOrNull,
        provincia: provinceOrNull,
        industria: industryOrNull,
        categoria: categoryOrNull,
        cerca: nearPoint.nullable().describe("El punto del parámetro cerca, con el radio."),
        cerca_de: z.string().nullable().describe("El lugar del parámetro cerca_de, como se escribió."),
        abierto_ahora: z.boolean().describe("El parámetro abierto_ahora."),
        idioma: z.enum(ANSWER_LANGS).describe("El idioma de la respuesta: el pedido (idioma, Accept-Language) o el de las palabras."),
        interpretacion: z
          .object({
            provincia: provinceOrNull,
            industria: industryOrNull,
            categoria: categoryOrNull,
            tipo: kindOrNull,
            terminos: z.array(z.string()).describe("Palabras que contiene cada resultado."),
            usadas: z.array(z.string()).describe("Palabras escritas que dieron forma a la respuesta (filtros, términos, lugares)."),
            apartadas: z
              .array(z.string())
              .describe("Palabras escritas que se dejaron de lado: relleno y palabras que ninguna entrada tiene."),
            abierto_ahora: z.boolean().describe("Solo abiertos ahora, por el parámetro o por las palabras («abierto ahora», 'open now')."),
            cerca_de: z
              .object({ nombre: z.string().nullable(), latitud: latitude, longitud: longitude, radio_km: z.number().positive() })
              .nullable()
              .describe("El punto desde el que se ordena por distancia, con el nombre del lugar si vino de uno."),
            lugar_desconocido: z
              .string()
              .nullable()
              .describe("Un lugar pedido (cerca_de o «cerca de X») que no es un pueblo ni barrio conocido."),
          })
          .describe("Cómo se leyó el texto libre: filtros encontrados, palabras buscadas, usadas y apartadas."),
        ignorados: z.array(z.string()).describe("Parámetros desconocidos que se ignoraron."),
      })
      .describe("La pregunta tal como se recibió y cómo se leyó."),
    resultados: z.array(listingSchema).max(API_PAGE_MAX),
    siguiente_cursor: z.string().nullable().describe("Pásalo como cursor para la página siguiente; null si no hay más."),
    sugerencia: z
      .object({
        q: z.string(),
        motivo: z.string().describe("En el idioma de la respuesta."),
        url: z.url().describe("La misma búsqueda con el q sugerido."),
      })
      .nullable()
      .describe("En una respuesta vacía: la pregunta más cercana que sí tiene resultados, o null."),
    atribucion: z.string(),
  })
  .register(ANSWER_COMPONENTS, { id: "Busqueda" });

export const placeLabelledSchema = labelledSchema
  .extend({ url: z.url(), markdown_url: z.url() })
  .register(ANSWER_COMPONENTS, { id: "EtiquetaConPagina" });

export const catalogSchema = z
  .object({
    provincias: z.array(placeLabelledSchema),
    industrias: z.array(placeLabelledSchema),
    categorias: z.array(labelledSchema),
    planes: z.array(labelledSchema),
  })
  .register(ANSWER_COMPONENTS, { id: "Catalogo" });

export const errorBodySchema = z
  .object({
    error: z.object({
      codigo: z.string(),
      mensaje: z.string().describe("En español."),
      parametro: z.string().optional().describe("El parámetro que no es válido, en un 400."),
      solicitud: z.string().optional().describe("Referencia de un error interno, en un 500."),
    }),
  })
  .register(ANSWER_COMPONENTS, { id: "Error" });

export type ApiLabelled = z.output<typeof labelledSchema>;
export type ApiListing = z.output<typeof listingSchema>;
export type ApiEntry = z.output<typeof entrySchema>;
export type ApiSearchAnswer = z.output<typeof searchAnswerSchema>;
export type ApiCatalog = z.output<typeof catalogSchema>;
export type ApiErrorBody = z.output<typeof errorBodySchema>;
export type ApiError = ApiErrorBody["error"];
