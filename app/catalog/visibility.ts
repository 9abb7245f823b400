/**
 * What the directory counts of each entry being found (its own answers, first-hand): the channels an
 * entry appears through, the position bands, the actions a visitor takes, and the surfaces an AI
 * assistant or crawler reaches. The ids are stored; the labels and explanations are what owners read.
 */

export const VISIBILITY_CHANNELS = {
  api: { label: "API", explain: "Respuestas de la API pública a asistentes y aplicaciones." },
  mcp: { label: "Asistentes (MCP)", explain: "Respuestas a asistentes de IA conectados por MCP (Claude, ChatGPT y otros)." },
  buscar: { label: "Búsqueda del sitio", explain: "Resultados de la búsqueda de este sitio." },
  listado: { label: "Listados", explain: "Listados por provincia, categoría o industria de este sitio." },
  ficha: { label: "Visitas a la ficha", explain: "Personas que abrieron la página de tu negocio." },
} as const;
export type VisibilityChannel = keyof typeof VISIBILITY_CHANNELS;
export const VISIBILITY_CHANNEL_IDS = Object.keys(VISIBILITY_CHANNELS) as [VisibilityChannel, ...VisibilityChannel[]];

/** Where in an answer an entry appeared: 1 = first three, 2 = 4th to 10th, 3 = further down. */
export const POSITION_BANDS = {
  1: { label: "Puestos 1-3" },
  2: { label: "Puestos 4-10" },
  3: { label: "Puesto 11 o más" },
} as const;
export type PositionBand = keyof typeof POSITION_BANDS;
export const POSITION_BAND_IDS = [1, 2, 3] as const;

/** The band of a 1-based position. */
export function positionBand(position: number): PositionBand {
  return position <= 3 ? 1 : position <= 10 ? 2 : 3;
}

export const VISIBILITY_ACTIONS = {
  whatsapp: { label: "WhatsApp", explain: "Veces que alguien abrió WhatsApp para escribirte." },
  llamada: { label: "Llamadas", explain: "Veces que alguien pulsó tu teléfono para llamarte." },
  direcciones: { label: "Cómo llegar", explain: "Veces que alguien abrió el mapa para llegar a tu negocio." },
  sitio_web: { label: "Sitio web", explain: "Veces que alguien abrió tu sitio web desde el directorio." },
} as const;
export type VisibilityAction = keyof typeof VISIBILITY_ACTIONS;
export const VISIBILITY_ACTION_IDS = Object.keys(VISIBILITY_ACTIONS) as [VisibilityAction, ...VisibilityAction[]];

/** A visit that came from an AI assistant (a referral) or was an AI or search crawler's own. */
export const VISIT_TYPES = ["referral", "crawler"] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** What of the entry the visit reached: its page, its Markdown twin, or its API answer. */
export const VISIT_SURFACES = {
  pagina: { label: "Página" },
  markdown: { label: "Versión Markdown" },
  api: { label: "API" },
} as const;
export type VisitSurface = keyof typeof VISIT_SURFACES;
export const VISIT_SURFACE_IDS = Object.keys(VISIT_SURFACES) as [VisitSurface, ...VisitSurface[]];

/** An answer with fewer results than this "found little": the sales team's list of what is missing. */
export const FEW_RESULTS = 3;

/** Question-level rows (the finest the directory keeps) live this long; daily totals stay. */
export const QUESTION_RETENTION_DAYS = 90;
/** Daily totals are kept this long (a year and the month before, for the monthly comparison). */
export const TOTALS_RETENTION_DAYS = 400;

/** What each figure of the visibility views means, in the owner's words. */
export const VISIBILITY_FIGURES = {
  impressions: {
    label: "Apariciones",
    explain: "Veces que tu negocio salió en una respuesta del directorio: a un asistente de IA, en la búsqueda o en un listado.",
  },
  chart: { label: "Apariciones por día", explain: "Cada barra es un día; sus colores, los canales por los que apareciste." },
  bands: {
    label: "En qué puesto apareciste",
    explain: "Los primeros puestos de una respuesta son los que más se leen y los que un asistente suele recomendar.",
  },
  questions: {
    label: "Preguntas en las que apareciste",
    explain: "Lo que la gente o sus asistentes preguntaron (sin saber nunca quién) y tu puesto habitual en esa respuesta.",
  },
  position: { label: "Puesto habitual", explain: "El promedio de tus puestos en esa pregunta: 1 es el primero." },
  actions: {
    label: "Lo que hicieron después",
    explain: "Toques en los botones de tu ficha y de tus tarjetas, una vez por persona y hora.",
  },
  referrals: {
    label: "Visitas desde asistentes de IA",
    explain: "Personas que llegaron a tu ficha desde un enlace de ChatGPT, Perplexity, Claude u otro asistente.",
  },
  crawlers: {
    label: "Lecturas de robots de IA y buscadores",
    explain: "Veces que los robots de los asistentes y buscadores leyeron tu ficha para poder recomendarla.",
  },
  share: {
    label: "Tu parte de las apariciones",
    explain: "De todas las apariciones de los negocios de tu categoría en tu provincia, las que fueron tuyas.",
  },
} as const;

/** The assistants a referral comes from, by the id the counter stores. */
export const REFERRAL_SOURCES: Record<string, string> = {
  chatgpt: "ChatGPT",
  perplexity: "Perplexity",
  claude: "Claude",
  gemini: "Gemini",
  copilot: "Copilot",
};

/** A referral's or crawler's name as shown: the assistant's name, or the robot's own. */
export function visitSourceLabel(source: string): string {
  return REFERRAL_SOURCES[source] ?? source;
}
