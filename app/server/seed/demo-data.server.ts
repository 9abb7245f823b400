/**
 * The demo data set: fictional Panamanian restaurants and businesses in every province and
 * industry, and blog articles by two fictional authors. No real people's data.
 *
 * The hand-written entries below come first; the rest is generated from the tables in
 * demo-tables.server.ts so that most listing pages have a second page. Every choice is a hash of the
 * entry's name or a count, never random: the same rows on every run. Coordinates are the listing's
 * town centre (app/catalog/towns.ts) nudged by the name's hash; the weekly schedule is read from the
 * free-text hours.
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { PlanType } from "~/catalog/plans";
import { provinceLabel, type ProvinceSlug } from "~/catalog/provinces";
import { TOWN_COORDINATES } from "~/catalog/towns";
import type { WeeklyPeriod } from "~/db/schema";
import { periodsFromText } from "~/lib/opening-hours";
import { slugify } from "~/lib/slugify";
import {
  BUSINESS_PLAN,
  BUSINESS_PROFILES,
  type DemoCategory,
  PLACES,
  type Profile,
  REVIEW_AUTHORS,
  RESTAURANT_PLAN,
  RESTAURANT_PROFILES,
  type Reviews,
} from "./demo-tables.server";

/** What every demo entry has, restaurant or business. */
type DemoListing = {
  nombre: string;
  descripcion: string;
  direccion: string;
  telefono: string;
  horario: string;
  horario_semanal: WeeklyPeriod[];
  latitud: number;
  longitud: number;
  rating: number | null;
  provincia: ProvinceSlug;
  especialidades: string[];
  customer_reviews: string | null;
  plan_type: PlanType;
  is_verified: boolean;
  is_active: boolean;
};

export type DemoRestaurant = DemoListing & {
  categoria: RestaurantCategory | null;
  special_dish: string | null;
  website_url: string | null;
  instagram_url: string | null;
};

export type DemoBusiness = DemoListing & {
  industria: IndustrySlug;
  special_service: string | null;
  website: string | null;
};

/** A few inactive entries for the admin views: two hand-written ones (`hidden`) and every twelfth generated one. */
const demoActive = (fixedIdx: number | null, generated: number, hidden: boolean) => (fixedIdx === null ? generated % 12 !== 0 : !hidden);

type R = [nombre: string, categoria: DemoCategory, especialidades: string[], lugar: string, plato: string];

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
      "Calzada de Amador, Amador, Ciudad de Panamá",
      "Risotto de hongos",
    ],
    [
      "Verde Raíz Cocina Vegetal",
      "vegetariano",
      ["Bowls", "Jugos naturales", "Veganos"],
      "Calle 74, San Francisco, Ciudad de Panamá",
      "Bowl de quinoa y plátano",
    ],
    [
      "Dulce Pollera Repostería",
      "postres",
      ["Cocadas", "Tres leches", "Bienmesabe"],
      "Calle 57, Obarrio, Ciudad de Panamá",
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

/** Kind: a key of BUSINESS_PROFILES[industry] (hours and reviews). */
type B = [nombre: string, especialidades: string[], provincia: ProvinceSlug, lugar: string, descripcion: string, kind: string];

const BUSINESSES: Record<IndustrySlug, B[]> = {
  construccion: [
    [
      "Constructora Istmo Sólido",
      ["Obra civil", "Remodelaciones", "Planos"],
      "panama",
      "Vía Israel, San Francisco, Ciudad de Panamá",
      "Construcción residencial y comercial con ingenieros idóneos.",
      "constructora",
    ],
    [
      "Techos y Acabados Chiriquí",
      ["Techos", "Impermeabilización"],
      "chiriqui",
      "Vía Interamericana, David, Chiriquí",
      "Techos, impermeabilización y acabados para casas y locales.",
      "acabados",
    ],
    [
      "Remodelaciones Casco Viejo",
      ["Restauración", "Fachadas coloniales"],
      "panama",
      "Calle 3a, Casco Antiguo, Ciudad de Panamá",
      "Restauración de edificios históricos respetando su arquitectura.",
      "constructora",
    ],
    [
      "Ferretería y Obra Coclé",
      ["Materiales", "Herramientas"],
      "cocle",
      "Penonomé, Coclé",
      "Materiales de construcción con entrega en toda la provincia.",
      "ferreteria",
    ],
    [
      "Ingeniería Canalera",
      ["Estructuras", "Inspecciones"],
      "panama-oeste",
      "Vista Alegre, Arraiján, Panamá Oeste",
      "Diseño estructural e inspección de obras.",
      "constructora",
    ],
    [
      "Pisos y Porcelanatos del Este",
      ["Porcelanato", "Instalación"],
      "panama",
      "Vía Domingo Díaz, Ciudad de Panamá",
      "Venta e instalación de pisos de porcelanato.",
      "acabados",
    ],
    [
      "Constructora Azuero",
      ["Casas de campo", "Galeras"],
      "herrera",
      "Chitré, Herrera",
      "Viviendas y galeras agrícolas en Azuero.",
      "constructora",
    ],
    [
      "Eléctricos Certificados PTY",
      ["Instalaciones eléctricas", "Paneles solares"],
      "panama",
      "Juan Díaz, Ciudad de Panamá",
      "Instalaciones eléctricas certificadas y energía solar.",
      "instalaciones",
    ],
    [
      "Pinturas Arcoíris",
      ["Pintura interior", "Pintura exterior"],
      "colon",
      "Colón 2000, Colón",
      "Pintura profesional para hogares y empresas.",
      "acabados",
    ],
  ],
  belleza: [
    [
      "Salón Orquídea",
      ["Cortes", "Color", "Peinados"],
      "panama",
      "Marbella, Ciudad de Panamá",
      "Salón de belleza con estilistas certificados.",
      "salon",
    ],
    [
      "Spa Brisa de Boquete",
      ["Masajes", "Faciales"],
      "chiriqui",
      "Alto Boquete, Chiriquí",
      "Spa de montaña con tratamientos naturales.",
      "spa",
    ],
  ],
  tiendas: [
    [
      "Mercadito Artesanal Molas",
      ["Molas", "Artesanía guna"],
      "panama",
      "Avenida Balboa, Ciudad de Panamá",
      "Artesanía panameña hecha por comunidades originarias.",
      "artesania",
    ],
    [
      "Sombreros Pintaos de Penonomé",
      ["Sombrero pintao", "Artesanía"],
      "cocle",
      "Penonomé, Coclé",
      "Sombreros pintaos tejidos a mano.",
      "artesania",
    ],
  ],
  abogados: [
    [
      "Bufete Ley Istmeña",
      ["Derecho corporativo", "Sociedades anónimas"],
      "panama",
      "Torre Global, Calle 50, Ciudad de Panamá",
      "Asesoría legal para emprendedores y empresas.",
      "bufete",
    ],
    [
      "Abogados de la Construcción Rivera",
      ["Ley 384", "Contratos de obra"],
      "panama-oeste",
      "La Chorrera, Panamá Oeste",
      "Especialistas en derecho de la construcción.",
      "bufete",
    ],
  ],
  deportes: [
    [
      "Academia de Surf Venao",
      ["Clases de surf", "Alquiler de tablas"],
      "los-santos",
      "Playa Venao, Pedasí, Los Santos",
      "Clases de surf para todos los niveles.",
      "aire-libre",
    ],
    ["Club de Remo Canal", ["Remo", "Kayak"], "panama", "Gamboa, Ciudad de Panamá", "Remo y kayak en el lago Gatún.", "aire-libre"],
  ],
  salud: [
    [
      "Clínica Familiar Santa Fe",
      ["Medicina general", "Pediatría"],
      "veraguas",
      "Santa Fe, Veraguas",
      "Atención médica familiar con cita el mismo día.",
      "clinica",
    ],
    [
      "Odontología Sonrisa Istmo",
      ["Ortodoncia", "Blanqueamiento"],
      "panama",
      "El Dorado, Ciudad de Panamá",
      "Odontología integral para toda la familia.",
      "odontologia",
    ],
  ],
  educacion: [
    ["Instituto Bilingüe Colón", ["Inglés", "Tutorías"], "colon", "Sabanitas, Colón", "Clases de inglés y refuerzo escolar.", "idiomas"],
    [
      "Academia de Programación Canal Code",
      ["Desarrollo web", "Python"],
      "panama",
      "Ciudad del Saber, Clayton",
      "Cursos prácticos de programación.",
      "computacion",
    ],
  ],
  tecnologia: [
    [
      "Soluciones Digitales Darién",
      ["Internet satelital", "Soporte técnico"],
      "darien",
      "Metetí, Darién",
      "Conectividad y soporte técnico en zonas rurales.",
      "redes",
    ],
    [
      "Reparaciones TecnoPTY",
      ["Reparación de celulares", "Laptops"],
      "panama",
      "Los Pueblos, Ciudad de Panamá",
      "Reparación de equipos con garantía.",
      "reparacion",
    ],
  ],
  turismo: [
    [
      "Tours Bocas Aventura",
      ["Tours en lancha", "Snorkel"],
      "bocas-del-toro",
      "Isla Colón, Bocas del Toro",
      "Tours por el archipiélago y observación de delfines.",
      "tours-mar",
    ],
    [
      "Expediciones Darién Verde",
      ["Ecoturismo", "Observación de aves"],
      "darien",
      "El Real, Darién",
      "Expediciones guiadas por la selva del Darién.",
      "tours-tierra",
    ],
  ],
  servicios: [
    ["Lavandería Express Herrera", ["Lavado", "Planchado"], "herrera", "Chitré, Herrera", "Lavandería con entrega a domicilio.", "local"],
    [
      "Contabilidad Clara",
      ["Contabilidad", "Declaraciones de renta"],
      "panama",
      "Paitilla, Ciudad de Panamá",
      "Servicios contables para pymes.",
      "oficina",
    ],
    // Enough services in Panamá for the province filter to need "Cargar más".
    [
      "Mudanzas Canal Express",
      ["Mudanzas", "Embalaje"],
      "panama",
      "Betania, Ciudad de Panamá",
      "Mudanzas residenciales y de oficinas con seguro incluido.",
      "hogar",
    ],
    [
      "Cerrajería Bella Vista",
      ["Cerrajería", "Cajas fuertes"],
      "panama",
      "Bella Vista, Ciudad de Panamá",
      "Apertura de puertas, cambio de cerraduras y copias de llaves.",
      "hogar",
    ],
    [
      "Fumigaciones El Istmo",
      ["Control de plagas", "Desinfección"],
      "panama",
      "Tumba Muerto, Ciudad de Panamá",
      "Control de plagas certificado para hogares y restaurantes.",
      "hogar",
    ],
    [
      "Traducciones Legales Balboa",
      ["Traducción oficial", "Apostillas"],
      "panama",
      "Avenida Balboa, Ciudad de Panamá",
      "Traductores públicos autorizados en inglés, francés y mandarín.",
      "oficina",
    ],
    [
      "Jardinería Tropical PTY",
      ["Paisajismo", "Mantenimiento de jardines"],
      "panama",
      "Clayton, Ciudad de Panamá",
      "Diseño y mantenimiento de jardines tropicales.",
      "hogar",
    ],
    [
      "Eventos Pollera de Oro",
      ["Organización de bodas", "Eventos corporativos"],
      "panama",
      "San Francisco, Ciudad de Panamá",
      "Eventos con sello panameño, de la idea al último baile.",
      "eventos",
    ],
    [
      "Imprenta Rápida Obarrio",
      ["Impresión digital", "Rotulación"],
      "panama",
      "Obarrio, Ciudad de Panamá",
      "Tarjetas, volantes y rótulos listos el mismo día.",
      "local",
    ],
  ],
};

/** FNV-1a: a stable number per name, so that no choice depends on the order of the tables. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const at = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** Words that keep their capital inside a sentence. */
const PROPER_WORDS = new Set(["Geisha", "Python", "Excel", "Coiba", "Boquete"]);

function inSentence(text: string): string {
  return PROPER_WORDS.has(text.split(" ")[0]!) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** "a, b y c" ("e" before an i- sound: "pintura e impermeabilización"). */
function spanishList(items: readonly string[]): string {
  const words = items.map(inSentence);
  if (words.length < 2) return words.join("");
  const last = words[words.length - 1]!;
  return `${words.slice(0, -1).join(", ")} ${/^h?i[^aeiouáéíóú]/i.test(last) ? "e" : "y"} ${last}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

/** Stored reviews read "text — author"; this splits them back (tests check where texts come from). */
export const REVIEW_AUTHOR_SEPARATOR = " — ";

/**
 * Phone numbers in one obviously made-up block (+507 6000-0NNN), so that a click on "Llamar" or
 * WhatsApp in the demo reaches no one's real phone.
 */
function phone(n: number): string {
  return `+507 6000-${String(n).padStart(4, "0")}`;
}

/** Town or neighbourhood of an address, for descriptions: "Calle 50, Bella Vista, Ciudad de Panamá" -> "Bella Vista". */
function townOf(direccion: string): string {
  const parts = direccion.split(", ");
  if (parts.length >= 3) return parts[parts.length - 2]!;
  return /^(Calle|Avenida|Vía|Plaza|Torre|Paseo)\b/.test(parts[0]!) ? parts[parts.length - 1]! : parts[0]!;
}

function address(provincia: ProvinceSlug, [street, town]: readonly [string, string]): string {
  const tail = provincia === "panama" ? "Ciudad de Panamá" : provinceLabel(provincia);
  return town === tail ? `${street}, ${town}` : `${street}, ${town}, ${tail}`;
}

function placeIn(provincia: ProvinceSlug, town: string): readonly [string, string] {
  const place = PLACES[provincia].find((p) => p[1] === town);
  if (!place) throw new Error(`Demo data: no street in ${town} (${provincia})`);
  return place;
}

/**
 * The most specific place of an address that the towns catalog knows in the listing's own province
 * ("Cerro Punta, Bugaba, Chiriquí" -> Cerro Punta; "Vía España, Ciudad de Panamá" -> the city).
 */
function demoTownOf(direccion: string, provincia: ProvinceSlug): string {
  const town = direccion.split(", ").find((part) => TOWN_COORDINATES[part]?.provincia === provincia);
  if (!town) throw new Error(`Demo data: no coordinates for any town of «${direccion}» (${provincia})`);
  return town;
}

/** Kilometres per degree of latitude on the sphere geo.ts measures distances on. */
const KM_PER_DEGREE = (2 * Math.PI * 6371.0088) / 360;
/** The columns are numeric(9,6): round here so that the rows read back equal what was generated. */
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The town's centre moved by up to the town's radius (uniform over the disc), direction and distance
 * from the name's own hash: listings of one town do not stack on one point, and every run agrees.
 */
function coordinatesOf(nombre: string, direccion: string, provincia: ProvinceSlug): { latitud: number; longitud: number } {
  const town = TOWN_COORDINATES[demoTownOf(direccion, provincia)]!;
  // A hash of its own, so that where a listing sits says nothing about its rating or review.
  const h = hash(`${nombre}#geo`);
  const angle = ((h & 0xffff) / 0x10000) * 2 * Math.PI;
  const km = town.radiusKm * Math.sqrt((h >>> 16) / 0x10000);
  return {
    latitud: micro(town.lat + (km * Math.cos(angle)) / KM_PER_DEGREE),
    longitud: micro(town.lng + (km * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((town.lat * Math.PI) / 180))),
  };
}

/** The weekly periods of the free-text hours, so that the schedule says what the text says. */
function scheduleOf(horario: string): WeeklyPeriod[] {
  const periods = periodsFromText(horario);
  if (!periods) throw new Error(`Demo data: the hours «${horario}» do not read as a weekly schedule`);
  return periods;
}

/** Generated names: head and motif pairs in turn, skipping any name already taken. */
function nameFrom(profile: Profile, k: number, taken: Set<string>): string {
  const combos = Math.max(1, profile.heads.length) * profile.motifs.length;
  for (let n = k; n < k + combos; n++) {
    const motif = at(profile.motifs, n);
    const name = profile.heads.length ? `${at(profile.heads, n)} ${motif}` : motif;
    if (!taken.has(name)) return name;
  }
  throw new Error(`Demo data: no names left for «${profile.motifs[0]}»`);
}

/** Three specialties of the pool in a row, starting where the name's hash says. */
function specialtiesFrom(pool: readonly string[], h: number): string[] {
  return [0, 1, 2].map((j) => at(pool, (h % pool.length) + j));
}

/**
 * Rating and review: 3.6-4.9 stars, or none yet (a new entry); a review from the kind's own set,
 * praising from 4.0 up and with a real complaint below, signed by one of the authors in turn.
 */
function ratingAndReview(
  h: number,
  reviews: Reviews,
  turn: number,
  plato: string | null,
  allowNoRating: boolean,
): { rating: number | null; customer_reviews: string | null } {
  if (allowNoRating && h % 17 === 0) return { rating: null, customer_reviews: null };
  const rating = Math.round((3.6 + (h % 14) / 10) * 10) / 10;
  const texts = rating >= 4 ? reviews.buenas : reviews.regulares;
  const text = fill(at(texts, turn), { plato: plato ? inSentence(plato) : "" });
  return { rating, customer_reviews: `${text}${REVIEW_AUTHOR_SEPARATOR}${at(REVIEW_AUTHORS, turn * 11 + (h % 5))}` };
}

/** Counts per key, so that neighbours of one kind get different reviews and streets. */
function counter() {
  const counts = new Map<string, number>();
  return (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
}

export function demoRestaurants(): DemoRestaurant[] {
  const taken = new Set(Object.values(RESTAURANTS).flatMap((list) => list.map((r) => r[0])));
  const nextOf = counter();
  const out: DemoRestaurant[] = [];
  let i = 0;
  let generated = 0;
  for (const [provincia, fixed] of Object.entries(RESTAURANTS) as [ProvinceSlug, R[]][]) {
    const entries: { r: R; fixedIdx: number | null }[] = fixed.map((r, idx) => ({ r, fixedIdx: idx }));
    for (const categoria of RESTAURANT_PLAN[provincia]) {
      const profile = RESTAURANT_PROFILES[categoria];
      const nombre = nameFrom(profile, nextOf(`name:${categoria}`), taken);
      taken.add(nombre);
      const h = hash(nombre);
      const place = at(PLACES[provincia], nextOf(`place:${provincia}`));
      entries.push({
        r: [nombre, categoria, specialtiesFrom(profile.especialidades, h), address(provincia, place), at(profile.platos, h >>> 3)],
        fixedIdx: null,
      });
    }
    for (const { r, fixedIdx } of entries) {
      const [nombre, categoria, especialidades, direccion, plato] = r;
      i++;
      const profile = RESTAURANT_PROFILES[categoria];
      const h = hash(nombre);
      const slug = slugify(nombre);
      const horario = at(profile.horarios, h >>> 2);
      if (fixedIdx === null) generated++;
      out.push({
        nombre,
        descripcion: fill(at(profile.descripciones, h >>> 4), { nombre, lugar: townOf(direccion), esp: spanishList(especialidades) }),
        direccion,
        telefono: phone(i),
        horario,
        horario_semanal: scheduleOf(horario),
        ...coordinatesOf(nombre, direccion, provincia),
        ...ratingAndReview(h, profile.reviews, nextOf(`review:${categoria}`), plato, fixedIdx === null),
        categoria,
        provincia,
        especialidades,
        special_dish: plato,
        website_url: i % 3 === 0 ? `https://example.com/${slug}` : null,
        instagram_url: i % 4 === 0 ? `https://example.com/instagram/${slug}` : null,
        plan_type: i % 5 === 0 ? "max_local" : i % 3 === 0 ? "starter_local" : "free_local",
        is_verified: i % 2 === 0,
        is_active: demoActive(
          fixedIdx,
          generated,
          (provincia === "panama" && fixedIdx === 8) || (provincia === "chiriqui" && fixedIdx === 2),
        ),
      });
    }
  }
  return out;
}

export function demoBusinesses(): DemoBusiness[] {
  const taken = new Set(Object.values(BUSINESSES).flatMap((list) => list.map((b) => b[0])));
  const nextOf = counter();
  const out: DemoBusiness[] = [];
  let i = 0;
  let generated = 0;
  for (const [industria, fixed] of Object.entries(BUSINESSES) as [IndustrySlug, B[]][]) {
    const kinds = BUSINESS_PROFILES[industria];
    const entries: { b: B; fixedIdx: number | null }[] = fixed.map((b, idx) => ({ b, fixedIdx: idx }));
    for (const [kind, provincia, town] of BUSINESS_PLAN[industria]) {
      const profile = kinds[kind]!;
      const nombre = nameFrom(profile, nextOf(`name:${industria}:${kind}`), taken);
      taken.add(nombre);
      const h = hash(nombre);
      const especialidades = specialtiesFrom(profile.especialidades, h);
      // Businesses start five streets further on than restaurants, so that they rarely share one.
      const place = town ? placeIn(provincia, town) : at(PLACES[provincia], nextOf(`place:${provincia}`) + 5);
      const descripcion = fill(at(profile.descripciones, h >>> 4), { nombre, lugar: place[1], esp: spanishList(especialidades) });
      entries.push({ b: [nombre, especialidades, provincia, address(provincia, place), descripcion, kind], fixedIdx: null });
    }
    for (const { b, fixedIdx } of entries) {
      const [nombre, especialidades, provincia, direccion, descripcion, kind] = b;
      i++;
      const profile = kinds[kind]!;
      const h = hash(nombre);
      const horario = at(profile.horarios, h >>> 2);
      if (fixedIdx === null) generated++;
      out.push({
        nombre,
        descripcion,
        direccion,
        telefono: phone(500 + i),
        horario,
        horario_semanal: scheduleOf(horario),
        ...coordinatesOf(nombre, direccion, provincia),
        ...ratingAndReview(h, profile.reviews, nextOf(`review:${industria}:${kind}`), null, fixedIdx === null),
        industria,
        provincia,
        especialidades,
        special_service: especialidades[0] ?? null,
        website: i % 2 === 0 ? `https://example.com/${slugify(nombre)}` : null,
        plan_type: i % 4 === 0 ? "max_local" : i % 3 === 0 ? "starter_local" : "free_local",
        is_verified: i % 3 !== 0,
        is_active: demoActive(
          fixedIdx,
          generated,
          (industria === "construccion" && fixedIdx === 8) || (industria === "belleza" && fixedIdx === 1),
        ),
      });
    }
  }
  return out;
}

export const DEMO_AUTHORS = [
  // example.com is reserved (RFC 2606): a password-reset mail for a demo author reaches no one.
  { email: "maria.demo@example.com", name: "María Fernández (demo)" },
  { email: "carlos.demo@example.com", name: "Carlos Pinzón (demo)" },
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
      "<h2>Un país en un plato</h2><p>La cocina panameña mezcla raíces indígenas, africanas y españolas, y cada región le pone su sazón. Estos son diez platos que no te puedes perder:</p><ol><li><strong>Sancocho de gallina</strong>: el plato nacional: gallina de patio, ñame y mucho culantro. Se dice que levanta a cualquiera.</li><li><strong>Arroz con guandú y coco</strong>: infaltable en la mesa de Navidad y fin de año, junto al pollo o el pernil.</li><li><strong>Ropa vieja</strong>: carne de res desmechada en salsa de tomate, con arroz blanco y tajadas de plátano maduro.</li><li><strong>Ceviche de corvina</strong>: pescado fresco curado en limón con cebolla, culantro y ají chombo; el del Mercado de Mariscos es toda una tradición.</li><li><strong>Patacones</strong>: plátano verde aplastado y frito dos veces, el acompañante de casi todo.</li><li><strong>Carimañolas</strong>: yuca rellena de carne molida y frita, clásica del desayuno.</li><li><strong>Hojaldras</strong>: masa frita y dorada que se come en el desayuno con bistec encebollado, huevo o queso.</li><li><strong>Tamales</strong>: masa de maíz con pollo o cerdo, aceitunas y alcaparras, envuelta en hoja de bijao.</li><li><strong>Tortilla changa</strong>: de maíz nuevo, dulce y gruesa, hecha a la plancha y servida con queso blanco.</li><li><strong>Guacho de rabito</strong>: arroz caldoso con frijoles y rabito de puerco, para los días de lluvia.</li></ol><p>¿Cuál es tu favorito?</p>",
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
