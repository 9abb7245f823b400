/**
 * The demo data set (DESIGN §3): fictional Panamanian restaurants and businesses in every province
 * and industry, and blog articles by two fictional authors. No real people's data.
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { PlanType } from "~/catalog/plans";
import type { ProvinceSlug } from "~/catalog/provinces";

export type DemoRestaurant = {
  nombre: string;
  descripcion: string;
  direccion: string;
  telefono: string;
  horario: string;
  rating: number | null;
  categoria: RestaurantCategory | null;
  provincia: ProvinceSlug;
  especialidades: string[];
  special_dish: string | null;
  customer_reviews: string | null;
  website_url: string | null;
  instagram_url: string | null;
  plan_type: PlanType;
  is_verified: boolean;
  is_active: boolean;
};

export type DemoBusiness = {
  nombre: string;
  descripcion: string;
  direccion: string;
  telefono: string;
  horario: string;
  rating: number | null;
  industria: IndustrySlug;
  provincia: ProvinceSlug;
  especialidades: string[];
  special_service: string | null;
  customer_reviews: string | null;
  website: string | null;
  plan_type: PlanType;
  is_verified: boolean;
  is_active: boolean;
};

type R = [nombre: string, categoria: RestaurantCategory, especialidades: string[], lugar: string, plato: string];

/** Per province: restaurant name, category, specialties, place, signature dish. */
const RESTAURANTS: Record<ProvinceSlug, R[]> = {
  panama: [
    [
      "Fonda La Tinaja Dorada",
      "comida-tradicional",
      ["Sancocho", "Arroz con pollo", "Tamales"],
      "Calle 50, Bella Vista, Ciudad de Panamá",
      "Sancocho de gallina",
    ],
    [
      "Marisquería El Cangrejo Azul",
      "mariscos",
      ["Ceviche", "Corvina", "Pulpo"],
      "Vía Argentina, El Cangrejo, Ciudad de Panamá",
      "Ceviche de corvina",
    ],
    [
      "Parrillada Los Próceres",
      "parrilla",
      ["Picaña", "Chorizo tableño", "Costillas"],
      "Costa del Este, Ciudad de Panamá",
      "Picaña a la brasa",
    ],
    [
      "Café Casco Antiguo 1673",
      "cafeteria",
      ["Café Geisha", "Hojaldras", "Repostería"],
      "Avenida A, Casco Antiguo, Ciudad de Panamá",
      "Café Geisha de Boquete",
    ],
    [
      "Bistró Canal & Co.",
      "internacional",
      ["Pasta fresca", "Risotto", "Vinos"],
      "Amador, Calzada de Amador, Ciudad de Panamá",
      "Risotto de hongos",
    ],
    [
      "Verde Raíz Cocina Vegetal",
      "vegetariano",
      ["Bowls", "Jugos naturales", "Veganos"],
      "San Francisco, Calle 74, Ciudad de Panamá",
      "Bowl de quinoa y plátano",
    ],
    [
      "Dulce Pollera Repostería",
      "postres",
      ["Cocadas", "Tres leches", "Bienmesabe"],
      "Obarrio, Calle 57, Ciudad de Panamá",
      "Tres leches de coco",
    ],
    [
      "Rápido Criollo Express",
      "comida-rapida",
      ["Carimañolas", "Patacones", "Empanadas"],
      "Vía España, Ciudad de Panamá",
      "Carimañolas de carne",
    ],
    ["Barra Azul Rooftop", "bar", ["Cócteles", "Seco Herrerano", "Tapas"], "Punta Pacífica, Ciudad de Panamá", "Chicheme sour"],
  ],
  "panama-oeste": [
    [
      "Fogón de Arraiján",
      "comida-tradicional",
      ["Arroz con guandú", "Sopa de pescado"],
      "Arraiján Cabecera, Panamá Oeste",
      "Arroz con guandú y coco",
    ],
    ["Mariscos Playa Coronado", "mariscos", ["Langostinos", "Pescado frito"], "Playa Coronado, Chame, Panamá Oeste", "Pargo rojo frito"],
    [
      "Asadero La Chorrera",
      "parrilla",
      ["Bollo chorrerano", "Carne asada"],
      "Calle Central, La Chorrera, Panamá Oeste",
      "Bollo con chorizo",
    ],
  ],
  chiriqui: [
    ["Café de Altura Boquete", "cafeteria", ["Café Geisha", "Postres de fresa"], "Bajo Boquete, Chiriquí", "Geisha lavado"],
    ["Trucha Fresca Cerro Punta", "mariscos", ["Trucha", "Vegetales de altura"], "Cerro Punta, Bugaba, Chiriquí", "Trucha al ajillo"],
    ["La Casona de David", "comida-tradicional", ["Gallina guisada", "Tortillas"], "Avenida Obaldía, David, Chiriquí", "Gallina guisada"],
  ],
  cocle: [
    [
      "Rancho El Valle de Antón",
      "comida-tradicional",
      ["Sopa de gallina", "Tortillas de maíz nuevo"],
      "El Valle de Antón, Coclé",
      "Sopa de gallina de patio",
    ],
    ["Playa Blanca Grill", "parrilla", ["Pescado a la parrilla", "Cortes"], "Playa Blanca, Río Hato, Coclé", "Corvina a la parrilla"],
  ],
  colon: [
    ["Sabor Caribe Portobelo", "mariscos", ["Arroz con coco", "Pescado con salsa de coco"], "Portobelo, Colón", "Pescado en salsa de coco"],
    ["Fonda Congo de Colón", "comida-tradicional", ["Saus", "Johnny cake"], "Avenida Bolívar, Colón", "Saus de patitas"],
  ],
  herrera: [
    ["Casa del Seco Parita", "bar", ["Seco Herrerano", "Chicheme"], "Parita, Herrera", "Chicheme tradicional"],
    ["Fonda Chitreana", "comida-tradicional", ["Bollo", "Queso blanco"], "Avenida Herrera, Chitré, Herrera", "Bollos de maíz nuevo"],
  ],
  "los-santos": [
    ["La Villa Gastronómica", "comida-tradicional", ["Tamales", "Tasajo"], "Plaza Simón Bolívar, La Villa de Los Santos", "Tasajo ahumado"],
    ["Pedasí Pesca y Sal", "mariscos", ["Atún fresco", "Langosta"], "Pedasí, Los Santos", "Tataki de atún"],
  ],
  veraguas: [
    ["Surf & Sabor Santa Catalina", "internacional", ["Tacos de pescado", "Burgers"], "Santa Catalina, Soná, Veraguas", "Tacos de wahoo"],
    [
      "Fonda Santiagueña",
      "comida-tradicional",
      ["Sancocho", "Bistec picado"],
      "Avenida Central, Santiago, Veraguas",
      "Bistec picado con arroz",
    ],
  ],
  "bocas-del-toro": [
    ["Coco Isla Bocas", "mariscos", ["Rundown", "Langosta caribeña"], "Isla Colón, Bocas del Toro", "Rundown de mariscos"],
    [
      "Cacao Verde Bastimentos",
      "vegetariano",
      ["Chocolate artesanal", "Bowls de fruta"],
      "Isla Bastimentos, Bocas del Toro",
      "Bowl de cacao",
    ],
  ],
  darien: [
    ["Fogón del Tuira", "comida-tradicional", ["Pescado de río", "Plátano asado"], "La Palma, Darién", "Guacho de pescado"],
    ["Parador Yaviza", "comida-rapida", ["Empanadas", "Jugos"], "Yaviza, Darién", "Empanada de queso"],
  ],
};

type B = [nombre: string, especialidades: string[], provincia: ProvinceSlug, lugar: string, descripcion: string];

const BUSINESSES: Record<IndustrySlug, B[]> = {
  construccion: [
    [
      "Constructora Istmo Sólido",
      ["Obra civil", "Remodelaciones", "Planos"],
      "panama",
      "Vía Israel, San Francisco, Ciudad de Panamá",
      "Construcción residencial y comercial con ingenieros idóneos.",
    ],
    [
      "Techos y Acabados Chiriquí",
      ["Techos", "Impermeabilización"],
      "chiriqui",
      "Vía Interamericana, David, Chiriquí",
      "Techos, impermeabilización y acabados para casas y locales.",
    ],
    [
      "Remodelaciones Casco Viejo",
      ["Restauración", "Fachadas coloniales"],
      "panama",
      "Calle 3a, Casco Antiguo, Ciudad de Panamá",
      "Restauración de edificios históricos respetando su arquitectura.",
    ],
    [
      "Ferretería y Obra Coclé",
      ["Materiales", "Herramientas"],
      "cocle",
      "Penonomé, Coclé",
      "Materiales de construcción con entrega en toda la provincia.",
    ],
    [
      "Ingeniería Canalera",
      ["Estructuras", "Inspecciones"],
      "panama-oeste",
      "Vista Alegre, Arraiján, Panamá Oeste",
      "Diseño estructural e inspección de obras.",
    ],
    [
      "Pisos y Porcelanatos del Este",
      ["Porcelanato", "Instalación"],
      "panama",
      "Vía Domingo Díaz, Ciudad de Panamá",
      "Venta e instalación de pisos de porcelanato.",
    ],
    ["Constructora Azuero", ["Casas de campo", "Galeras"], "herrera", "Chitré, Herrera", "Viviendas y galeras agrícolas en Azuero."],
    [
      "Eléctricos Certificados PTY",
      ["Instalaciones eléctricas", "Paneles solares"],
      "panama",
      "Juan Díaz, Ciudad de Panamá",
      "Instalaciones eléctricas certificadas y energía solar.",
    ],
    [
      "Pinturas Arcoíris",
      ["Pintura interior", "Pintura exterior"],
      "colon",
      "Colón 2000, Colón",
      "Pintura profesional para hogares y empresas.",
    ],
  ],
  belleza: [
    [
      "Salón Orquídea",
      ["Cortes", "Color", "Peinados"],
      "panama",
      "Marbella, Ciudad de Panamá",
      "Salón de belleza con estilistas certificados.",
    ],
    ["Spa Brisa de Boquete", ["Masajes", "Faciales"], "chiriqui", "Alto Boquete, Chiriquí", "Spa de montaña con tratamientos naturales."],
  ],
  tiendas: [
    [
      "Mercadito Artesanal Molas",
      ["Molas", "Artesanía guna"],
      "panama",
      "Avenida Balboa, Ciudad de Panamá",
      "Artesanía panameña hecha por comunidades originarias.",
    ],
    ["Sombreros Pintaos de Penonomé", ["Sombrero pintao", "Artesanía"], "cocle", "Penonomé, Coclé", "Sombreros pintaos tejidos a mano."],
  ],
  abogados: [
    [
      "Bufete Ley Istmeña",
      ["Derecho corporativo", "Sociedades anónimas"],
      "panama",
      "Torre Global, Calle 50, Ciudad de Panamá",
      "Asesoría legal para emprendedores y empresas.",
    ],
    [
      "Abogados de la Construcción Rivera",
      ["Ley 384", "Contratos de obra"],
      "panama-oeste",
      "La Chorrera, Panamá Oeste",
      "Especialistas en derecho de la construcción.",
    ],
  ],
  deportes: [
    [
      "Academia de Surf Venao",
      ["Clases de surf", "Alquiler de tablas"],
      "los-santos",
      "Playa Venao, Pedasí, Los Santos",
      "Clases de surf para todos los niveles.",
    ],
    ["Club de Remo Canal", ["Remo", "Kayak"], "panama", "Gamboa, Ciudad de Panamá", "Remo y kayak en el lago Gatún."],
  ],
  salud: [
    [
      "Clínica Familiar Santa Fe",
      ["Medicina general", "Pediatría"],
      "veraguas",
      "Santa Fe, Veraguas",
      "Atención médica familiar con cita el mismo día.",
    ],
    [
      "Odontología Sonrisa Istmo",
      ["Ortodoncia", "Blanqueamiento"],
      "panama",
      "El Dorado, Ciudad de Panamá",
      "Odontología integral para toda la familia.",
    ],
  ],
  educacion: [
    ["Instituto Bilingüe Colón", ["Inglés", "Tutorías"], "colon", "Sabanitas, Colón", "Clases de inglés y refuerzo escolar."],
    [
      "Academia de Programación Canal Code",
      ["Desarrollo web", "Python"],
      "panama",
      "Ciudad del Saber, Clayton",
      "Cursos prácticos de programación.",
    ],
  ],
  tecnologia: [
    [
      "Soluciones Digitales Darién",
      ["Internet satelital", "Soporte técnico"],
      "darien",
      "Metetí, Darién",
      "Conectividad y soporte técnico en zonas rurales.",
    ],
    [
      "Reparaciones TecnoPTY",
      ["Reparación de celulares", "Laptops"],
      "panama",
      "Los Pueblos, Ciudad de Panamá",
      "Reparación de equipos con garantía.",
    ],
  ],
  turismo: [
    [
      "Tours Bocas Aventura",
      ["Tours en lancha", "Snorkel"],
      "bocas-del-toro",
      "Isla Colón, Bocas del Toro",
      "Tours por el archipiélago y observación de delfines.",
    ],
    [
      "Expediciones Darién Verde",
      ["Ecoturismo", "Observación de aves"],
      "darien",
      "El Real, Darién",
      "Expediciones guiadas por la selva del Darién.",
    ],
  ],
  servicios: [
    ["Lavandería Express Herrera", ["Lavado", "Planchado"], "herrera", "Chitré, Herrera", "Lavandería con entrega a domicilio."],
    [
      "Contabilidad Clara",
      ["Contabilidad", "Declaraciones de renta"],
      "panama",
      "Paitilla, Ciudad de Panamá",
      "Servicios contables para pymes.",
    ],
    // Enough services in Panamá for the province filter to need "Cargar más" (D2).
    [
      "Mudanzas Canal Express",
      ["Mudanzas", "Embalaje"],
      "panama",
      "Betania, Ciudad de Panamá",
      "Mudanzas residenciales y de oficinas con seguro incluido.",
    ],
    [
      "Cerrajería 24 Horas Bella Vista",
      ["Cerrajería", "Cajas fuertes"],
      "panama",
      "Bella Vista, Ciudad de Panamá",
      "Apertura de puertas y cambio de cerraduras a toda hora.",
    ],
    [
      "Fumigaciones El Istmo",
      ["Control de plagas", "Desinfección"],
      "panama",
      "Tumba Muerto, Ciudad de Panamá",
      "Control de plagas certificado para hogares y restaurantes.",
    ],
    [
      "Traducciones Legales Balboa",
      ["Traducción oficial", "Apostillas"],
      "panama",
      "Avenida Balboa, Ciudad de Panamá",
      "Traductores públicos autorizados en inglés, francés y mandarín.",
    ],
    [
      "Jardinería Tropical PTY",
      ["Paisajismo", "Mantenimiento de jardines"],
      "panama",
      "Clayton, Ciudad de Panamá",
      "Diseño y mantenimiento de jardines tropicales.",
    ],
    [
      "Eventos Pollera de Oro",
      ["Organización de bodas", "Eventos corporativos"],
      "panama",
      "San Francisco, Ciudad de Panamá",
      "Eventos con sello panameño, de la idea al último baile.",
    ],
    [
      "Imprenta Rápida Obarrio",
      ["Impresión digital", "Rotulación"],
      "panama",
      "Obarrio, Ciudad de Panamá",
      "Tarjetas, volantes y rótulos listos el mismo día.",
    ],
  ],
};

const HOURS = ["Lun-Sáb 11:00-22:00", "Todos los días 7:00-21:00", "Mar-Dom 12:00-23:00", "Lun-Vie 8:00-18:00"];
const REVIEWS = [
  "Excelente atención y sabor auténtico. Volveremos pronto con toda la familia.",
  "Muy buen servicio, precios justos y un ambiente agradable.",
  "Recomendado por amigos y no decepcionó. La calidad se nota en cada detalle.",
];

function phone(i: number): string {
  const n = String(6000 + ((i * 137) % 3999)).padStart(4, "0");
  return `+507 6${String(100 + ((i * 53) % 899))}-${n}`;
}

export function demoRestaurants(): DemoRestaurant[] {
  const out: DemoRestaurant[] = [];
  let i = 0;
  for (const [provincia, list] of Object.entries(RESTAURANTS) as [ProvinceSlug, R[]][]) {
    list.forEach(([nombre, categoria, especialidades, lugar, plato], idx) => {
      i++;
      out.push({
        nombre,
        descripcion: `${nombre} ofrece ${especialidades.join(", ").toLowerCase()} en ${lugar.split(",").slice(-1)[0]!.trim()}, con ingredientes locales y atención cercana.`,
        direccion: lugar,
        telefono: phone(i),
        horario: HOURS[i % HOURS.length]!,
        rating: idx === 2 && provincia === "darien" ? null : Math.round((3.8 + ((i * 7) % 12) / 10) * 10) / 10,
        categoria,
        provincia,
        especialidades,
        special_dish: plato,
        customer_reviews: REVIEWS[i % REVIEWS.length]!,
        website_url: i % 3 === 0 ? `https://example.com/${nombre.toLowerCase().replace(/[^a-z]+/g, "-")}` : null,
        instagram_url: i % 4 === 0 ? `https://instagram.com/demo.${i}` : null,
        plan_type: i % 5 === 0 ? "max_local" : i % 3 === 0 ? "starter_local" : "free_local",
        is_verified: i % 2 === 0,
        // Panamá keeps 8 active entries (more than one page) and one inactive one.
        is_active: !(provincia === "panama" && idx === 8) && !(provincia === "chiriqui" && idx === 2),
      });
    });
  }
  return out;
}

export function demoBusinesses(): DemoBusiness[] {
  const out: DemoBusiness[] = [];
  let i = 0;
  for (const [industria, list] of Object.entries(BUSINESSES) as [IndustrySlug, B[]][]) {
    list.forEach(([nombre, especialidades, provincia, lugar, descripcion], idx) => {
      i++;
      out.push({
        nombre,
        descripcion,
        direccion: lugar,
        telefono: phone(100 + i),
        horario: HOURS[(i + 3) % HOURS.length]!,
        rating: Math.round((3.9 + ((i * 5) % 11) / 10) * 10) / 10,
        industria,
        provincia,
        especialidades,
        special_service: especialidades[0] ?? null,
        customer_reviews: REVIEWS[(i + 1) % REVIEWS.length]!,
        website: i % 2 === 0 ? `https://example.com/${nombre.toLowerCase().replace(/[^a-z]+/g, "-")}` : null,
        plan_type: i % 4 === 0 ? "max_local" : i % 3 === 0 ? "starter_local" : "free_local",
        is_verified: i % 3 !== 0,
        // Construcción keeps 8 active entries and one inactive one.
        is_active: !(industria === "construccion" && idx === 8) && !(industria === "belleza" && idx === 1),
      });
    });
  }
  return out;
}

export const DEMO_AUTHORS = [
  { email: "maria.demo@ejemplo.pa", name: "María Fernández (demo)" },
  { email: "carlos.demo@ejemplo.pa", name: "Carlos Pinzón (demo)" },
] as const;

export const DEMO_BLOGS = [
  {
    author: 0,
    title: "Gastronomía panameña: 10 platos que debes probar",
    excerpt: "Del sancocho al ceviche de corvina: un recorrido por los sabores que definen a Panamá.",
    category: "Gastronomía",
    tags: ["sancocho", "ceviche", "tradición", "Panamá"],
    published: true,
    content:
      "<h2>Un país en un plato</h2><p>La cocina panameña mezcla raíces indígenas, africanas y españolas. El <strong>sancocho de gallina</strong> es el plato nacional.</p><ul><li>Sancocho</li><li>Ceviche de corvina</li><li>Carimañolas</li><li>Tamales</li></ul><p>¿Cuál es tu favorito?</p>",
  },
  {
    author: 0,
    title: "Cómo la IA ayuda a los restaurantes locales a conseguir clientes",
    excerpt: "Los asistentes de IA ya recomiendan dónde comer. Así puedes aparecer en sus respuestas.",
    category: "IA",
    tags: ["IA", "restaurantes", "Local AI Search"],
    published: true,
    content:
      "<p>Cada vez más personas preguntan a un asistente de IA dónde comer. Los datos de tu negocio deben estar <em>completos y verificados</em>.</p><h3>Tres pasos</h3><ol><li>Completa tu ficha</li><li>Verifica tus datos</li><li>Publica contenido útil</li></ol>",
  },
  {
    author: 1,
    title: "Marketing con propósito para pymes panameñas",
    excerpt: "Contar la historia de tu negocio conecta con clientes que comparten tus valores.",
    category: "Marketing",
    tags: ["storytelling", "pymes", "marca", "propósito", "comunidad"],
    published: true,
    content:
      "<p>El <strong>marketing con propósito</strong> no es una moda: es la forma de ganar la confianza de tu comunidad.</p><blockquote>Las marcas que cuentan historias reales venden más.</blockquote>",
  },
  {
    author: 1,
    title: "Turismo en Bocas del Toro: guía para emprendedores",
    excerpt: "Oportunidades para negocios turísticos en el Caribe panameño.",
    category: "Turismo",
    tags: ["Bocas del Toro", "turismo"],
    published: true,
    content:
      "<p>Bocas del Toro recibe visitantes todo el año. Los tours, la gastronomía y el hospedaje son los sectores con más demanda.</p>",
  },
  {
    author: 0,
    title: "Emprender en Panamá: trámites básicos",
    excerpt: "Aviso de operación, RUC y otros pasos para abrir tu negocio.",
    category: "Emprendimiento",
    tags: ["emprendimiento", "trámites"],
    published: true,
    content:
      "<p>Antes de abrir tu negocio necesitas el <strong>aviso de operación</strong> y tu RUC. Amy, nuestra asistente, te guía paso a paso.</p>",
  },
  {
    author: 1,
    title: "Tecnología para negocios en el interior del país",
    excerpt: "Conectividad, pagos digitales y presencia en línea fuera de la capital.",
    category: "Tecnología",
    tags: ["tecnología", "interior", "pagos"],
    published: true,
    content: "<p>Los pagos digitales y una buena ficha en línea cambian el juego para los negocios del interior.</p>",
  },
  {
    author: 0,
    title: "Cinco ideas de contenido para tu restaurante",
    excerpt: "Publicaciones que atraen comensales sin gastar de más.",
    category: "Negocios",
    tags: ["contenido", "redes sociales"],
    published: true,
    content: "<p>Muestra tu cocina, presenta a tu equipo y cuenta la historia de tus platos.</p>",
  },
  {
    author: 0,
    title: "Borrador: calendario de ferias gastronómicas 2027",
    excerpt: "Fechas y lugares de las ferias más importantes.",
    category: "Gastronomía",
    tags: ["ferias"],
    published: false,
    content: "<p>Lista en preparación.</p>",
  },
  {
    author: 1,
    title: "Borrador: guía de precios de publicidad local",
    excerpt: "Cuánto cuesta anunciarse en Panamá.",
    category: null,
    tags: [],
    published: false,
    content: "<p>Notas sin terminar.</p>",
  },
] as const;
