/**
 * The Markdown twins of the directory: one entry page, one province or industry listing, and /llms.txt.
 * Entries come as the public API's `ApiEntry`, so the twin and the JSON API say the same thing. Every
 * piece of listing data is escaped: a name like `*Oferta* [aquí](javascript:…)` stays text.
 */
import { segmentLabel } from "~/catalog/segments";
import { entryPath } from "~/lib/entry-path";
import crypto from "node:crypto";
import { INDUSTRIES, industryPath } from "~/catalog/industries";
import { kindOfSingular, LISTING_KINDS } from "~/catalog/listing-kinds";
import { planLabel } from "~/catalog/plans";
import { PROVINCES, provinceLabel, provincePath } from "~/catalog/provinces";
import type { ListingCard } from "~/schemas/directory";
import type { ApiEntry } from "../machine/directory.server";

const MARKDOWN_TYPE = "text/markdown; charset=utf-8";

/** Inline text: Markdown and HTML punctuation backslash-escaped, line breaks folded into spaces. */
export function escapeMarkdown(text: string | null | undefined): string {
  return (
    (text ?? "")
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[\\`*_[\]<>|~#]/g, "\\$&")
      // An entity such as &lt; would otherwise be decoded.
      .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
  );
}

/** Text that starts a line (a paragraph, a quote): also escapes what would open a list there. */
export function escapeMarkdownLine(text: string | null | undefined): string {
  return escapeMarkdown(text)
    .replace(/^([-+=])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/** Free text of several paragraphs: each paragraph escaped as a line of its own. */
function escapeMarkdownBlock(text: string | null | undefined): string {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map(escapeMarkdownLine)
    .filter(Boolean)
    .join("\n\n");
}

/** A URL inside `(...)` of a link: only http(s), with the characters that would end it encoded. */
function markdownUrl(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    return u.toString().replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  } catch {
    return null;
  }
}

function markdownLink(text: string, url: string): string {
  const href = markdownUrl(url);
  return href ? `[${escapeMarkdown(text)}](${href})` : escapeMarkdown(text);
}

/** A bare URL as an autolink (`<https://…>`), or nothing when it is not http(s). */
function autolink(url: string | null | undefined): string | null {
  const href = url ? markdownUrl(url) : null;
  return href ? `<${href}>` : null;
}

const when = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");

/** The weekly schedule on one line: «lunes 09:00-17:00; domingo cerrado». */
function weekLine(week: ApiEntry["horario_semanal"]): string | null {
  if (!week) return null;
  return week
    .map((d) => `${d.dia} ${d.cerrado || !d.rangos.length ? "cerrado" : d.rangos.map((r) => `${r.abre}-${r.cierra}`).join(", ")}`)
    .join("; ");
}

/** The twin of /restaurante/{slug} or /negocio/{slug}: every public field, and the URL to cite. */
export function entryMarkdown(e: ApiEntry): string {
  const kind = kindOfSingular(e.tipo);
  const restaurant = kind === "restaurant";
  const fields: [string, string | null][] = [
    ["Tipo", LISTING_KINDS[kind].label],
    restaurant
      ? ["Categoría", e.categoria ? escapeMarkdown(e.categoria.nombre) : null]
      : ["Industria", escapeMarkdown(e.industria?.nombre)],
    ["Provincia", escapeMarkdown(e.provincia.nombre)],
    ["Dirección", escapeMarkdown(e.direccion)],
    ["Teléfono", e.telefono ? escapeMarkdown(e.telefono) : null],
    ["Horario", e.horario ? escapeMarkdown(e.horario) : null],
    ["Horario semanal", weekLine(e.horario_semanal)],
    ["Especialidades", e.especialidades.length ? e.especialidades.map(escapeMarkdown).join(", ") : null],
    [e.especial?.etiqueta ?? (restaurant ? "Plato especial" : "Servicio especial"), e.especial ? escapeMarkdown(e.especial.valor) : null],
    // Null for imported entries: Google's terms keep their Google rating out of public data.
    ["Calificación", e.calificacion != null ? `${e.calificacion.toFixed(1)} de 5` : null],
    ["Verificado", e.verificado ? "Sí" : "No"],
    ["Plan", `${escapeMarkdown(planLabel(e.plan))}${e.promocionado ? " (promocionado)" : ""}`],
    ["Sitio web", autolink(e.sitio_web)],
    ["Facebook", autolink(e.redes.facebook)],
    ["Instagram", autolink(e.redes.instagram)],
    ["WhatsApp", e.whatsapp_url ? markdownLink("Escribir por WhatsApp", e.whatsapp_url) : null],
    ["Mapa", markdownLink("Cómo llegar (Google Maps)", e.mapa_url)],
    ["Imagen", autolink(e.imagen)],
    ["Actualizado", when(e.actualizado)],
    ["Información confirmada por el negocio", e.confirmado ? when(e.confirmado) : null],
    ["Cierra", e.cierres.length ? escapeMarkdown(e.cierres.map((c) => (c.motivo ? `${c.dia} (${c.motivo})` : c.dia)).join("; ")) : null],
    ["Feriados nacionales", e.cierra_feriados ? "Cierra" : null],
  ];
  const lines = [
    `# ${escapeMarkdown(e.nombre)}`,
    "",
    `> ${escapeMarkdownLine(e.resumen)}`,
    "",
    ...fields.filter(([, v]) => v).map(([k, v]) => `- **${k}:** ${v}`),
  ];
  const description = escapeMarkdownBlock(e.descripcion);
  // A short description is the summary already.
  if (description && description !== escapeMarkdownLine(e.resumen)) lines.push("", "## Descripción", "", description);
  const reviews = escapeMarkdownBlock(e.opiniones);
  if (reviews) lines.push("", "## Opiniones de clientes", "", reviews);
  lines.push(
    "",
    "## Cómo citar",
    "",
    `Cita esta ficha con el enlace a su página: ${autolink(e.url)}`,
    "",
    `- Página: ${autolink(e.url)}`,
    `- Markdown: ${autolink(e.markdown_url)}`,
    `- API (JSON): ${autolink(e.api_url)}`,
    "",
    "Fuente: directorio Panama VIP IA.",
    "",
  );
  return lines.join("\n");
}

/** One line about a listed entry: what it is, where, and its phone. */
function cardLine(card: ListingCard): string {
  const what = segmentLabel(card.kind, card.etiqueta);
  const province = provinceLabel(card.provincia);
  const where = card.direccion.includes(province) ? card.direccion : `${card.direccion}, ${province}`;
  const parts = [`${what} en ${where}`];
  if (card.telefono) parts.push(`Tel. ${card.telefono}`);
  if (card.horario) parts.push(`Horario: ${card.horario}`);
  if (card.is_verified) parts.push("Verificado");
  return escapeMarkdownLine(`${parts.join(". ")}.`);
}

export type ListingTwin = {
  title: string;
  summary: string;
  /** Absolute URL of the HTML listing this twin mirrors (with its filters). */
  pageUrl: string;
  origin: string;
  items: ListingCard[];
  /** Absolute URL of the next page's twin, when the listing has one. */
  nextUrl: string | null;
  empty: string;
};

/** The twin of a province or industry listing: its entries, each with its page and its twin. */
export function listingMarkdown(t: ListingTwin): string {
  const lines = [`# ${escapeMarkdown(t.title)}`, "", `> ${escapeMarkdownLine(t.summary)}`, "", `Página: ${autolink(t.pageUrl)}`, ""];
  if (!t.items.length) lines.push(escapeMarkdownLine(t.empty), "");
  for (const card of t.items) {
    const page = `${t.origin}${entryPath(card.kind, card.slug)}`;
    lines.push(`## ${escapeMarkdown(card.nombre)}`, "", cardLine(card), "", `- Página: ${autolink(page)}`);
    lines.push(`- Markdown: ${autolink(`${page}.md`)}`, "");
  }
  if (t.nextUrl) lines.push(`Siguiente página: ${autolink(t.nextUrl)}`, "");
  lines.push("Cita cada ficha con el enlace a su página. Fuente: directorio Panama VIP IA.", "");
  return lines.join("\n");
}

/** /llms.txt (llmstxt.org): what the site is, then link lists an assistant can follow. */
export function llmsTxt(origin: string): string {
  const item = (name: string, url: string, note: string) => `- ${markdownLink(name, url)}: ${note}`;
  // A listing page's Markdown twin, noted with the HTML page it mirrors.
  const twin = (name: string, path: string) => item(name, `${origin}${path}.md`, `versión en Markdown de la página ${origin}${path}`);
  return [
    "# Panama VIP IA",
    "",
    "> Directorio en español de restaurantes y negocios de Panamá (10 provincias, 10 industrias), con teléfono, horario, dirección, WhatsApp y mapa de cada ficha, y una API pública y un servidor MCP para asistentes de IA.",
    "",
    "Notas:",
    "",
    `- Cada ficha activa tiene su página (\`${origin}/restaurante/{slug}\`, \`${origin}/negocio/{slug}\`) y una versión en Markdown en la misma dirección terminada en \`.md\`; la página también responde en Markdown a \`Accept: text/markdown\`.`,
    "- Cita cada ficha con el enlace a su página (no al `.md`).",
    "- Solo aparecen fichas activas; una ficha desactivada deja de responder (404) al momento.",
    "- Entre resultados igual de relevantes, los planes de pago (Max Local, luego Starter Local) van primero y la API los marca como promocionados.",
    "",
    "## Restaurantes por provincia",
    "",
    ...PROVINCES.map((p) => twin(`Restaurantes en ${p.label}`, provincePath(p.slug))),
    "",
    "## Negocios por industria",
    "",
    ...INDUSTRIES.map((i) => twin(`Negocios de ${i.label}`, industryPath(i.slug))),
    "",
    "## API y MCP",
    "",
    item("API pública v1", `${origin}/api/v1`, "búsqueda del directorio, fichas y catálogo en JSON; documentación para personas"),
    item("OpenAPI 3.1", `${origin}/api/v1/openapi.json`, "descripción formal de la API v1"),
    item("Servidor MCP", `${origin}/mcp`, "Model Context Protocol (HTTP): herramientas de búsqueda y de ficha para asistentes"),
    "",
    "## Empresa",
    "",
    item("Inicio", `${origin}/`, "Panama VIP IA: marketing, visibilidad local y soluciones de IA en Panamá"),
    item(
      "Local AI Search: planes y precios",
      `${origin}/local-ai-pricing`,
      "cómo un negocio aparece en las respuestas de los asistentes de IA",
    ),
    item("Servicios", `${origin}/services`, "storytelling, marketing con propósito y visibilidad local"),
    item("Soluciones IA", `${origin}/ai-solutions`, "asistentes de IA: Yodda, Amy y Roger"),
    item("Sobre nosotros", `${origin}/about`, "quiénes somos"),
    item("Contacto", `${origin}/contact`, "escríbenos o agenda una reunión"),
    "",
    "## Optional",
    "",
    item("Buscar en el directorio", `${origin}/buscar`, "búsqueda por texto, sin acentos, en restaurantes y negocios"),
    item("Blog", `${origin}/blog`, "artículos sobre marketing, IA, gastronomía, turismo y negocios en Panamá"),
    item("Mapa del sitio", `${origin}/sitemap.xml`, "todas las páginas públicas con su fecha de cambio"),
    "",
  ].join("\n");
}

/** ETag of a text answer: its SHA-1, as the page cache computes it, so hits and misses agree. */
export function textEtag(body: string): string {
  return `"${crypto.createHash("sha1").update(body, "utf8").digest("base64url")}"`;
}

function notModified(request: Request, etag: string): boolean {
  const inm = request.headers.get("if-none-match");
  return Boolean(inm?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*"));
}

/**
 * A Markdown answer with the page's Cache-Control, `Vary: Accept` (the same page URL also answers
 * HTML), an ETag, and a 304 for a matching If-None-Match. Other statuses are never stored.
 */
export function markdownResponse(request: Request, body: string, init: { status?: number; cacheControl: string }): Response {
  const status = init.status ?? 200;
  const headers = new Headers({
    "Content-Type": MARKDOWN_TYPE,
    "Cache-Control": status === 200 ? init.cacheControl : "private, no-store",
    Vary: "Accept",
  });
  if (status !== 200) return new Response(body, { status, headers });
  const etag = textEtag(body);
  headers.set("ETag", etag);
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}

/** A permanent redirect of a twin (old slug), varying on Accept like the twin itself. */
export function markdownRedirect(location: string, cacheControl: string): Response {
  return new Response(null, { status: 301, headers: { Location: location, Vary: "Accept", "Cache-Control": cacheControl } });
}

/** A short Markdown 404 (unknown slug, inactive entry, unknown industry). */
export function markdownNotFound(request: Request, origin: string, what: string): Response {
  const body = `# No encontrado\n\n${escapeMarkdownLine(what)}\n\nBusca en el directorio: ${autolink(`${origin}/buscar`)}\n`;
  return markdownResponse(request, body, { status: 404, cacheControl: "private, no-store" });
}
