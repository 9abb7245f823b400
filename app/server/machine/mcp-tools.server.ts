/**
 * The MCP server of Local AI Search: read-only tools over the directory, answered by the same
 * functions as the public API (local-search.server.ts), so an assistant gets the same entries, the
 * same ranking and the same citation URLs. A fresh server per request (mcp.server.ts).
 *
 * Each tool answers with structuredContent (its declared outputSchema) and a short text for clients
 * that read only text; buscar and detalle add a resource_link to each entry's Markdown twin. `search`
 * and `fetch` have the exact shapes ChatGPT's connectors and deep research require.
 */
import crypto from "node:crypto";
import { McpServer, type CallToolResult, type ResourceLink, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "~/schemas/zod";
import { apiSearchParamsSchema, firstIssue } from "~/schemas/api-v1";
import { formatKm } from "~/lib/format";
import {
  mcpCatalog,
  mcpDetailArgs,
  mcpEntry,
  mcpFetchedDocument,
  mcpIdArgs,
  mcpNoArgs,
  mcpQueryArgs,
  mcpSearchAnswer,
  mcpSearchArgs,
  mcpSearchResults,
} from "~/schemas/mcp";
import {
  ATTRIBUTION,
  BadCursorError,
  directoryCatalog,
  directoryEntry,
  directoryEntryById,
  searchDirectory,
  type ApiEntry,
  type ApiListing,
} from "./directory.server";

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
    console.error(`[mcp] ${tool} falló (ref ${ref}):`, error);
    return toolError(`No se pudo consultar el directorio en este momento (referencia ${ref}). Intenta de nuevo en unos minutos.`);
  }
}

function whatOf(item: ApiListing): string {
  return (item.categoria?.nombre ?? item.industria?.nombre ?? item.tipo).toLowerCase();
}

/** One short paragraph: name, what and where, the page to cite. */
function listingLine(item: ApiListing, n: number): string {
  const promoted = item.promocionado ? " (promocionado)" : "";
  const distance = item.distancia_km == null ? "" : ` A ${formatKm(item.distancia_km)}.`;
  const open = item.abierto ? ` ${item.abierto.texto}.` : "";
  return `${n}. ${item.nombre}${promoted}: ${whatOf(item)} en ${item.provincia.nombre}, ${item.direccion}.${distance}${open} ${item.url}`;
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
function entryText(e: ApiEntry): string {
  const lines = [`${e.nombre}: ${whatOf(e)} en ${e.provincia.nombre}.`, `Dirección: ${e.direccion}`];
  if (e.telefono) lines.push(`Teléfono: ${e.telefono}`);
  if (e.horario) lines.push(`Horario: ${e.horario}`);
  if (e.especialidades.length) lines.push(`Especialidades: ${e.especialidades.join(", ")}`);
  if (e.especial) lines.push(`${e.especial.etiqueta}: ${e.especial.valor}`);
  if (e.sitio_web) lines.push(`Sitio web: ${e.sitio_web}`);
  if (e.verificado) lines.push("Verificado por Panama VIP IA.");
  if (e.descripcion) lines.push("", e.descripcion.replace(/\s+/g, " ").trim());
  lines.push("", `Página: ${e.url}`);
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
  };
  return Object.fromEntries(Object.entries(fields).filter((f): f is [string, string] => f[1] !== null));
}

const NOT_FOUND = "No hay ninguna entrada activa con ese identificador en el directorio. Usa buscar para encontrarla.";

async function entryFor(args: z.output<typeof mcpDetailArgs>): Promise<ApiEntry | null | "ambiguous"> {
  if (args.id) return directoryEntryById(args.id);
  const slug = args.slug!;
  if (args.tipo) return directoryEntry(args.tipo, slug);
  // Without tipo a slug may name a restaurant, a business, or (rarely) one of each.
  const [restaurant, business] = await Promise.all([directoryEntry("restaurantes", slug), directoryEntry("negocios", slug)]);
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
  answer: (args: z.output<Args>) => Promise<CallToolResult>;
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
        outputSchema: tool.output,
        annotations: READ_ONLY,
      },
      (args) =>
        answering(tool.name, async () => {
          const parsed = tool.args.safeParse(args ?? {});
          if (!parsed.success) return invalid(parsed.error);
          return tool.answer(parsed.data);
        }),
    );
  };
}

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
      "Busca restaurantes y negocios activos de Panamá por texto libre (qué y dónde) y filtros opcionales; devuelve 10 resultados, los más relevantes primero, cada uno con la URL de su página para citar. Con la ubicación del usuario (cerca=lat,lng), los más cercanos primero; abierto_ahora deja solo los abiertos. Para más, repite con cursor.\nSearch Panamanian restaurants and businesses by free text and optional filters, near a point and open now (10 results per call).",
    args: buscarArgs,
    advertised: mcpSearchArgs,
    output: mcpSearchAnswer,
    answer: async (params) => {
      const found = await searchDirectory(params);
      const q = found.consulta.q;
      const lines = found.resultados.length
        ? [
            `${found.resultados.length === 1 ? "1 resultado" : `${found.resultados.length} resultados`}${q ? ` para «${q}»` : ""}, del más relevante al menos:`,
            ...found.resultados.map((item, i) => listingLine(item, i + 1)),
          ]
        : [
            `Sin resultados${q ? ` para «${q}»` : ""}.`,
            // A near-me answer without words suggests the same nothing farther away: its reason says so.
            ...(found.sugerencia
              ? [found.sugerencia.q ? `Prueba «${found.sugerencia.q}» (${found.sugerencia.motivo}).` : found.sugerencia.motivo]
              : []),
          ];
      if (found.siguiente_cursor) lines.push(`Hay más: llama a buscar con cursor «${found.siguiente_cursor}».`);
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
      "Ficha completa de un restaurante o negocio activo: descripción, dirección, teléfono, horario, sitio web, mapa y la URL de su página. Indica slug (y tipo si lo sabes) o el id de un resultado de buscar.\nFull details of one directory entry, by slug (and optional type) or by result id.",
    args: mcpDetailArgs,
    output: mcpEntry,
    answer: async (args) => {
      const entry = await entryFor(args);
      if (entry === "ambiguous") return toolError("Hay un restaurante y un negocio con ese slug: indica tipo (restaurantes o negocios).");
      if (!entry) return toolError(NOT_FOUND);
      return {
        structuredContent: entry,
        content: [{ type: "text", text: `${entryText(entry)}\n\n${ATTRIBUTION}` }, markdownLink(entry)],
      };
    },
  }),
  readOnlyTool({
    name: "listar_catalogo",
    title: "Catálogo de filtros",
    description:
      "Provincias, industrias (negocios), categorías (restaurantes) y planes del directorio, con sus slugs para los filtros de buscar y las URLs de sus páginas.\nThe filter values (provinces, industries, categories, plans) that buscar accepts.",
    args: mcpNoArgs,
    output: mcpCatalog,
    answer: async () => {
      const catalog = directoryCatalog();
      const list = (items: { slug: string; nombre: string }[]) => items.map((i) => `${i.slug} (${i.nombre})`).join(", ");
      const text = [
        `Provincias: ${list(catalog.provincias)}.`,
        `Industrias (negocios): ${list(catalog.industrias)}.`,
        `Categorías (restaurantes): ${list(catalog.categorias)}.`,
        `Planes: ${list(catalog.planes)}.`,
      ].join("\n\n");
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
    answer: async ({ query }) => {
      const found = await searchDirectory(apiSearchParamsSchema.parse({ q: query }));
      const results = found.resultados.map((item) => ({ id: item.id, title: item.nombre, text: item.resumen, url: item.url }));
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
      const entry = await directoryEntryById(id);
      if (!entry) return toolError(NOT_FOUND);
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
