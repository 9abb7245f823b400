/**
 * The MCP server of Local AI Search: read-only tools over the directory, answered by the same
 * functions as the public API (directory.server.ts), so an assistant gets the same entries, the
 * same ranking and the same citation URLs. A fresh server per request (mcp.server.ts).
 *
 * Each tool answers with structuredContent (its declared outputSchema) and a short text for clients
 * that read only text, in the answer's language; buscar and detalle add a resource_link to each
 * entry's Markdown twin. `search` and `fetch` have the exact shapes ChatGPT's connectors and deep
 * research require.
 */
import crypto from "node:crypto";
import { McpServer, type CallToolResult, type ResourceLink, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "~/schemas/zod";
import { apiSearchParamsSchema, firstIssue } from "~/schemas/api-v1";
import { formatKm } from "~/lib/format";
import {
  mcpCatalog,
  mcpCatalogArgs,
  mcpDetailArgs,
  mcpEntry,
  mcpFetchedDocument,
  mcpIdArgs,
  mcpQueryArgs,
  mcpSearchAnswer,
  mcpSearchArgs,
  mcpSearchResults,
} from "~/schemas/mcp";
import { BadCursorError } from "../search/engine.server";
import {
  ATTRIBUTION,
  ATTRIBUTIONS,
  directoryCatalog,
  directoryEntryByIdShown,
  directoryEntryShown,
  searchDirectoryShown,
  type AnswerLang,
  type ApiListing,
  type ApiEntry,
  type ShownApiEntry,
} from "./directory.server";
import { countMachineAnswer } from "../visibility/impressions.server";
import { log } from "../platform/logger.server";

const MCP_SERVER_NAME = "panama-vip-ia";
const MCP_SERVER_VERSION = "1.0.0";

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const INSTRUCTIONS = `Directorio de restaurantes y negocios de Panamá (Panama VIP IA). Usa buscar para encontrar lugares (texto libre con qué y dónde), detalle para una ficha completa y listar_catalogo para los valores de provincia, industria y categoría. ${ATTRIBUTION}
Panamanian restaurant and business directory: search with buscar, read one entry with detalle, list filter values with listar_catalogo. Cite each entry's url.`;

/**
 * Advertises `schema` in tools/list but lets any arguments through to the tool, which checks them
 * itself: the SDK's own check would answer in English ("Input validation error: …").
 */
function checkedByTheTool(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  return {
    "~standard": {
      version: 1,
      vendor: "panamavipia",
      validate: (value: unknown) => ({ value }),
      jsonSchema: schema["~standard"].jsonSchema,
    },
  };
}

/**
 * Declares `schema` as a tool's output: the SDK checks every answer with it, and tools/list shows it
 * open to added fields (no `additionalProperties: false`), so a client that validates answers against
 * an older list keeps accepting them when the contract gains a field.
 */
function openToAddedFields(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const open = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(open);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(key === "additionalProperties" && value === false))
        .map(([key, value]) => [key, open(value)]),
    );
  };
  const standard = schema["~standard"];
  return {
    "~standard": {
      version: 1,
      vendor: "panamavipia",
      validate: standard.validate,
      jsonSchema: {
        input: (options) => open(standard.jsonSchema.input(options)) as Record<string, unknown>,
        output: (options) => open(standard.jsonSchema.output(options)) as Record<string, unknown>,
      },
    },
  };
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

function invalid(error: z.ZodError): CallToolResult {
  const { parametro, mensaje } = firstIssue(error);
  const hint = ["provincia", "industria", "categoria"].includes(parametro) ? " Los valores válidos están en listar_catalogo." : "";
  return toolError(`${mensaje}${hint}`);
}

/** Known failures become their Spanish message; anything else is logged and answered generically. */
async function answering(tool: string, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BadCursorError) return toolError(error.message);
    const ref = crypto.randomUUID().slice(0, 8);
    log.error(`[mcp] ${tool} falló (ref ${ref})`, { err: error });
    return toolError(`No se pudo consultar el directorio en este momento (referencia ${ref}). Intenta de nuevo en unos minutos.`);
  }
}

/** The words of the text answers, in each language. */
const WORDS = {
  es: {
    kinds: { restaurante: "restaurante", negocio: "negocio" },
    in: "en",
    promoted: "promocionado",
    away: (km: string) => `A ${km}.`,
    found: (n: number, q: string) =>
      `${n === 1 ? "1 resultado" : `${n} resultados`}${q ? ` para «${q}»` : ""}, del más relevante al menos:`,
    none: (q: string) => `Sin resultados${q ? ` para «${q}»` : ""}.`,
    tryInstead: (q: string, why: string) => `Prueba «${q}» (${why}).`,
    more: (cursor: string) => `Hay más: llama a buscar con cursor «${cursor}».`,
    setAside: (words: string) => `Palabras apartadas: ${words}.`,
    unknownPlace: (place: string) => `No conozco el lugar «${place}»: prueba con un pueblo o barrio cercano.`,
    address: "Dirección",
    phone: "Teléfono",
    hours: "Horario",
    week: "Horario semanal",
    closed: "cerrado",
    confirmed: "Información confirmada por el negocio",
    closures: "Cierra",
    specialties: "Especialidades",
    website: "Sitio web",
    verified: "Verificado por Panama VIP IA.",
    page: "Página",
  },
  en: {
    kinds: { restaurante: "restaurant", negocio: "business" },
    in: "in",
    promoted: "promoted",
    away: (km: string) => `${km} away.`,
    found: (n: number, q: string) => `${n === 1 ? "1 result" : `${n} results`}${q ? ` for «${q}»` : ""}, most relevant first:`,
    none: (q: string) => `No results${q ? ` for «${q}»` : ""}.`,
    tryInstead: (q: string, why: string) => `Try «${q}» (${why}).`,
    more: (cursor: string) => `There are more: call buscar with cursor «${cursor}».`,
    setAside: (words: string) => `Words set aside: ${words}.`,
    unknownPlace: (place: string) => `Unknown place «${place}»: try a nearby town or neighbourhood.`,
    address: "Address",
    phone: "Phone",
    hours: "Hours",
    week: "Weekly hours",
    closed: "closed",
    confirmed: "Information confirmed by the business",
    closures: "Closed on",
    specialties: "Specialties",
    website: "Website",
    verified: "Verified by Panama VIP IA.",
    page: "Page",
  },
} as const;

function whatOf(item: ApiListing, lang: AnswerLang): string {
  return (item.categoria?.nombre ?? item.industria?.nombre ?? WORDS[lang].kinds[item.tipo]).toLowerCase();
}

/** '1,2 km' in Spanish, '1.2 km' in English. */
function km(value: number, lang: AnswerLang): string {
  return lang === "en" ? `${value.toFixed(1)} km` : formatKm(value);
}

/** One short paragraph: name, what and where, distance and open state, the page to cite. */
function listingLine(item: ApiListing, n: number, lang: AnswerLang): string {
  const w = WORDS[lang];
  const promoted = item.promocionado ? ` (${w.promoted})` : "";
  const distance = item.distancia_km == null ? "" : ` ${w.away(km(item.distancia_km, lang))}`;
  const open = item.abierto ? ` ${item.abierto.texto}.` : "";
  return `${n}. ${item.nombre}${promoted}: ${whatOf(item, lang)} ${w.in} ${item.provincia.nombre}, ${item.direccion}.${distance}${open} ${item.url}`;
}

function markdownLink(item: ApiListing): ResourceLink {
  return {
    type: "resource_link",
    uri: item.markdown_url,
    name: item.id,
    title: item.nombre,
    description: item.resumen,
    mimeType: "text/markdown",
  };
}

/** An entry as plain text: the detalle text and the fetch document. */
function entryText(e: ApiEntry, lang: AnswerLang = "es"): string {
  const w = WORDS[lang];
  const lines = [`${e.nombre}: ${whatOf(e, lang)} ${w.in} ${e.provincia.nombre}.`, `${w.address}: ${e.direccion}`];
  if (e.telefono) lines.push(`${w.phone}: ${e.telefono}`);
  if (e.horario) lines.push(`${w.hours}: ${e.horario}`);
  if (e.horario_semanal) {
    const days = e.horario_semanal.map(
      (d) => `${d.dia} ${d.cerrado || !d.rangos.length ? w.closed : d.rangos.map((r) => `${r.abre}-${r.cierra}`).join(", ")}`,
    );
    lines.push(`${w.week}: ${days.join("; ")}`);
  }
  if (e.especialidades.length) lines.push(`${w.specialties}: ${e.especialidades.join(", ")}`);
  if (e.especial) lines.push(`${e.especial.etiqueta}: ${e.especial.valor}`);
  if (e.sitio_web) lines.push(`${w.website}: ${e.sitio_web}`);
  if (e.verificado) lines.push(w.verified);
  if (e.confirmado) lines.push(`${w.confirmed}: ${e.confirmado.slice(0, 10)}`);
  if (e.cierres.length) lines.push(`${w.closures}: ${e.cierres.map((c) => (c.motivo ? `${c.dia} (${c.motivo})` : c.dia)).join("; ")}`);
  if (e.descripcion) lines.push("", e.descripcion.replace(/\s+/g, " ").trim());
  lines.push("", `${w.page}: ${e.url}`);
  return lines.join("\n");
}

function fetchMetadata(e: ApiEntry): Record<string, string> {
  const fields: Record<string, string | null> = {
    tipo: e.tipo,
    provincia: e.provincia.nombre,
    categoria: e.categoria?.nombre ?? null,
    industria: e.industria?.nombre ?? null,
    direccion: e.direccion,
    telefono: e.telefono,
    horario: e.horario,
    sitio_web: e.sitio_web,
    calificacion: e.calificacion === null ? null : String(e.calificacion),
    verificado: e.verificado ? "sí" : "no",
    promocionado: e.promocionado ? "sí" : "no",
    markdown_url: e.markdown_url,
    actualizado: e.actualizado,
    confirmado: e.confirmado,
  };
  return Object.fromEntries(Object.entries(fields).filter((f): f is [string, string] => f[1] !== null));
}

const NOT_FOUND = "No hay ninguna entrada activa con ese identificador en el directorio. Usa buscar para encontrarla.";

async function entryFor(args: z.output<typeof mcpDetailArgs>): Promise<ShownApiEntry | null | "ambiguous"> {
  const lang = args.idioma ?? "es";
  if (args.id) return directoryEntryByIdShown(args.id, lang);
  const slug = args.slug!;
  if (args.tipo) return directoryEntryShown(args.tipo, slug, lang);
  // Without tipo a slug may name a restaurant, a business, or (rarely) one of each.
  const [restaurant, business] = await Promise.all([
    directoryEntryShown("restaurantes", slug, lang),
    directoryEntryShown("negocios", slug, lang),
  ]);
  if (restaurant && business) return "ambiguous";
  return restaurant ?? business;
}

/** One read-only tool of the directory, as the table below declares it. */
type DirectoryTool<Args extends z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** Checks the arguments inside the tool, so that a wrong one gets a Spanish tool error. */
  args: Args;
  /** What tools/list shows for the arguments, when that is not `args` itself. */
  advertised?: z.ZodType;
  output: z.ZodType;
  /** `raw`: the arguments as sent, for naming the ones the tool does not know. */
  answer: (args: z.output<Args>, raw: Record<string, unknown>) => Promise<CallToolResult>;
};

/** How a tool joins a server: advertised read-only, its arguments checked, its failures answered. */
function readOnlyTool<Args extends z.ZodType>(tool: DirectoryTool<Args>): (server: McpServer) => void {
  return (server) => {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: checkedByTheTool(tool.advertised ?? tool.args),
        outputSchema: openToAddedFields(tool.output),
        annotations: READ_ONLY,
      },
      (args) =>
        answering(tool.name, async () => {
          const raw = args && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
          const parsed = tool.args.safeParse(args ?? {});
          if (!parsed.success) return invalid(parsed.error);
          return tool.answer(parsed.data, raw);
        }),
    );
  };
}

const BUSCAR_ARGS = Object.keys(mcpSearchArgs.shape);

/** buscar's arguments are the API's, without limite: it always answers 10. */
const buscarArgs = z.preprocess((args) => {
  const { limite: _ignored, ...given } = args as Record<string, unknown>;
  return given;
}, apiSearchParamsSchema);

/** The tools, in the order tools/list shows them. */
const TOOLS = [
  readOnlyTool({
    name: "buscar",
    title: "Buscar en el directorio",
    description:
      "Busca restaurantes y negocios activos de Panamá por texto libre en español o en inglés (qué y dónde) y filtros opcionales; devuelve 10 resultados, los más relevantes primero, cada uno con la URL de su página para citar. Con la ubicación del usuario (cerca=lat,lng) o un pueblo o barrio (cerca_de), los más cercanos primero; abierto_ahora deja solo los abiertos; idioma=en responde en inglés. Para más, repite con cursor.\nSearch Panamanian restaurants and businesses by free text (Spanish or English) and optional filters, near a point or a place and open now (10 results per call; idioma=en for English).",
    args: buscarArgs,
    advertised: mcpSearchArgs,
    output: mcpSearchAnswer,
    answer: async (params, raw) => {
      const ignored = Object.keys(raw).filter((name) => !BUSCAR_ARGS.includes(name));
      const { answer: found, shown } = await searchDirectoryShown(params, { ignored });
      countMachineAnswer("mcp", shown);
      const lang = found.consulta.idioma;
      const w = WORDS[lang];
      const q = found.consulta.q;
      const lines = found.resultados.length
        ? [w.found(found.resultados.length, q), ...found.resultados.map((item, i) => listingLine(item, i + 1, lang))]
        : [
            w.none(q),
            // A near-me answer without words suggests the same nothing farther away: its reason says so.
            ...(found.sugerencia
              ? [found.sugerencia.q ? w.tryInstead(found.sugerencia.q, found.sugerencia.motivo) : found.sugerencia.motivo]
              : []),
          ];
      const reading = found.consulta.interpretacion;
      if (reading.apartadas.length) lines.push(w.setAside(reading.apartadas.join(", ")));
      if (reading.lugar_desconocido) lines.push(w.unknownPlace(reading.lugar_desconocido));
      if (found.siguiente_cursor) lines.push(w.more(found.siguiente_cursor));
      lines.push(found.atribucion);
      return {
        structuredContent: found,
        content: [{ type: "text", text: lines.join("\n\n") }, ...found.resultados.map(markdownLink)],
      };
    },
  }),
  readOnlyTool({
    name: "detalle",
    title: "Ficha de una entrada",
    description:
      "Ficha completa de un restaurante o negocio activo: descripción, dirección, teléfono, horario, sitio web, mapa y la URL de su página. Indica slug (y tipo si lo sabes) o el id de un resultado de buscar.\nFull details of one directory entry, by slug (and optional type) or by result id; idioma=en for English labels.",
    args: mcpDetailArgs,
    output: mcpEntry,
    answer: async (args) => {
      const found = await entryFor(args);
      if (found === "ambiguous") return toolError("Hay un restaurante y un negocio con ese slug: indica tipo (restaurantes o negocios).");
      if (!found) return toolError(NOT_FOUND);
      countMachineAnswer("mcp", found.shown);
      const { entry } = found;
      const lang = args.idioma ?? "es";
      return {
        structuredContent: entry,
        content: [{ type: "text", text: `${entryText(entry, lang)}\n\n${ATTRIBUTIONS[lang]}` }, markdownLink(entry)],
      };
    },
  }),
  readOnlyTool({
    name: "listar_catalogo",
    title: "Catálogo de filtros",
    description:
      "Provincias, industrias (negocios), categorías (restaurantes) y planes del directorio, con sus slugs para los filtros de buscar y las URLs de sus páginas.\nThe filter values (provinces, industries, categories, plans) that buscar accepts.",
    args: mcpCatalogArgs,
    output: mcpCatalog,
    answer: async ({ idioma }) => {
      const catalog = directoryCatalog(idioma ?? "es");
      const list = (items: { slug: string; nombre: string }[]) => items.map((i) => `${i.slug} (${i.nombre})`).join(", ");
      const headings =
        idioma === "en"
          ? ["Provinces", "Industries (businesses)", "Categories (restaurants)", "Plans"]
          : ["Provincias", "Industrias (negocios)", "Categorías (restaurantes)", "Planes"];
      const groups = [catalog.provincias, catalog.industrias, catalog.categorias, catalog.planes];
      const text = groups.map((items, i) => `${headings[i]}: ${list(items)}.`).join("\n\n");
      return { structuredContent: catalog, content: [{ type: "text", text }] };
    },
  }),
  readOnlyTool({
    name: "search",
    title: "Search (ChatGPT)",
    description:
      "Busca restaurantes y negocios de Panamá; devuelve hasta 10 resultados {id, title, text, url}. Usa fetch con un id para la ficha completa.\nSearch the Panamanian directory (ChatGPT connectors and deep research); use fetch for the full document.",
    args: mcpQueryArgs,
    output: mcpSearchResults,
    answer: async ({ query, idioma }) => {
      const { answer: found, shown } = await searchDirectoryShown(apiSearchParamsSchema.parse({ q: query, idioma }));
      countMachineAnswer("mcp", shown);
      // The text opens with the line in the answer's language (what, where, open now), then the entry's own words.
      const results = found.resultados.map((item) => ({
        id: item.id,
        title: item.nombre,
        text: `${item.linea}. ${item.resumen}`,
        url: item.url,
      }));
      // Exactly one text item holding the JSON, as ChatGPT's connectors read it.
      return { structuredContent: { results }, content: [{ type: "text", text: JSON.stringify({ results }) }] };
    },
  }),
  readOnlyTool({
    name: "fetch",
    title: "Fetch (ChatGPT)",
    description:
      "La ficha completa de un resultado de search, por su id: {id, title, text, url, metadata}.\nFetch the full document of a search result by id (ChatGPT connectors and deep research).",
    args: mcpIdArgs,
    output: mcpFetchedDocument,
    answer: async ({ id }) => {
      const found = await directoryEntryByIdShown(id);
      if (!found) return toolError(NOT_FOUND);
      countMachineAnswer("mcp", found.shown);
      const { entry } = found;
      const document = { id: entry.id, title: entry.nombre, text: entryText(entry), url: entry.url, metadata: fetchMetadata(entry) };
      return { structuredContent: document, content: [{ type: "text", text: JSON.stringify(document) }] };
    },
  }),
];

/** The server for one request. */
export function createDirectoryMcpServer(): McpServer {
  const server = new McpServer(
    {
      name: MCP_SERVER_NAME,
      title: "Panama VIP IA: Local AI Search",
      version: MCP_SERVER_VERSION,
      description: "Restaurantes y negocios de Panamá. Panamanian restaurants and businesses.",
    },
    { instructions: INSTRUCTIONS },
  );
  for (const register of TOOLS) register(server);
  return server;
}
