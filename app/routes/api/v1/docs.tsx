/** /api/v1: the read API explained to the people who connect an assistant or a script to it. */
import type { ReactNode } from "react";
import type { Route } from "./+types/docs";
import { PageHero, Section } from "~/components/marketing/section";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";
import { API_PAGE_DEFAULT, API_PAGE_MAX, API_QUERY_MAX, CERCA_DE_MAX } from "~/schemas/api-v1";
import { getEnv } from "~/server/platform/env.server";

export const headers = publicPageHeaders;

export function loader() {
  const env = getEnv();
  return { origin: env.PUBLIC_URL, limit: env.API_RATE_LIMIT };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "API del directorio (Local AI Search)",
    description:
      "API JSON de solo lectura y servidor MCP con los restaurantes y negocios de Panamá: búsqueda en español o en inglés, fichas completas y enlaces para citar.",
    path: "/api/v1",
  });

const PARAMS: readonly [string, string][] = [
  [
    "q",
    `Texto libre en español o en inglés, hasta ${API_QUERY_MAX} caracteres: «marisquería en Bocas», «abogado David», «coffee shop in Boquete».`,
  ],
  ["tipo", "restaurantes o negocios."],
  ["provincia", "Slug de provincia (panama, chiriqui, bocas-del-toro…; ver /api/v1/catalogo)."],
  ["industria", "Slug de industria para negocios (abogados, salud…)."],
  ["categoria", "Slug de categoría para restaurantes (mariscos, cafeteria…)."],
  ["cursor", "El siguiente_cursor de la respuesta anterior, para la página siguiente."],
  ["limite", `Resultados por página: ${API_PAGE_DEFAULT} por defecto, como máximo ${API_PAGE_MAX}.`],
  [
    "cerca",
    "Un punto en Panamá, «latitud,longitud» (la ubicación que comparte el usuario): solo entradas con ubicación, la más cercana primero, con distancia_km.",
  ],
  [
    "cerca_de",
    `Un pueblo o barrio por su nombre, hasta ${CERCA_DE_MAX} caracteres («Boquete», «Casco Viejo»), en lugar de cerca: la más cercana a él primero.`,
  ],
  ["radio", "Kilómetros alrededor de cerca o cerca_de: 5 por defecto, como máximo 50."],
  [
    "abierto_ahora",
    "true: solo las entradas abiertas ahora, en hora de Panamá, según su horario semanal, sin las cerradas hoy por un cierre especial o por un feriado nacional en que cierran.",
  ],
  [
    "idioma",
    "es o en: el idioma de las etiquetas y de la línea de resumen. Sin él, decide Accept-Language (si el primer idioma es inglés) y luego las palabras.",
  ],
];

/** A part of the page, named by its heading for the outline and screen readers. */
function DocSection({ id, title, lang, children }: { id: string; title: string; lang?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} lang={lang}>
      <h2 id={id} className="text-2xl font-extrabold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Names in code type, each beside what it means: `cards` one box each, `columns` a two-column grid from sm up. */
function Terms({ items, layout }: { items: readonly [string, string][]; layout: "cards" | "columns" }) {
  const cards = layout === "cards";
  return (
    <dl className={cards ? "mt-4 space-y-3" : "mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[8rem_1fr]"}>
      {items.map(([term, text]) => (
        <div key={term} className={cards ? "rounded-card bg-white p-4 shadow-card" : "contents"}>
          <dt className="font-mono text-sm font-bold text-ocean-800">{term}</dt>
          <dd className={cards ? "mt-1 text-muted" : "text-muted"}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Code({ children }: { children: string }) {
  return <pre className="whitespace-pre-wrap break-all rounded-2xl bg-ocean-900 p-4 text-sm leading-6 text-ocean-50">{children}</pre>;
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { origin, limit } = loaderData;
  const endpoints: readonly [string, string][] = [
    ["GET /api/v1/buscar", "Busca restaurantes y negocios activos, por relevancia y luego por plan."],
    ["GET /api/v1/restaurantes/{slug}", "Un restaurante: todos sus datos públicos, su página, WhatsApp y mapa."],
    ["GET /api/v1/negocios/{slug}", "Un negocio, con los mismos campos."],
    ["GET /api/v1/catalogo", "Provincias, industrias, categorías y planes con sus nombres y páginas."],
    ["GET /api/v1/openapi.json", "La descripción OpenAPI 3.1 de todo lo anterior."],
  ];
  return (
    <>
      <PageHero
        eyebrow="Local AI Search"
        title="El directorio de Panamá para asistentes de IA"
        intro="Una API JSON de solo lectura y un servidor MCP con los restaurantes y negocios activos del directorio: sin clave, en español y con un enlace para citar cada resultado."
      />
      <Section spacing="compact">
        <div className="mx-auto max-w-3xl space-y-10">
          <DocSection id="api-endpoints" title="Rutas">
            <Terms items={endpoints} layout="cards" />
          </DocSection>

          <DocSection id="api-params" title="Parámetros de búsqueda">
            <Terms items={PARAMS} layout="columns" />
            <p className="mt-4 leading-7 text-muted">
              Las provincias y pueblos escritos en <code>q</code> («en Bocas», «Chitré», con o sin tilde) y las palabras de categoría o
              industria («mariscos», «dentista», «ferretería») funcionan como filtros; se tolera una errata. Entre resultados igual de
              relevantes, los planes Max Local y Starter Local van primero y se marcan con <code>promocionado: true</code>. Si no hay
              resultados, <code>sugerencia</code> propone una búsqueda cercana.
            </p>
            <p className="mt-4 leading-7 text-muted">
              Cada resultado trae <code>linea</code>, un resumen de una línea en el idioma de la respuesta («Marisquería en Bocas del Toro ·
              abierto ahora · a 1,2 km»); los textos de cada negocio no se traducen. <code>consulta.interpretacion</code> dice qué palabras
              se usaron y cuáles se apartaron. Los parámetros desconocidos se ignoran y se nombran en <code>consulta.ignorados</code>; un
              parámetro repetido es un error 400.
            </p>
          </DocSection>

          <DocSection id="api-examples" title="Ejemplos">
            <div className="mt-4 space-y-3">
              <Code>{`curl '${origin}/api/v1/buscar?q=mariscos%20en%20Bocas'`}</Code>
              <Code>{`curl '${origin}/api/v1/buscar?tipo=negocios&industria=abogados&provincia=chiriqui&limite=5'`}</Code>
              <Code>{`curl '${origin}/api/v1/buscar?q=marisquer%C3%ADa&cerca=8.9824,-79.5199&abierto_ahora=true'`}</Code>
              <Code>{`curl '${origin}/api/v1/buscar?q=coffee%20shop&cerca_de=Boquete&idioma=en'`}</Code>
              <Code>{`curl '${origin}/api/v1/catalogo'`}</Code>
            </div>
          </DocSection>

          <DocSection id="api-mcp" title="Servidor MCP">
            <p className="mt-4 leading-7 text-muted">
              Los asistentes compatibles con el Model Context Protocol pueden conectarse a <code>{`${origin}/mcp`}</code> (HTTP, sin sesión)
              y usar las herramientas <code>buscar</code>, <code>detalle</code>, <code>listar_catalogo</code>, y <code>search</code>/
              <code>fetch</code> para los conectores de ChatGPT. Cada resultado trae la página para citar y su versión en Markdown; con el
              argumento <code>idioma: "en"</code>, la respuesta y su texto vienen en inglés.
            </p>
          </DocSection>

          <DocSection id="api-limits" title="Límites y condiciones de uso">
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-muted">
              <li>
                {limit} solicitudes por minuto por IP, compartidas entre la API y MCP; al pasarlas, 429 con <code>Retry-After</code>.
              </li>
              <li>
                Cada respuesta lleva <code>ETag</code> (304 si no cambió) y CORS abierto para GET. Los errores dicen en español qué
                parámetro falló.
              </li>
              <li>
                Puedes citar y reutilizar los datos con atribución: enlaza la página de cada entrada (campo <code>url</code>).
              </li>
              <li>Solo aparecen entradas activas; una entrada desactivada desaparece de inmediato.</li>
            </ul>
          </DocSection>

          <DocSection id="api-english" lang="en" title="In English">
            <p className="mt-4 leading-7 text-muted">
              A read-only JSON API and an MCP server over the active restaurants and businesses of Panama&apos;s directory. No key needed;{" "}
              {limit} requests per minute per IP. Free-text search in Spanish or English understands provinces, towns, categories and
              professions, and ranks paid plans first among equally relevant results (marked <code>promocionado</code>). Add{" "}
              <code>idioma=en</code> (or send <code>Accept-Language: en</code>) for English labels and a one-line English summary per result
              (<code>linea</code>); <code>cerca_de</code> takes a town or neighbourhood name. Unknown parameters are ignored and listed in{" "}
              <code>consulta.ignorados</code>. Cite each result by linking its <code>url</code>. The full contract is in{" "}
              <a className="font-semibold text-ocean-700 underline" href="/api/v1/openapi.json">
                openapi.json
              </a>
              .
            </p>
          </DocSection>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
