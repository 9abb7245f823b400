/**
 * Marketing copy constants and every price of the site: home pricing plans, services and sub-services,
 * the VIP package, additional services, Local AI plans, showcase clients, the FAQ and the response
 * promises. Pages read these; they never retype a price or a plan.
 */
import { LOCAL_PLAN_PRICES, PLAN_TYPES, PREMIUM_PRICE, type PlanType } from "./plans";
import { priceText, type Price } from "./price";
import { PREMIUM_PAGE_PATHS } from "./site";

export { priceText };

// ------------------------------------------------------------------ AI assistants
export const PREMIUM_PRICE_TEXT = priceText({ amount: PREMIUM_PRICE.amount, period: PREMIUM_PRICE.period });

export type Assistant = {
  slug: "amy" | "roger" | "yodda";
  name: string;
  path: string;
  role: string;
  description: string;
  premium: boolean;
  priceText: string;
  highlights: string[];
  image: string;
};

export const ASSISTANTS: Assistant[] = [
  {
    slug: "roger",
    name: "Roger",
    path: PREMIUM_PAGE_PATHS.roger,
    role: "Experto en la Ley 384 y en derecho de la construcción",
    description:
      "Roger es el experto en la Ley 384 y responde tus dudas de derecho de la construcción en Panamá: permisos, contratos de obra, responsabilidades y plazos, explicado en lenguaje claro.",
    premium: true,
    priceText: PREMIUM_PRICE_TEXT,
    highlights: ["Ley 384 explicada paso a paso", "Derecho de la construcción", "Disponible 24/7"],
    image: "/marketing/roger.svg",
  },
  {
    slug: "yodda",
    name: "Yodda & Sophia",
    path: "/ai-solutions/yodda",
    role: "Guía turística con IA",
    description:
      "Yodda es tu guía turística con inteligencia artificial: qué visitar, dónde comer y cómo moverte por las 10 provincias de Panamá. Gratis para todos.",
    premium: false,
    priceText: "Gratis",
    highlights: ["Rutas y lugares por provincia", "Restaurantes recomendados", "Gratis, sin registro"],
    image: "/marketing/yodda.svg",
  },
  {
    slug: "amy",
    name: "Amy",
    path: PREMIUM_PAGE_PATHS.amy,
    role: "Experta en emprendimiento",
    description:
      "Amy es la asistente legal para emprendedores: cómo formalizar tu negocio, avisos de operación, sociedades y obligaciones básicas en Panamá.",
    premium: true,
    priceText: PREMIUM_PRICE_TEXT,
    highlights: ["Trámites para emprender", "Derecho comercial básico", "Disponible 24/7"],
    image: "/marketing/amy.svg",
  },
];

/** Hero order on the home page: Amy, Roger, Yodda. */
export const HERO_ASSISTANTS = (["amy", "roger", "yodda"] as const).map((s) => ASSISTANTS.find((a) => a.slug === s)!);

// ------------------------------------------------------------------ home: three pillars
export type Pillar = { key: "storytelling" | "purpose" | "local"; title: string; description: string };
export const PILLARS: Pillar[] = [
  {
    key: "storytelling",
    title: "Storytelling Marketing",
    description: "Convertimos la historia de tu negocio en contenido que la gente recuerda, comparte y compra.",
  },
  {
    key: "purpose",
    title: "Marketing con Propósito",
    description: "Conectamos tu marca con las causas de tu comunidad para ganar confianza real y duradera.",
  },
  {
    key: "local",
    title: "Visibilidad Local",
    description: "Que te encuentren en Google, en los mapas y también cuando preguntan a un asistente de IA.",
  },
];

export const HUMAN_PLUS_AI = {
  title: "Personas + IA: lo mejor de los dos mundos",
  body: "La inteligencia artificial nos da velocidad y datos; nuestro equipo panameño pone criterio, cultura local y corazón. Cada pieza la revisa una persona que conoce tu mercado.",
  points: [
    { title: "Estrategia humana", text: "Un equipo que conoce Panamá define el mensaje y el tono de tu marca." },
    { title: "Ejecución con IA", text: "La IA acelera la investigación, la redacción y el análisis de resultados." },
    { title: "Resultados medibles", text: "Informes claros cada mes para saber qué funciona y qué ajustar." },
  ],
} as const;

// ------------------------------------------------------------------ home: showcase clients
export type ShowcaseClient = {
  name: string;
  description: string;
  website: string;
  industry: string;
  achievements: string[];
  owner: string;
  tagline: string;
  /** 'Powered by' tag, or a status tag, or a partnership tag. */
  poweredBy?: string;
  status?: string;
  partnership?: string;
};

/**
 * Fictional sample clients (no real people's data) with reserved `.example` domains until the
 * company supplies real, approved case studies (docs/decisions/011).
 */
export const SHOWCASE_CLIENTS: ShowcaseClient[] = [
  {
    name: "Fonda La Pollera",
    description: "Cocina tradicional panameña en el Casco Antiguo que duplicó sus reservas con historias de sus recetas familiares.",
    website: "https://fondalapollera.example",
    industry: "Restaurante",
    achievements: ["+120% reservas en 6 meses", "Recomendada por Yodda"],
    owner: "Familia Arosemena (ficticia)",
    tagline: "Sabor de abuela, desde 1987",
    poweredBy: "Panama VIP IA",
  },
  {
    name: "Constructora Istmo Verde",
    description: "Constructora de vivienda sostenible en Coclé que usa a Roger para responder dudas sobre la Ley 384 a sus clientes.",
    website: "https://istmoverde.example",
    industry: "Construcción",
    achievements: ["Asistente legal 24/7", "3x más consultas calificadas"],
    owner: "Ing. Marta Castillo (ficticia)",
    tagline: "Construimos con propósito",
    poweredBy: "Roger IA",
  },
  {
    name: "Bocas Eco Tours",
    description: "Operador de ecoturismo en Bocas del Toro con reservas por WhatsApp y un guía de IA en español e inglés.",
    website: "https://bocasecotours.example",
    industry: "Turismo",
    achievements: ["Atención en 2 idiomas", "Reservas directas por WhatsApp"],
    owner: "Luis Quintero (ficticio)",
    tagline: "El Caribe panameño, como local",
    status: "Lanzamiento 2027",
  },
  {
    name: "Clínica Sonrisa David",
    description: "Clínica dental en Chiriquí que aparece cuando los pacientes preguntan a los asistentes de IA por un dentista cercano.",
    website: "https://sonrisadavid.example",
    industry: "Salud",
    achievements: ["Primera en búsquedas locales", "+40 pacientes nuevos al mes"],
    owner: "Dra. Elena Pitty (ficticia)",
    tagline: "Tu sonrisa, nuestra historia",
    partnership: "Socio Local AI",
  },
];

// ------------------------------------------------------------------ home: pricing
export type PricingPlan = {
  name: string;
  title: string;
  price: Price;
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
};

export const HOME_PLANS: PricingPlan[] = [
  {
    name: "starter",
    title: "Starter",
    price: { amount: 299, from: true, period: "mes" },
    description: "Para negocios que empiezan a contar su historia en redes.",
    features: ["4 publicaciones por semana en redes sociales", "Perfil de Google optimizado", "Informe mensual de resultados"],
    cta: "Ver planes",
    popular: false,
  },
  {
    name: "professional",
    title: "Professional",
    price: { amount: 599, from: true, period: "mes" },
    description: "Storytelling, propósito y visibilidad local trabajando juntos.",
    features: ["Todo lo de Starter", "Contenido en video corto", "Campañas con propósito", "Local AI Search incluido"],
    cta: "Ver planes",
    popular: true,
  },
  {
    name: "vip-premium",
    title: "VIP Premium",
    price: { amount: 1299, from: true, period: "mes" },
    description: "Un equipo dedicado y asistentes de IA a la medida de tu marca.",
    features: ["Todo lo de Professional", "Estratega dedicado", "Asistente de IA personalizado", "Gestión de crisis"],
    cta: "Ver planes",
    popular: false,
  },
  {
    name: "enterprise",
    title: "Enterprise",
    price: { amount: null, label: "Personalizado" },
    description: "Para cadenas, franquicias e instituciones con varias sedes.",
    features: ["Estrategia multi-sede", "Integraciones a la medida", "Acuerdo de nivel de servicio"],
    cta: "Ver planes",
    popular: false,
  },
];

const VIP_MONTHLY_LIMIT = 5;
const MONEY_BACK_DAYS = 90;
export const COMPANIES_SERVED = 50;

export const PRICING_NOTES = {
  vipLimit: `Solo aceptamos ${VIP_MONTHLY_LIMIT} nuevos clientes VIP por mes`,
  moneyBack: `Garantía de devolución de tu dinero después de ${MONEY_BACK_DAYS} días si no ves resultados`,
  companies: `Más de ${COMPANIES_SERVED} empresas confían en nosotros`,
} as const;

// ------------------------------------------------------------------ services
const SERVICE_PRICE: Price = { amount: 300, from: true, period: "mes" };

export type Service = {
  key: Pillar["key"];
  title: string;
  description: string;
  price: Price;
  features: string[];
  subServices: { title: string; description: string }[];
};

export const SERVICES: Service[] = [
  {
    key: "storytelling",
    title: "Storytelling Marketing",
    description: "Historias reales de tu negocio convertidas en contenido que conecta y vende.",
    price: SERVICE_PRICE,
    features: ["Narrativa de marca", "Calendario de contenido", "Fotografía y video corto", "Textos con IA revisados por personas"],
    subServices: [
      { title: "Historia de marca", description: "Descubrimos y escribimos el relato que te hace único." },
      { title: "Contenido para redes", description: "Publicaciones, reels e historias con tu voz." },
      { title: "Video storytelling", description: "Piezas cortas que muestran a tu gente y tus productos." },
    ],
  },
  {
    key: "purpose",
    title: "Marketing con Propósito",
    description: "Campañas que unen tu marca con causas de tu comunidad y generan confianza.",
    price: SERVICE_PRICE,
    features: ["Definición de propósito", "Alianzas con la comunidad", "Campañas de impacto", "Medición de reputación"],
    subServices: [
      { title: "Propósito de marca", description: "Talleres para definir qué defiende tu negocio." },
      { title: "Campañas sociales", description: "Acciones con fundaciones y comunidades locales." },
      { title: "Comunicación responsable", description: "Mensajes honestos que cuidan tu reputación." },
    ],
  },
  {
    key: "local",
    title: "Visibilidad Local",
    description: "Que te encuentren en Google, en los mapas y en los asistentes de IA de Panamá.",
    price: SERVICE_PRICE,
    features: ["Perfil de Google optimizado", "Directorio Panama VIP IA", "Reseñas y reputación", "Local AI Search"],
    subServices: [
      { title: "SEO local", description: "Posiciona tu negocio en las búsquedas de tu zona." },
      { title: "Gestión de reseñas", description: "Respuestas a tiempo y más reseñas positivas." },
      { title: "Local AI Search", description: "Aparece cuando los clientes preguntan a nuestros asistentes de WhatsApp." },
    ],
  },
];

export const VIP_PACKAGE = {
  title: "Paquete VIP Completo",
  description: "Los tres servicios juntos, con un solo equipo y una sola estrategia.",
  price: { amount: 750, period: "mes" } satisfies Price,
  regular: { amount: 900, period: "mes" } satisfies Price,
  saving: { amount: 150 } satisfies Price,
  includes: [
    "Storytelling Marketing",
    "Marketing con Propósito",
    "Visibilidad Local",
    "Local AI Search Starter incluido",
    "Reunión mensual de estrategia",
  ],
} as const;

export const ADDITIONAL_SERVICES: { title: string; description: string; price: Price }[] = [
  {
    title: "Generación de contenido con IA",
    description: "Textos e imágenes generados con IA y revisados por nuestro equipo.",
    price: { amount: 200, period: "mes" },
  },
  {
    title: "Soporte multilingüe",
    description: "Tu contenido y atención en español, inglés y más idiomas.",
    price: { amount: 150, period: "mes" },
  },
  {
    title: "Gestión de crisis",
    description: "Respuesta rápida y plan de comunicación cuando algo sale mal.",
    price: { amount: 300, from: true, period: "mes" },
  },
  {
    title: "IA personalizada",
    description: "Un asistente entrenado con la información de tu negocio.",
    price: { amount: null, label: "Por cotización" },
  },
];

// ------------------------------------------------------------------ Local AI plans
export type LocalAiPlan = {
  slug: PlanType;
  title: string;
  description: string;
  yearly: Price;
  halfYear: Price | null;
  features: string[];
  popular: boolean;
};

const planTitle = (slug: PlanType) => PLAN_TYPES.find((p) => p.slug === slug)!.label;

export const LOCAL_AI_PLANS: LocalAiPlan[] = [
  {
    slug: "free_local",
    title: planTitle("free_local"),
    description: "Tu negocio en el directorio de Panama VIP IA, sin costo.",
    yearly: { amount: 0, label: "Gratis" },
    halfYear: null,
    features: ["Ficha en el directorio", "Dirección, teléfono y horario", "Enlace a Google Maps"],
    popular: false,
  },
  {
    slug: "starter_local",
    title: planTitle("starter_local"),
    description: "Aparece cuando los clientes preguntan a nuestros asistentes de WhatsApp.",
    yearly: { amount: LOCAL_PLAN_PRICES.starter_local.year, period: "año" },
    halfYear: { amount: LOCAL_PLAN_PRICES.starter_local.half_year, period: "6 meses" },
    features: [
      "Todo lo de Free Local",
      "Recomendado por los asistentes de IA",
      "Insignia de negocio verificado",
      "Especialidades destacadas",
    ],
    popular: true,
  },
  {
    slug: "max_local",
    title: planTitle("max_local"),
    description: "Máxima visibilidad: prioridad en las recomendaciones y en el directorio.",
    yearly: { amount: LOCAL_PLAN_PRICES.max_local.year, period: "año" },
    halfYear: { amount: LOCAL_PLAN_PRICES.max_local.half_year, period: "6 meses" },
    features: [
      "Todo lo de Starter Local",
      "Prioridad en las recomendaciones",
      "Plato o servicio especial destacado",
      "Informe trimestral de consultas",
    ],
    popular: false,
  },
];

export const LOCAL_AI_EXPLAINER = {
  title: "Local AI Search",
  body: "Cada vez más personas preguntan a un asistente de IA dónde comer, a quién contratar o qué visitar. Local AI Search hace que tu negocio aparezca cuando los clientes preguntan a nuestros dos asistentes de WhatsApp.",
} as const;

// ------------------------------------------------------------------ promises, contact, FAQ
export const PROMISES = {
  contactForm: "Te responderemos en menos de 24 horas",
  contactPageTypical: "Normalmente respondemos en 2-4 horas",
  contactPageMax: "Siempre en menos de 24 horas",
  homeCta: "Respuesta en 48h",
  consultation: "Consulta inicial gratuita",
  satisfaction: "Garantía de satisfacción 100%",
} as const;

export const OPENING_HOURS = [
  { days: "Lunes a viernes", hours: "8:00 AM - 6:00 PM" },
  { days: "Sábado y domingo", hours: "Con cita previa" },
] as const;

export const CONTACT_SUCCESS = { title: "¡Mensaje Enviado!", description: PROMISES.contactForm } as const;

/** `localAi`: also shown on /local-ai-pricing. */
export const FAQ: { q: string; a: string; localAi?: boolean }[] = [
  {
    q: "¿Cuánto tiempo tarda en verse resultados?",
    a: `La mayoría de nuestros clientes ve más consultas en las primeras 6 a 8 semanas. Si después de ${MONEY_BACK_DAYS} días no ves resultados, te devolvemos tu dinero.`,
  },
  {
    q: "¿Qué es Local AI Search?",
    a: "Es nuestro servicio para que tu negocio aparezca cuando los clientes preguntan a nuestros asistentes de IA por WhatsApp. Empieza gratis con Free Local.",
    localAi: true,
  },
  {
    q: "¿Trabajan con negocios fuera de la Ciudad de Panamá?",
    a: "Sí. Trabajamos con negocios de las 10 provincias; las reuniones pueden ser por videollamada o en persona.",
  },
  {
    q: "¿Necesito firmar un contrato largo?",
    a: "No. Los servicios mensuales se pueden cancelar con 30 días de aviso; los planes Local AI se pagan por 6 meses o por año.",
    localAi: true,
  },
  {
    q: "¿La primera consulta tiene costo?",
    a: "No, la consulta inicial es gratuita y sin compromiso. Reserva un espacio en nuestra agenda o escríbenos.",
  },
];

// ------------------------------------------------------------------ about
export const ABOUT = {
  mission:
    "Ayudar a los negocios panameños a contar su historia y a ser encontrados, combinando la cercanía de un equipo local con el alcance de la inteligencia artificial.",
  values: [
    { title: "Innovación", text: "Usamos la IA de forma práctica y responsable para que compitas con los grandes." },
    { title: "Comunidad", text: "Crecemos cuando crecen los negocios, las familias y los barrios de Panamá." },
    { title: "Autenticidad", text: "Historias verdaderas, sin exageraciones: la confianza se gana con honestidad." },
  ],
  stats: [
    { value: "5+", label: "años de experiencia" },
    { value: "100%", label: "enfoque en Panamá" },
    { value: `${COMPANIES_SERVED}+`, label: "empresas atendidas" },
  ],
} as const;

/** Public marketing pages for /sitemap.xml, with the date their copy last changed. */
export const MARKETING_CONTENT_UPDATED = "2026-11-21";
export const MARKETING_PAGES: { path: string; priority: number; changefreq: "daily" | "weekly" | "monthly" }[] = [
  { path: "/", priority: 1, changefreq: "daily" },
  { path: "/services", priority: 0.9, changefreq: "monthly" },
  { path: "/local-ai-pricing", priority: 0.9, changefreq: "monthly" },
  { path: "/ai-solutions", priority: 0.8, changefreq: "monthly" },
  { path: "/ai-solutions/amy", priority: 0.7, changefreq: "monthly" },
  { path: "/ai-solutions/roger", priority: 0.7, changefreq: "monthly" },
  { path: "/ai-solutions/yodda", priority: 0.7, changefreq: "monthly" },
  { path: "/about", priority: 0.6, changefreq: "monthly" },
  { path: "/contact", priority: 0.6, changefreq: "monthly" },
];

/** The home page's featured article when no article is published yet: a static sample. */
export const SAMPLE_ARTICLE = {
  slug: "gastronomia-panamena-10-platos-que-debes-probar",
  title: "Gastronomía panameña: 10 platos que debes probar",
  excerpt: "Del sancocho al arroz con guandú: un recorrido por los sabores que todo visitante (y todo panameño) debería conocer.",
  category: "Gastronomía",
  author: "Panama VIP IA",
} as const;
