/**
 * The compact tables the demo directory is generated from (demo-data.server.ts): streets per
 * province, and per restaurant category or business kind the name parts, specialties, opening
 * hours, descriptions and customer reviews that fit that kind of place. All names are invented.
 *
 * Templates: {nombre} the entry's name, {lugar} its town or neighbourhood, {esp} three of its
 * specialties as a Spanish list, {plato} its signature dish. Review texts never put an article or an
 * adjective next to {plato}, so they read right whatever the dish's gender and number.
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";

export type Reviews = {
  /** For ratings of 4.0 and above. */
  buenas: readonly string[];
  /** For lower ratings: praise with a real complaint. */
  regulares: readonly string[];
};

export type Profile = {
  /** Generated names: heads[k] + motifs[k] (coprime lengths, so every pair comes up); no heads: motifs are whole names. */
  heads: readonly string[];
  motifs: readonly string[];
  especialidades: readonly string[];
  horarios: readonly string[];
  descripciones: readonly string[];
  reviews: Reviews;
};

export type RestaurantProfile = Profile & { platos: readonly string[] };

/** Demo restaurants use every category but 'otro'. */
export type DemoCategory = Exclude<RestaurantCategory, "otro">;

/** Per province: [street, town or neighbourhood]. Addresses read "street, town, province". */
export const PLACES: Record<ProvinceSlug, readonly (readonly [string, string])[]> = {
  panama: [
    ["Vía España", "El Carmen"],
    ["Calle Uruguay", "Bella Vista"],
    ["Calle 72", "San Francisco"],
    ["Vía Porras", "San Francisco"],
    ["Avenida Federico Boyd", "Bella Vista"],
    ["Vía Ricardo J. Alfaro", "Betania"],
    ["Calle 1ra", "Parque Lefevre"],
    ["Vía Fernández de Córdoba", "Pueblo Nuevo"],
    ["Avenida Perú", "Calidonia"],
    ["Vía Cincuentenario", "Coco del Mar"],
    ["Calzada de Amador", "Amador"],
    ["Avenida Centenario", "Costa del Este"],
    ["Calle 12", "Río Abajo"],
    ["Avenida 12 de Octubre", "Hato Pintado"],
  ],
  "panama-oeste": [
    ["Calle Central", "La Chorrera"],
    ["Avenida de las Américas", "La Chorrera"],
    ["Vía Interamericana", "Arraiján"],
    ["Calle Principal", "Vista Alegre"],
    ["Avenida Principal", "Nuevo Chorrillo"],
    ["Vía a Playa Coronado", "Chame"],
    ["Calle El Mercado", "San Carlos"],
    ["Carretera a Veracruz", "Veracruz"],
  ],
  chiriqui: [
    ["Avenida Obaldía", "David"],
    ["Calle Central", "David"],
    ["Vía Interamericana", "David"],
    ["Avenida Central", "Boquete"],
    ["Calle 5a", "Bajo Boquete"],
    ["Calle Principal", "Volcán"],
    ["Avenida Central", "Concepción"],
    ["Calle del Parque", "Puerto Armuelles"],
  ],
  cocle: [
    ["Avenida Juan Demóstenes Arosemena", "Penonomé"],
    ["Calle Central", "Aguadulce"],
    ["Avenida Central", "El Valle de Antón"],
    ["Vía Interamericana", "Natá"],
    ["Calle Principal", "Antón"],
    ["Calle de la Playa", "Farallón"],
  ],
  colon: [
    ["Avenida Bolívar", "Colón"],
    ["Paseo Gorgas", "Colón"],
    ["Calle 11", "Colón"],
    ["Vía Transístmica", "Sabanitas"],
    ["Calle del Fuerte", "Portobelo"],
    ["Vía Boyd-Roosevelt", "Buena Vista"],
  ],
  herrera: [
    ["Avenida Herrera", "Chitré"],
    ["Paseo Enrique Geenzier", "Chitré"],
    ["Calle Manuel Correa", "Chitré"],
    ["Calle Central", "Parita"],
    ["Vía Nacional", "Monagrillo"],
    ["Calle Principal", "Ocú"],
    ["Avenida Central", "Pesé"],
  ],
  "los-santos": [
    ["Avenida Belisario Porras", "Las Tablas"],
    ["Calle Central", "La Villa de Los Santos"],
    ["Calle Principal", "Pedasí"],
    ["Carretera a Playa Venao", "Pedasí"],
    ["Avenida Central", "Guararé"],
    ["Calle del Parque", "Tonosí"],
    ["Calle Principal", "Macaracas"],
  ],
  veraguas: [
    ["Avenida Central", "Santiago"],
    ["Calle 10", "Santiago"],
    ["Vía Interamericana", "Santiago"],
    ["Calle Principal", "Santa Fe"],
    ["Calle Principal", "Santa Catalina"],
    ["Avenida Central", "Soná"],
    ["Calle del Parque", "Atalaya"],
  ],
  "bocas-del-toro": [
    ["Calle 3ra", "Isla Colón"],
    ["Avenida G", "Isla Colón"],
    ["Calle Principal", "Almirante"],
    ["Calle del Muelle", "Isla Bastimentos"],
    ["Avenida Central", "Changuinola"],
  ],
  darien: [
    ["Calle Principal", "Metetí"],
    ["Calle del Puerto", "La Palma"],
    ["Vía Panamericana", "Yaviza"],
    ["Calle Central", "El Real"],
  ],
};

/** Who signs the reviews: first name and initial, as review sites show them. */
export const REVIEW_AUTHORS = [
  "Yaritza M.",
  "Abdiel C.",
  "Itzel R.",
  "Anayansi G.",
  "Rubén D.",
  "Eyra S.",
  "Luis Carlos P.",
  "Kathia V.",
  "Rolando B.",
  "Yessenia Q.",
  "Edwin A.",
  "Maricarmen T.",
  "Aristides J.",
  "Omaira L.",
  "Giancarlo F.",
  "Dayana H.",
  "Ricardo E.",
  "Yariela N.",
  "José Ángel O.",
  "Vielka U.",
  "Alexis Z.",
  "Nitzia C.",
  "Fernando I.",
  "Lineth R.",
  "Ezequiel M.",
  "Gisela P.",
  "Darío S.",
  "Zuleika A.",
] as const;

/** Restaurant categories. Hours are those of a place that serves food (no business uses them). */
export const RESTAURANT_PROFILES: Record<DemoCategory, RestaurantProfile> = {
  "comida-tradicional": {
    heads: ["Fonda", "Restaurante", "Cocina Típica"],
    motifs: [
      "Doña Chela",
      "El Tambor",
      "La Mejorana",
      "Mamá Yeya",
      "El Guayacán",
      "Don Tito",
      "El Pilón",
      "La Pollerita",
      "Los Abuelos",
      "La Fogata",
    ],
    especialidades: [
      "Sancocho de gallina",
      "Arroz con pollo",
      "Tamales",
      "Ropa vieja",
      "Arroz con guandú",
      "Carimañolas",
      "Tasajo",
      "Bistec picado",
      "Tortillas de maíz",
    ],
    platos: ["Sancocho de gallina de patio", "Ropa vieja con arroz blanco", "Tamal de olla", "Arroz con guandú y coco", "Bistec picado"],
    horarios: ["Lun-Sáb 6:30-16:00", "Todos los días 7:00-15:00"],
    descripciones: [
      "{nombre} prepara comida típica panameña en {lugar}: {esp}, con recetas de casa y almuerzo del día desde temprano.",
      "Comida típica en {lugar}, como se come en el interior: {esp}.",
    ],
    reviews: {
      buenas: [
        "Comida casera de verdad. Pedí {plato} y me recordó la cocina de mi abuela en Las Tablas. Porciones generosas y precio justo.",
        "Almuerzo completo por buen precio: {plato}, ensalada de papa y una chicha de tamarindo bien fría. Atienden rapidito y con cariño.",
        "Fuimos un domingo en familia y todo salió sabroso. Recomiendo {plato}; los patacones, crujientes.",
        "De los pocos sitios donde todavía se come como en el interior. Volví a la semana por {plato}.",
      ],
      regulares: [
        "Buen sabor, pero a mediodía se llena y toca esperar mesa. Pedí {plato} y valió la espera; mejor llegar temprano.",
        "La comida es rica y casera; el local es sencillito y hace calor adentro. Para un almuerzo rápido, cumple.",
      ],
    },
  },
  "comida-rapida": {
    heads: ["Fritanga", "Empanadas", "Hamburguesas"],
    motifs: ["La Esquina", "Don Pancho", "La Parada", "El Trapiche", "Mi Pueblo", "El Paso Rápido", "La Pasadita"],
    especialidades: ["Empanadas", "Patacones", "Hamburguesas", "Pollo frito", "Carimañolas", "Hojaldras", "Salchipapas", "Jugos naturales"],
    platos: ["Empanada de carne con ají", "Pollo frito con patacones", "Hamburguesa criolla", "Carimañola de queso"],
    horarios: ["Todos los días 10:00-23:00", "Lun-Sáb 9:00-22:00"],
    descripciones: [
      "{nombre} prepara {esp} al momento en {lugar}, para comer ahí o para llevar.",
      "Comida rápida criolla en {lugar}: {esp}, a buen precio y sin demora.",
    ],
    reviews: {
      buenas: [
        "Rápido, barato y sabroso. Pedí {plato} y una chicha, y salí listo para seguir el día.",
        "Todo sale calientito y el ají de la casa es otra cosa. Recomiendo {plato}.",
        "Perfecto para un almuerzo rápido entre semana. Atienden rapidito aunque haya fila.",
        "Buena porción por el precio; probé {plato} y volvería mañana.",
      ],
      regulares: [
        "Sabroso y económico, pero el local es pequeño y casi no hay dónde sentarse.",
        "Buena comida para salir del paso; a la hora pico la espera se alarga. Pedí {plato} y cumplió.",
      ],
    },
  },
  mariscos: {
    heads: ["Cevichería", "Mariscos", "Restaurante"],
    motifs: ["La Gaviota", "El Pelícano", "Brisa Marina", "El Muelle", "La Concha", "El Pargo Rojo", "Mar Adentro", "La Red"],
    especialidades: [
      "Ceviche de corvina",
      "Pescado frito",
      "Langostinos al ajillo",
      "Arroz con mariscos",
      "Pulpo en salsa de coco",
      "Sopa de mariscos",
      "Filete de pargo",
      "Camarones apanados",
    ],
    platos: ["Pargo rojo frito", "Ceviche mixto", "Arroz con mariscos", "Corvina en salsa de coco", "Pulpo al ajillo"],
    horarios: ["Mar-Dom 11:00-21:00", "Todos los días 11:30-22:00"],
    descripciones: [
      "{nombre} sirve pescado y mariscos frescos del día en {lugar}: {esp}.",
      "Mariscos en {lugar} con la pesca de la mañana: {esp}, y patacones para acompañar.",
    ],
    reviews: {
      buenas: [
        "Pescado fresquecito, se nota que llega del día. Pedí {plato}: todo en su punto. Atención amable.",
        "Vinimos recomendados y no fallaron: {plato} espectacular, patacones crujientes y limonada con hierbabuena.",
        "Fuimos un sábado después de la playa. Recomiendo {plato}; las porciones alcanzan para compartir.",
        "Sabor de mar de verdad. Probé {plato} y ya estoy planeando volver con la familia.",
      ],
      regulares: [
        "Pedimos {plato} y no decepcionó, aunque un domingo la espera fue de casi una hora. Vayan con paciencia.",
        "El pescado, fresco y bien preparado; el servicio, lento cuando se llena. Buena opción si no van con prisa.",
      ],
    },
  },
  parrilla: {
    heads: ["Parrillada", "Asadero", "Grill"],
    motifs: ["El Toro Manso", "Brasas del Llano", "La Vaquería", "El Corral", "Don Lucho", "El Rodeo", "La Leña"],
    especialidades: ["Picaña", "Costillas de cerdo", "Chorizo tableño", "Pollo a la brasa", "Entraña", "Yuca frita", "Parrillada mixta"],
    platos: ["Picaña a la brasa", "Costillas en salsa de tamarindo", "Parrillada para dos", "Entraña con chimichurri"],
    horarios: ["Mar-Dom 12:00-23:00", "Lun-Sáb 12:00-23:00, Dom 12:00-18:00"],
    descripciones: [
      "{nombre} asa a la leña y al carbón en {lugar}: {esp}, con chimichurri de la casa.",
      "Parrillada en {lugar} para ir en familia o con los amigos: {esp}.",
    ],
    reviews: {
      buenas: [
        "La carne llega en su punto, tal cual la pides. Pedimos {plato} para compartir y no sobró nada.",
        "Buen ambiente para ir con los amigos a ver el fútbol. Recomiendo {plato}, y de acompañante, yuca frita.",
        "Cortes bien servidos y un chimichurri de la casa buenísimo. Ideal para celebrar un cumpleaños.",
        "Atención de primera; el parrillero nos explicó cada corte. Volveremos por {plato}.",
      ],
      regulares: [
        "La carne, muy buena; los acompañantes, algo simples para el precio. Igual recomiendo {plato}.",
        "Sabor excelente, pero el humo se siente en el salón y tardaron en traer la cuenta.",
      ],
    },
  },
  internacional: {
    heads: ["Bistró", "Cocina", "Restaurante"],
    motifs: ["Olivo", "La Brújula", "Cuatro Estaciones", "Alma", "Puerto Viejo", "Mediterráneo", "Mango"],
    especialidades: ["Cocina de autor", "Pasta fresca", "Risotto", "Pescado del día", "Tapas", "Carta de vinos", "Postres de la casa"],
    platos: ["Risotto de mariscos", "Lasaña de la casa", "Tataki de atún", "Pulpo a la parrilla", "Ravioles de langosta"],
    horarios: ["Lun-Sáb 12:00-22:30", "Mar-Dom 12:00-22:00"],
    descripciones: [
      "{nombre} combina cocina del mundo con productos panameños en {lugar}: {esp}.",
      "Cocina internacional en {lugar}, ideal para una cena especial: {esp}.",
    ],
    reviews: {
      buenas: [
        "Cocina cuidada y bien presentada; probé {plato} y no me arrepiento. Buena carta de vinos.",
        "Lugar bonito para una cena especial. El servicio, atento sin ser invasivo. Recomiendo {plato}.",
        "Sabores de afuera con ingredientes de aquí. Compartimos {plato} y pedimos otra ronda.",
        "Vinimos por un aniversario y nos trataron de maravilla. El postre de la casa, un espectáculo.",
      ],
      regulares: [
        "Platos ricos pero porciones pequeñas para lo que cuestan. Lo mejor: {plato}.",
        "Buena comida y buen ambiente; la música estaba un poco alta para conversar.",
      ],
    },
  },
  vegetariano: {
    heads: ["Huerto", "Cocina Vegetal", "Café Vegano"],
    motifs: ["La Semilla", "Hoja Verde", "Guanábana", "El Jardín", "Tierra Buena", "Cosecha", "Maracuyá"],
    especialidades: ["Bowls", "Jugos naturales", "Hamburguesa de lentejas", "Ensaladas", "Opciones veganas", "Batidos de frutas", "Wraps"],
    platos: ["Bowl de quinoa y plátano", "Hamburguesa de lentejas", "Curry de garbanzos", "Ensalada de mango y aguacate"],
    horarios: ["Lun-Sáb 8:00-19:00", "Lun-Vie 8:00-20:00, Sáb 9:00-16:00"],
    descripciones: [
      "{nombre} ofrece cocina vegetariana y vegana en {lugar}: {esp}, con frutas y verduras de productores locales.",
      "Comida sana y sin carne en {lugar}: {esp}.",
    ],
    reviews: {
      buenas: [
        "Por fin un lugar donde los vegetarianos tenemos de todo para escoger. Pedí {plato} y quedé feliz.",
        "Todo fresco y lleno de sabor. Recomiendo {plato} y los jugos naturales sin azúcar.",
        "Hasta mi papá, que es de carne y arroz, salió contento. Probamos {plato} y nos encantó.",
        "Ambiente tranquilo y atención amable. Buena opción para un almuerzo liviano entre semana.",
      ],
      regulares: [
        "Comida sana y rica, aunque un poco cara para las porciones. Lo que más me gustó: {plato}.",
        "Buenas opciones veganas; el lugar es pequeño y a la hora del almuerzo no hay dónde sentarse.",
      ],
    },
  },
  postres: {
    heads: ["Repostería", "Dulcería", "Heladería"],
    motifs: ["La Cocada", "Doña Nena", "Azúcar Morena", "Los Manjares", "La Panelita", "Merengue", "El Nance"],
    especialidades: ["Tres leches", "Cocadas", "Bienmesabe", "Flan de coco", "Raspao", "Queques", "Dulce de papaya", "Helados artesanales"],
    platos: ["Tres leches de coco", "Bienmesabe", "Queque de ron", "Helado de guanábana", "Flan de coco"],
    horarios: ["Lun-Sáb 9:00-20:00, Dom 10:00-18:00", "Todos los días 10:00-21:00"],
    descripciones: [
      "{nombre} hornea a diario en {lugar}: {esp}, y pasteles por encargo.",
      "Dulces típicos y repostería casera en {lugar}: {esp}.",
    ],
    reviews: {
      buenas: [
        "Los dulces típicos como los de antes. Compré {plato} para la familia y no duró ni una hora.",
        "Encargamos el pastel del cumpleaños y quedó precioso y delicioso. Muy puntuales con la entrega.",
        "Imposible ir solo por uno. Recomiendo {plato} con un cafecito.",
        "Todo hecho en casa y con cariño. Lo mejor que probé: {plato}.",
      ],
      regulares: [
        "Muy ricos los dulces, pero a veces se acaban temprano. Si quieren {plato}, lleguen antes de las cuatro.",
        "Buena repostería; un poco dulce para mi gusto, pero a los niños les encantó.",
      ],
    },
  },
  cafeteria: {
    heads: ["Café", "Cafetería", "Tostaduría"],
    motifs: ["Grano de Oro", "El Cafetal", "La Tacita", "Bajareque", "Altura", "La Molienda", "Buenos Días", "Tres Cerros"],
    especialidades: ["Café de Boquete", "Hojaldras", "Desayunos típicos", "Repostería", "Café frío", "Sándwiches", "Cappuccino"],
    platos: ["Café Geisha filtrado", "Desayuno típico con hojaldra", "Café frío con leche de coco", "Sándwich de pavo y queso blanco"],
    horarios: ["Todos los días 6:30-19:00", "Lun-Sáb 6:00-18:00, Dom 7:00-13:00"],
    descripciones: [
      "{nombre} sirve café panameño de altura en {lugar}: {esp}.",
      "Cafetería en {lugar} para desayunar o trabajar un rato: {esp}.",
    ],
    reviews: {
      buenas: [
        "Café de altura bien preparado y un ambiente tranquilo para trabajar. Probé {plato} y repetí.",
        "Desayuno completo y un café que levanta a cualquiera. Recomiendo {plato}.",
        "Los baristas saben lo que hacen y te explican de dónde viene cada grano. Vale la visita.",
        "Mi parada de todas las mañanas antes de la oficina. Rápidos, amables y el café siempre en su punto.",
      ],
      regulares: [
        "El café es excelente; el wifi falla a ratos y se llena los fines de semana.",
        "Buen café y buena repostería, aunque los precios son de ciudad. Pedí {plato} y estaba bien.",
      ],
    },
  },
  bar: {
    heads: ["Bar", "Cantina", "Taberna"],
    motifs: ["El Faro", "Marea Alta", "Los Congos", "El Balcón", "La Cumbia", "Noche Tropical", "La Tinaja Fría"],
    especialidades: ["Cócteles", "Cerveza artesanal", "Tapas", "Música en vivo", "Chicheme", "Picadas", "Seco Herrerano"],
    platos: ["Chicheme sour", "Mojito de maracuyá", "Picada de la casa", "Seco con limón y soda"],
    horarios: ["Mié-Sáb 17:00-2:00", "Jue-Dom 18:00-1:00"],
    descripciones: ["{nombre} es un bar de ambiente relajado en {lugar}: {esp}.", "Bar en {lugar} para empezar la noche: {esp}."],
    reviews: {
      buenas: [
        "Buen ambiente, buena música y los tragos bien servidos. Recomiendo {plato}.",
        "Fuimos un viernes con los compañeros del trabajo y la pasamos chévere. Las picadas, muy buenas.",
        "Vista bonita al atardecer y cócteles con frutas de aquí. Pidan {plato}.",
        "Atención rápida aunque estaba lleno. Buen sitio para empezar la noche.",
      ],
      regulares: [
        "Buenos tragos, pero la música está tan alta que no se puede conversar. Pedí {plato} y estuvo bien.",
        "Ambiente chévere; el sábado hubo que esperar bastante para que nos atendieran.",
      ],
    },
  },
};

/** Business kinds per industry: a hardware store keeps other hours and gets other reviews than a builder. */
export const BUSINESS_PROFILES: Record<IndustrySlug, Record<string, Profile>> = {
  construccion: {
    constructora: {
      heads: ["Constructora", "Construcciones", "Ingeniería y Obras"],
      motifs: ["Roca Firme", "Horizonte", "Los Pinos", "Viga Maestra", "Cordillera"],
      especialidades: ["Obra gris", "Remodelaciones", "Ampliaciones", "Trámite de permisos", "Casas llave en mano", "Fundaciones"],
      horarios: ["Lun-Sáb 7:00-16:00", "Lun-Vie 7:00-16:00, Sáb 7:00-12:00"],
      descripciones: [
        "{nombre} construye y remodela viviendas y locales en {lugar}: {esp}. Presupuesto por escrito y visita de obra sin costo.",
        "Empresa constructora de {lugar} con ingenieros y arquitectos idóneos: {esp}.",
      ],
      reviews: {
        buenas: [
          "Nos ampliaron la casa en el tiempo prometido y sin sorpresas en el presupuesto. El ingeniero pasaba por la obra todas las semanas.",
          "Remodelaron el baño y la terraza; dejaron todo limpio al terminar. Muy serios con los pagos y los recibos.",
          "Les encargamos la casa en el terreno de mis papás y quedó bien bonita. Nos ayudaron con los permisos del municipio.",
        ],
        regulares: [
          "Buen trabajo en la losa y las paredes, pero la obra se atrasó casi un mes por las lluvias. Al menos avisaron a tiempo.",
        ],
      },
    },
    ferreteria: {
      heads: ["Ferretería"],
      motifs: ["El Martillo", "La Tuerca", "El Constructor", "La Escuadra", "San Judas"],
      especialidades: [
        "Bloques de cemento",
        "Herramientas",
        "Plomería",
        "Pinturas",
        "Material eléctrico",
        "Zinc para techos",
        "Entrega a domicilio",
      ],
      horarios: ["Lun-Sáb 7:00-18:00, Dom 8:00-12:00", "Lun-Sáb 7:30-17:30"],
      descripciones: [
        "Ferretería de {lugar} con {esp}. Cortamos tubos y varillas a la medida.",
        "{nombre} vende materiales para la obra y el hogar en {lugar}: {esp}.",
      ],
      reviews: {
        buenas: [
          "Tienen de todo, desde un tornillo hasta el cemento para la obra. Los dependientes saben aconsejar.",
          "Me llevaron los bloques y el cemento a la casa el mismo día. Precios mejores que en las tiendas grandes.",
          "Atención rápida aunque estaba lleno de contratistas. Me cortaron los tubos a la medida sin costo.",
        ],
        regulares: ["Buenos precios, pero el sábado en la mañana hay mucha fila para pagar. Mejor ir entre semana."],
      },
    },
    instalaciones: {
      heads: [],
      motifs: [
        "Electricidad Corriente Segura",
        "Plomería Don Chalo",
        "Aires y Climas del Istmo",
        "Instalaciones Polo a Tierra",
        "Energía Solar Buen Sol",
      ],
      especialidades: [
        "Instalaciones eléctricas",
        "Paneles solares",
        "Aires acondicionados",
        "Plomería",
        "Planos eléctricos",
        "Mantenimiento preventivo",
      ],
      horarios: ["Lun-Vie 7:30-16:30, Sáb 8:00-12:00"],
      descripciones: ["{nombre} atiende hogares y comercios en {lugar}: {esp}. Técnicos idóneos y garantía por escrito."],
      reviews: {
        buenas: [
          "Vinieron a revisar un corto en la casa y lo resolvieron en una mañana. Explicaron todo y cobraron lo acordado.",
          "Instalaron los paneles solares y la factura de luz bajó bastante. Trabajo limpio y ordenado.",
          "Puntuales y con sus herramientas completas. El técnico dejó el panel eléctrico rotulado.",
        ],
        regulares: ["Buen trabajo, pero tardaron una semana en darme cita. Una vez vinieron, todo bien."],
      },
    },
    acabados: {
      heads: [],
      motifs: ["Pinturas y Acabados Brocha Fina", "Techos Seguros del Pacífico", "Pisos Nivel Perfecto", "Cielo Raso y Drywall El Maestro"],
      especialidades: ["Pintura interior", "Pintura exterior", "Porcelanato", "Impermeabilización", "Cielo raso", "Techos de zinc"],
      horarios: ["Lun-Vie 7:00-17:00, Sáb 7:00-12:00"],
      descripciones: ["{nombre} deja como nuevas casas y oficinas en {lugar}: {esp}. Materiales de primera y trabajo garantizado."],
      reviews: {
        buenas: [
          "Pintaron la casa por dentro y por fuera en cuatro días. Cubrieron los muebles y no dejaron ni una mancha.",
          "El porcelanato quedó parejito, sin una sola pieza hueca. Se nota la experiencia.",
          "Arreglaron las goteras del techo justo antes del invierno. Desde entonces, ni una gota.",
        ],
        regulares: ["El acabado quedó bien, pero tuvieron que volver a retocar dos paredes. Respondieron sin cobrar extra."],
      },
    },
  },
  belleza: {
    salon: {
      heads: ["Salón", "Estética", "Peluquería"],
      motifs: ["Divina", "Mariposa", "Canela", "Tu Estilo", "Brillo", "Glamour", "Bella Flor"],
      especialidades: ["Cortes", "Mechas", "Keratina", "Peinados para eventos", "Manicure", "Maquillaje", "Diseño de cejas"],
      horarios: ["Mar-Sáb 9:00-19:00", "Lun-Sáb 9:00-18:00, Dom 9:00-13:00"],
      descripciones: [
        "{nombre} en {lugar}: {esp}. Atendemos con cita o por orden de llegada.",
        "Salón de belleza en {lugar} con estilistas certificadas: {esp}.",
      ],
      reviews: {
        buenas: [
          "Me hicieron el color justo como lo pedí y me dieron consejos para cuidarlo. Salí feliz.",
          "Fui a peinarme para una boda y el peinado aguantó toda la noche. Muy amables.",
          "La manicure me duró tres semanas intacta. Local limpio y con el aire acondicionado bien frío.",
        ],
        regulares: ["Buen corte, pero aunque tenía cita tuve que esperar casi media hora."],
      },
    },
    barberia: {
      heads: ["Barbería"],
      motifs: ["El Clásico", "Navaja de Oro", "Don Bigote", "Estilo Urbano", "La Tijera"],
      especialidades: ["Cortes clásicos", "Fade", "Arreglo de barba", "Afeitado con toalla caliente", "Cortes para niños"],
      horarios: ["Lun-Sáb 9:00-20:00, Dom 9:00-14:00", "Mar-Dom 10:00-20:00"],
      descripciones: ["Barbería de {lugar}: {esp}. Buen ambiente y turnos por WhatsApp."],
      reviews: {
        buenas: [
          "El mejor fade que me han hecho. El barbero se toma su tiempo y no te apura.",
          "Llevo a mis dos pelaos y los atienden con paciencia. Salen bien cortados y contentos.",
          "Buen corte y arreglo de barba con toalla caliente. Ya es mi barbería fija.",
        ],
        regulares: ["Buenos cortes, pero los sábados se llena y sin turno toca esperar bastante."],
      },
    },
    spa: {
      heads: ["Spa", "Centro de Bienestar"],
      motifs: ["Aguas Claras", "Loto", "Serena", "Bambú", "Manantial"],
      especialidades: [
        "Masajes relajantes",
        "Faciales",
        "Depilación",
        "Masaje descontracturante",
        "Exfoliación corporal",
        "Paquetes para parejas",
      ],
      horarios: ["Lun-Sáb 9:00-19:00", "Mar-Dom 9:00-18:00"],
      descripciones: ["{nombre} en {lugar}: {esp}. Un rato de calma en medio de la semana."],
      reviews: {
        buenas: [
          "El masaje descontracturante me quitó el dolor de espalda de toda la semana. Lugar tranquilo y muy limpio.",
          "Fuimos en pareja por nuestro aniversario; el paquete valió cada dólar.",
          "Las terapeutas son profesionales y te preguntan qué necesitas antes de empezar.",
        ],
        regulares: ["Buen facial, aunque el local es pequeño y se escucha el ruido de la calle."],
      },
    },
  },
  tiendas: {
    artesania: {
      heads: ["Artesanías", "Galería Artesanal"],
      motifs: ["Chácara", "Manos Istmeñas", "Cocobolo", "Tagua Viva", "La Mola"],
      especialidades: [
        "Molas",
        "Chácaras",
        "Tallas de tagua",
        "Cestería wounaan",
        "Sombrero pintao",
        "Máscaras de diablicos",
        "Tembleques",
      ],
      horarios: ["Lun-Sáb 9:00-18:00, Dom 10:00-15:00"],
      descripciones: ["{nombre} vende artesanía panameña hecha a mano en {lugar}: {esp}. Piezas compradas directamente a los artesanos."],
      reviews: {
        buenas: [
          "Compré una mola para regalar y me explicaron quién la hizo y qué significa el diseño. Piezas auténticas.",
          "Buenos precios y mucha variedad. Me envolvieron todo con cuidado para el viaje.",
          "Se nota que trabajan directo con las comunidades. La tagua tallada es una belleza.",
        ],
        regulares: ["Artesanía bonita, aunque algunas piezas están caras. Vale la pena comparar antes de comprar."],
      },
    },
    boutique: {
      heads: ["Boutique", "Tienda"],
      motifs: ["Marea", "Palma Real", "Mango Biche", "Doña Flor", "Brisa"],
      especialidades: ["Ropa de dama", "Ropa de caballero", "Guayaberas", "Calzado", "Accesorios", "Tallas grandes", "Ropa de playa"],
      horarios: ["Lun-Sáb 10:00-19:00, Dom 11:00-17:00"],
      descripciones: ["{nombre} en {lugar}: {esp}. Mercancía nueva cada semana y apartado sin costo."],
      reviews: {
        buenas: [
          "Encontré la guayabera para la boda de mi hermano y me la ajustaron en dos días.",
          "Ropa bonita y de buena calidad a precios razonables. Las muchachas atienden con paciencia.",
          "Me apartaron un vestido sin cobrar y me avisaron por WhatsApp cuando llegó mi talla.",
        ],
        regulares: ["Buena ropa, pero los probadores son pocos y los sábados hay fila."],
      },
    },
    abarrotes: {
      heads: ["Minisúper", "Abarrotería"],
      motifs: ["La Económica", "El Ahorro", "San Miguel", "La Bendición", "Don Beto"],
      especialidades: ["Abarrotes", "Verduras frescas", "Carnes", "Productos de limpieza", "Recargas", "Entrega a domicilio"],
      horarios: ["Todos los días 7:00-21:00"],
      descripciones: ["{nombre} abastece al barrio en {lugar}: {esp}. Abierto todos los días."],
      reviews: {
        buenas: [
          "Tienen de todo para salir del apuro y a buen precio. El dueño conoce a todos los vecinos por su nombre.",
          "Las verduras llegan frescas los martes y viernes. Hacen entregas en el barrio sin recargo.",
          "Atención rápida y siempre tienen cambio. Me salvan cuando se me olvida algo.",
        ],
        regulares: ["Práctico por la cercanía, aunque algunos productos salen más caros que en el supermercado."],
      },
    },
  },
  abogados: {
    bufete: {
      heads: [],
      motifs: [
        "Bufete Castillo & Vergara",
        "Quintero & Asociados",
        "Delgado Saldaña Abogados",
        "Ortega Caballero Consultores Legales",
        "Firma Legal Samaniego Ríos",
        "Abogados Villarreal Concepción",
        "Bufete Jaén Mendieta",
      ],
      especialidades: [
        "Derecho corporativo",
        "Derecho de familia",
        "Sucesiones",
        "Derecho laboral",
        "Bienes raíces",
        "Residencias",
        "Cobros",
        "Sociedades anónimas",
      ],
      horarios: ["Lun-Vie 8:30-17:30", "Lun-Vie 8:00-17:00, Sáb 9:00-12:00"],
      descripciones: [
        "{nombre} ofrece asesoría legal en {lugar}: {esp}. Primera consulta con cita previa.",
        "Abogados idóneos en {lugar} para personas y empresas: {esp}.",
      ],
      reviews: {
        buenas: [
          "Me ayudaron con la sucesión de mi papá con paciencia, explicándome cada paso. Honestos con los tiempos y los costos.",
          "Constituimos la sociedad y abrimos la cuenta en pocas semanas. Responden los correos el mismo día.",
          "Llevaron mi caso laboral con seriedad y logramos un buen acuerdo. Muy recomendados.",
          "Me tramitaron la residencia sin enredos. La licenciada estuvo pendiente de todo.",
        ],
        regulares: [
          "Buen servicio, pero es difícil conseguir cita con el socio. Los asistentes sí responden rápido.",
          "Resolvieron el trámite, aunque tomó más de lo que nos dijeron al principio.",
        ],
      },
    },
  },
  deportes: {
    gimnasio: {
      heads: ["Gimnasio", "Centro de Entrenamiento"],
      motifs: ["Fuerza Istmeña", "Titanes", "Zona Fit", "El Roble", "Energía"],
      especialidades: ["Pesas", "Clases de spinning", "Entrenamiento funcional", "Entrenador personal", "Zumba", "Boxeo"],
      horarios: ["Lun-Vie 5:00-21:00, Sáb 7:00-14:00"],
      descripciones: ["{nombre} en {lugar}: {esp}. Abierto desde las cinco de la mañana, con mensualidad sin contrato."],
      reviews: {
        buenas: [
          "Abren temprano, así que entreno antes del trabajo. Máquinas en buen estado y los entrenadores te corrigen la postura.",
          "Las clases de spinning son intensas y divertidas. Buen ambiente, nadie te mira raro si vas empezando.",
          "En tres meses con el entrenador personal bajé de peso y gané fuerza. Precios justos.",
        ],
        regulares: ["Buen gimnasio, pero de 6 a 8 de la noche está lleno y hay que esperar las máquinas."],
      },
    },
    escuela: {
      heads: [],
      motifs: [
        "Escuela de Fútbol Los Cañoneros",
        "Academia de Natación Delfines",
        "Escuela de Béisbol Los Toros",
        "Club de Atletismo Gacelas",
      ],
      especialidades: ["Clases para niños", "Clases para adultos", "Entrenamiento competitivo", "Campamentos de verano", "Torneos"],
      horarios: ["Lun-Vie 15:00-19:00, Sáb 8:00-12:00"],
      descripciones: ["{nombre} entrena a niños, jóvenes y adultos en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Mi hijo lleva un año en la escuela y ha mejorado muchísimo. Los profesores son pacientes y exigentes a la vez.",
          "Organizados, puntuales y siempre pendientes de la seguridad de los niños.",
          "Las clases para adultos son a una hora cómoda después del trabajo. Buen ambiente de equipo.",
        ],
        regulares: ["Buenos entrenadores, aunque la cancha se pone lodosa cuando llueve y a veces suspenden."],
      },
    },
    "aire-libre": {
      heads: ["Escuela de Surf"],
      motifs: ["Ola Brava", "Marejada", "Arenas Blancas", "Punta Roca"],
      especialidades: ["Clases de surf", "Alquiler de tablas", "Paddle board", "Clases para niños", "Fotos en el agua"],
      horarios: ["Todos los días 6:30-17:00"],
      descripciones: ["{nombre} en {lugar}: {esp}, con instructores certificados y equipo para todos los niveles."],
      reviews: {
        buenas: [
          "Primera clase y al final ya me sentía seguro en el agua. El instructor, muy paciente.",
          "Salimos temprano en kayak y vimos monos y garzas. Equipo en buen estado y chalecos para todos.",
          "Clases bien organizadas según el nivel de cada uno. Volveremos en verano.",
        ],
        regulares: ["Experiencia bonita, pero el alquiler de tablas es algo caro para estar todo el día."],
      },
    },
  },
  salud: {
    clinica: {
      heads: ["Clínica", "Centro Médico"],
      motifs: ["San Rafael", "La Esperanza", "Los Almendros", "Buena Salud", "El Roble"],
      especialidades: [
        "Medicina general",
        "Pediatría",
        "Ginecología",
        "Certificados de salud",
        "Control de diabetes",
        "Laboratorio clínico",
        "Vacunación",
      ],
      horarios: ["Lun-Vie 7:00-19:00, Sáb 8:00-12:00", "Lun-Sáb 7:00-15:00"],
      descripciones: ["{nombre} atiende a toda la familia en {lugar}: {esp}. Cita el mismo día por teléfono o WhatsApp."],
      reviews: {
        buenas: [
          "La doctora me atendió con calma y me explicó bien el tratamiento. Sin esperar horas como en otros lados.",
          "Llevé a mi hija con fiebre un sábado temprano y la vieron enseguida. Personal muy amable.",
          "Me hicieron los exámenes y los resultados llegaron al correo al día siguiente.",
        ],
        regulares: ["Buena atención médica, pero la sala de espera se llena: la cita de las 8 me la atendieron a las 9:30."],
      },
    },
    odontologia: {
      heads: ["Clínica Dental", "Odontología"],
      motifs: ["Perla", "Sonrisa Brillante", "Esmalte", "Diente Sano", "Mil Sonrisas"],
      especialidades: ["Limpiezas", "Ortodoncia", "Blanqueamiento", "Endodoncia", "Implantes", "Odontopediatría"],
      horarios: ["Lun-Vie 8:00-18:00, Sáb 8:00-12:00"],
      descripciones: ["{nombre} cuida la salud dental de grandes y chicos en {lugar}: {esp}. Planes de pago sin intereses."],
      reviews: {
        buenas: [
          "Cero dolor en la limpieza y me explicaron cómo cuidar los frenillos. Consultorio impecable.",
          "Mi hijo le tenía miedo al dentista y salió contento. La doctora tiene mucha paciencia con los niños.",
          "Me hicieron la endodoncia en dos citas y me dieron plan de pagos. Muy profesionales.",
        ],
        regulares: ["Buen trabajo, aunque los precios están por encima de otros consultorios de la zona."],
      },
    },
    terapia: {
      heads: [],
      motifs: ["Fisioterapia Movimiento Libre", "Centro de Terapia Física Renacer", "Rehabilitación Paso Firme", "Fisio Activa"],
      especialidades: [
        "Terapia física",
        "Rehabilitación de lesiones",
        "Terapia deportiva",
        "Masaje terapéutico",
        "Terapia para adultos mayores",
      ],
      horarios: ["Lun-Vie 7:00-19:00, Sáb 8:00-12:00"],
      descripciones: ["{nombre} en {lugar}: {esp}. Evaluación inicial y plan de ejercicios para la casa."],
      reviews: {
        buenas: [
          "Después de la operación de rodilla, aquí volví a caminar sin dolor. Las terapeutas te motivan en cada sesión.",
          "Me atendieron la espalda con ejercicios para hacer en casa. Puntuales y muy profesionales.",
          "Llevo a mi mamá a terapia dos veces por semana y la tratan con mucho cariño.",
        ],
        regulares: ["Buenos fisioterapeutas, pero los horarios de la tarde se llenan con semanas de anticipación."],
      },
    },
  },
  educacion: {
    idiomas: {
      heads: [],
      motifs: ["Instituto de Idiomas Babel", "Centro de Idiomas Puente", "Academia de Inglés Puertas Abiertas"],
      especialidades: ["Inglés para niños", "Inglés para adultos", "Francés", "Preparación para exámenes", "Clases en línea", "Mandarín"],
      horarios: ["Lun-Vie 8:00-20:00, Sáb 8:00-13:00"],
      descripciones: ["{nombre} enseña idiomas en {lugar}: {esp}. Grupos pequeños y prueba de nivel gratis."],
      reviews: {
        buenas: [
          "Mi hija subió las notas de inglés en un trimestre. Grupos pequeños y profesores con paciencia.",
          "Tomé el curso de inglés para el trabajo y ya hago mis reuniones sin miedo. Horario de noche muy práctico.",
          "Buenos materiales y seguimiento. A los papás nos avisan si el niño falta.",
        ],
        regulares: ["Buenos profesores, pero cambiaron el horario del curso a mitad de trimestre."],
      },
    },
    tutorias: {
      heads: [],
      motifs: ["Centro de Tutorías Lápiz y Papel", "Academia Saber Más", "Refuerzo Escolar El Búho", "Centro de Estudios Avanza"],
      especialidades: ["Refuerzo escolar", "Matemáticas", "Ciencias", "Preparación para la universidad", "Técnicas de estudio"],
      horarios: ["Lun-Vie 13:00-19:00, Sáb 8:00-12:00"],
      descripciones: ["{nombre} acompaña a estudiantes de primaria y secundaria en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Mi hijo iba a fracasar matemáticas y terminó el año con buena nota. Las tutoras tienen paciencia de santo.",
          "Lo prepararon bien para la prueba de admisión de la universidad. Buen material de práctica.",
          "Horarios flexibles después del colegio y te mandan un reporte cada mes.",
        ],
        regulares: ["Buena enseñanza, aunque el salón es pequeño y hace calor por la tarde."],
      },
    },
    computacion: {
      heads: [],
      motifs: ["Academia de Computación Byte", "Escuela Digital Istmo", "Centro de Cómputo Teclado"],
      especialidades: ["Computación básica", "Excel", "Desarrollo web", "Python", "Diseño gráfico"],
      horarios: ["Lun-Vie 8:00-21:00, Sáb 8:00-14:00"],
      descripciones: ["{nombre} da cursos prácticos en {lugar}: {esp}. Certificado al terminar cada curso."],
      reviews: {
        buenas: [
          "Aprendí Excel desde cero y ahora lo uso todos los días en la oficina. Clases muy prácticas.",
          "El curso de desarrollo web me ayudó a conseguir mi primer trabajo como programador.",
          "Profesores que trabajan en la industria y explican con ejemplos reales. Grupos pequeños.",
        ],
        regulares: ["Buen contenido, pero algunas computadoras del laboratorio están lentas."],
      },
    },
  },
  tecnologia: {
    reparacion: {
      heads: ["Servicio Técnico", "Reparaciones"],
      motifs: ["Pixel", "Bit a Bit", "El Chip", "Circuito", "Megabyte"],
      especialidades: [
        "Cambio de pantallas",
        "Reparación de laptops",
        "Baterías",
        "Recuperación de datos",
        "Reparación de consolas",
        "Reparación de celulares",
      ],
      horarios: ["Lun-Sáb 9:00-18:00", "Lun-Vie 9:00-18:00, Sáb 9:00-14:00"],
      descripciones: ["{nombre} repara equipos en {lugar}: {esp}. Diagnóstico gratis y garantía de 90 días."],
      reviews: {
        buenas: [
          "Me cambiaron la pantalla del celular en una hora y con garantía. Precio justo.",
          "Recuperaron las fotos de una laptop que no encendía. Me salvaron la vida.",
          "Te dicen el diagnóstico antes de cobrar nada y no te inventan reparaciones.",
        ],
        regulares: ["Buen servicio, pero el repuesto tardó una semana en llegar y tuve que llamar dos veces."],
      },
    },
    desarrollo: {
      heads: ["Soluciones Digitales", "Sistemas", "Estudio Digital"],
      motifs: ["Ceiba", "Bahía", "Código Verde", "Nube Istmeña"],
      especialidades: [
        "Páginas web",
        "Tiendas en línea",
        "Facturación electrónica",
        "Aplicaciones móviles",
        "Marketing digital",
        "Sistemas de inventario",
      ],
      horarios: ["Lun-Vie 8:00-17:00", "Lun-Vie 8:30-17:30"],
      descripciones: ["{nombre} desarrolla software para pymes desde {lugar}: {esp}. Reunión inicial sin costo."],
      reviews: {
        buenas: [
          "Nos hicieron la tienda en línea y nos enseñaron a manejarla solos. Soporte rápido por WhatsApp.",
          "Implementaron la facturación electrónica a tiempo para la fecha de la DGI. Muy organizados.",
          "La página web quedó moderna y rápida; ya nos llegan clientes por Google.",
        ],
        regulares: ["Buen producto final, aunque la entrega se atrasó dos semanas con respecto a lo acordado."],
      },
    },
    redes: {
      heads: [],
      motifs: ["Redes y Cámaras Ojo Alerta", "Soporte TI Conecta", "Conectividad Rural Enlace", "Seguridad Electrónica Vigía"],
      especialidades: ["Cámaras de seguridad", "Redes wifi", "Soporte a empresas", "Cableado estructurado", "Alarmas", "Respaldo de datos"],
      horarios: ["Lun-Vie 8:00-17:00, Sáb 8:00-12:00"],
      descripciones: ["{nombre} conecta y protege hogares y negocios en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Instalaron las cámaras del negocio y ahora las veo desde el celular. Trabajo limpio, sin cables por todos lados.",
          "Por fin el wifi llega a toda la casa. Vinieron el mismo día que llamé.",
          "Le dan soporte a la oficina desde hace dos años; cuando algo falla, responden rápido.",
        ],
        regulares: ["Buena instalación, aunque la primera visita se reprogramó dos veces."],
      },
    },
  },
  turismo: {
    "tours-mar": {
      heads: ["Tours", "Lanchas"],
      motifs: ["Arrecife", "Isla Bonita", "Ballena Azul", "Manglar Vivo", "Estrella de Mar"],
      especialidades: [
        "Tours en lancha",
        "Snorkel",
        "Tours a islas",
        "Avistamiento de ballenas",
        "Observación de delfines",
        "Playas vírgenes",
      ],
      horarios: ["Todos los días 6:00-18:00", "Todos los días 7:00-17:00"],
      descripciones: ["{nombre} sale a diario desde {lugar}: {esp}. Guías locales y chalecos para todos."],
      reviews: {
        buenas: [
          "El guía conocía cada rincón de las islas y nos llevó a un arrecife sin gente. Un día inolvidable.",
          "Vimos ballenas con su cría a pocos metros de la lancha. Chalecos y equipo en buen estado.",
          "Súper organizados: nos recogieron en el hotel a la hora exacta y nos trajeron de vuelta antes de la lluvia.",
        ],
        regulares: ["El paseo, bonito; la lancha iba muy llena y el regreso se atrasó por el oleaje."],
      },
    },
    "tours-tierra": {
      heads: ["Senderos", "Aventura"],
      motifs: ["Quetzal", "Cumbres", "Bosque Nuboso", "Cascadas", "Sabana"],
      especialidades: ["Caminatas guiadas", "Observación de aves", "Tours de café", "Rafting", "Canopy", "Ascenso al volcán"],
      horarios: ["Todos los días 5:30-17:00"],
      descripciones: ["{nombre} organiza salidas guiadas desde {lugar}: {esp}. Grupos pequeños y transporte incluido."],
      reviews: {
        buenas: [
          "Subimos de madrugada con un guía que se sabía cada sendero. El amanecer desde arriba no tiene precio.",
          "Vimos el quetzal en la primera hora de caminata. El guía tenía telescopio y mucha paciencia.",
          "El rafting fue pura adrenalina y muy seguro; nos dieron una charla completa antes de salir.",
        ],
        regulares: ["La caminata fue bonita, pero el transporte llegó tarde a recogernos al hotel."],
      },
    },
    agencia: {
      heads: ["Viajes", "Agencia de Viajes"],
      motifs: ["Pasaporte", "Rumbo Norte", "Mundo Istmo", "Alas", "Brújula"],
      especialidades: [
        "Paquetes nacionales",
        "Boletos aéreos",
        "Cruceros",
        "Viajes de grupo",
        "Seguros de viaje",
        "Excursiones de fin de semana",
      ],
      horarios: ["Lun-Vie 8:30-17:30, Sáb 9:00-12:00"],
      descripciones: ["{nombre} en {lugar}: {esp}. Te armamos el viaje completo, con pagos a plazos."],
      reviews: {
        buenas: [
          "Nos armaron un paquete a Boquete para toda la familia, con transporte y hotel. Todo salió como lo prometieron.",
          "Conseguí un boleto más barato que en internet y me ayudaron a cambiar la fecha sin enredos.",
          "Atención personalizada y pendientes durante todo el viaje por WhatsApp.",
        ],
        regulares: ["Buen paquete, pero el hotel no era tan bonito como en las fotos."],
      },
    },
    pesca: {
      heads: ["Pesca Deportiva", "Buceo"],
      motifs: ["Pez Vela", "Marlín Azul", "Coral", "Mantarraya", "Isla Montuosa"],
      especialidades: ["Pesca deportiva", "Cursos de buceo", "Buceo certificado", "Alquiler de equipo", "Salidas a Coiba", "Snorkel"],
      horarios: ["Todos los días 6:00-16:00"],
      descripciones: ["{nombre} sale desde {lugar} hacia los mejores puntos del Pacífico: {esp}."],
      reviews: {
        buenas: [
          "Salimos de madrugada y sacamos dos dorados y un atún. El capitán sabe dónde están los peces.",
          "Buceo espectacular: tortugas, tiburones de arrecife y buena visibilidad. Instructores muy cuidadosos.",
          "Equipo nuevo y explicación clara antes de cada inmersión. Me saqué la certificación aquí.",
        ],
        regulares: ["La salida estuvo buena, aunque el mar estaba picado y varios se marearon. Lleven pastillas."],
      },
    },
  },
  servicios: {
    hogar: {
      heads: [],
      motifs: [
        "Limpiezas Brillo Total",
        "Control de Plagas Casa Libre",
        "Tapicería y Limpieza Sofá Nuevo",
        "Mantenimiento Manos a la Obra",
      ],
      especialidades: ["Limpieza profunda", "Lavado de muebles", "Control de plagas", "Mantenimiento de casas", "Servicio a domicilio"],
      horarios: ["Lun-Sáb 7:00-17:00"],
      descripciones: ["{nombre} atiende casas y oficinas en {lugar}: {esp}. Cotización gratis por WhatsApp."],
      reviews: {
        buenas: [
          "Llegaron a la hora acordada, trabajaron rápido y dejaron todo limpio. Así da gusto.",
          "Precio justo y sin cobros sorpresa al final. Ya los recomendé a mis vecinos.",
          "Los llamé un domingo y el lunes temprano estaban en la casa. Muy serios.",
        ],
        regulares: ["Buen trabajo, pero llegaron una hora tarde y sin avisar."],
      },
    },
    oficina: {
      heads: [],
      motifs: ["Contadores Asociados Balboa", "Gestiones y Trámites Rápidos", "Asesoría Tributaria Pacífico"],
      especialidades: ["Contabilidad", "Declaraciones de renta", "Planillas", "Trámites municipales", "Avisos de operación"],
      horarios: ["Lun-Vie 8:00-17:00"],
      descripciones: ["{nombre} ayuda a pymes y profesionales en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Entregaron todo antes de la fecha y sin errores. Muy profesionales.",
          "Responden rápido los correos y explican todo con claridad, sin palabras complicadas.",
          "Cumplen con los plazos y cobran lo acordado desde el principio.",
        ],
        regulares: ["Buen trabajo, pero para hablar con el encargado hay que insistir bastante."],
      },
    },
    local: {
      heads: [],
      motifs: ["Lavandería Burbujas", "Copias e Impresiones Al Instante", "Sastrería La Aguja de Oro"],
      especialidades: ["Planchado", "Tintorería", "Impresiones", "Arreglos de ropa", "Entrega a domicilio"],
      horarios: ["Lun-Sáb 7:00-19:00"],
      descripciones: ["{nombre} atiende en {lugar}: {esp}. Pedidos urgentes el mismo día."],
      reviews: {
        buenas: [
          "Entregan a tiempo y con buena calidad. Atención amable en el mostrador.",
          "Me resolvieron un pedido urgente el mismo día. Precios razonables.",
          "Siempre cumplen con lo que prometen; ya soy cliente fijo.",
        ],
        regulares: ["Buen servicio, pero los sábados hay mucha gente y se demoran."],
      },
    },
    eventos: {
      heads: ["Eventos", "Decoraciones"],
      motifs: ["Tamborito", "Luna de Miel", "Guirnalda", "Gran Día"],
      especialidades: ["Bodas", "Quinceañeros", "Eventos corporativos", "Decoración", "Alquiler de mobiliario"],
      horarios: ["Lun-Sáb 9:00-18:00"],
      descripciones: ["{nombre} organiza celebraciones en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Organizaron la boda de mi hija de principio a fin y no tuvimos que preocuparnos por nada.",
          "La decoración quedó preciosa y el montaje estuvo listo dos horas antes. Muy recomendados.",
          "Se encargaron del evento de fin de año de la empresa; todo puntual y bien coordinado.",
        ],
        regulares: ["Bonito montaje, aunque el sonido falló un rato al principio de la fiesta."],
      },
    },
    taller: {
      heads: ["Taller", "Mecánica"],
      motifs: ["El Pistón", "Rueda Libre", "La Llave Inglesa", "Turbo", "Don Cholo"],
      especialidades: ["Mecánica general", "Frenos", "Cambio de aceite", "Alineamiento", "Diagnóstico computarizado", "Revisado vehicular"],
      horarios: ["Lun-Vie 7:30-17:00, Sáb 7:30-12:00"],
      descripciones: ["{nombre} repara carros de todas las marcas en {lugar}: {esp}."],
      reviews: {
        buenas: [
          "Me revisaron los frenos y me cobraron solo lo que hacía falta. Mecánicos honestos, que no abundan.",
          "Pasé el revisado sin problemas después del servicio. Me entregaron el carro lavado.",
          "Diagnóstico rápido y te enseñan las piezas viejas que cambiaron.",
        ],
        regulares: ["Buen trabajo, pero el carro estuvo listo un día después de lo prometido."],
      },
    },
  },
};

/** Restaurants to generate per province, by category (on top of the hand-written ones). */
export const RESTAURANT_PLAN: Record<ProvinceSlug, readonly DemoCategory[]> = {
  panama: ["comida-tradicional", "mariscos", "internacional", "cafeteria", "comida-rapida"],
  "panama-oeste": ["mariscos", "comida-tradicional", "comida-rapida", "cafeteria", "postres", "bar"],
  chiriqui: ["parrilla", "cafeteria", "comida-tradicional", "internacional", "postres", "vegetariano", "comida-rapida"],
  cocle: ["comida-tradicional", "mariscos", "cafeteria", "postres", "comida-rapida", "bar"],
  colon: ["mariscos", "comida-tradicional", "comida-rapida", "bar", "internacional", "parrilla"],
  herrera: ["comida-tradicional", "parrilla", "postres", "cafeteria"],
  "los-santos": ["comida-tradicional", "mariscos", "bar", "parrilla", "postres", "cafeteria"],
  veraguas: ["mariscos", "comida-tradicional", "parrilla", "comida-rapida", "cafeteria", "internacional"],
  "bocas-del-toro": ["mariscos", "internacional", "bar", "cafeteria"],
  darien: ["comida-tradicional", "mariscos"],
};

/**
 * Businesses to generate per industry: [kind, province, town] (on top of the hand-written ones). The
 * town, one of PLACES, is for kinds tied to a place (boats leave from the coast); else streets rotate.
 */
export const BUSINESS_PLAN: Record<IndustrySlug, readonly (readonly [kind: string, provincia: ProvinceSlug, town?: string])[]> = {
  construccion: [
    ["constructora", "veraguas"],
    ["ferreteria", "panama"],
    ["instalaciones", "chiriqui"],
    ["ferreteria", "los-santos"],
    ["acabados", "panama-oeste"],
  ],
  belleza: [
    ["salon", "panama"],
    ["barberia", "panama"],
    ["salon", "chiriqui"],
    ["barberia", "colon"],
    ["spa", "panama"],
    ["salon", "herrera"],
    ["barberia", "veraguas"],
  ],
  tiendas: [
    ["boutique", "panama"],
    ["abarrotes", "darien"],
    ["artesania", "bocas-del-toro"],
    ["boutique", "chiriqui"],
    ["abarrotes", "los-santos"],
    ["artesania", "panama"],
  ],
  abogados: [
    ["bufete", "panama"],
    ["bufete", "chiriqui"],
    ["bufete", "panama"],
    ["bufete", "veraguas"],
    ["bufete", "herrera"],
    ["bufete", "colon"],
  ],
  deportes: [
    ["gimnasio", "panama"],
    ["escuela", "chiriqui"],
    ["gimnasio", "panama-oeste"],
    ["aire-libre", "bocas-del-toro", "Isla Colón"],
  ],
  salud: [
    ["clinica", "panama"],
    ["odontologia", "chiriqui"],
    ["terapia", "panama"],
    ["clinica", "cocle"],
    ["odontologia", "panama-oeste"],
    ["clinica", "darien"],
    ["terapia", "herrera"],
    ["odontologia", "colon"],
  ],
  educacion: [
    ["idiomas", "panama"],
    ["tutorias", "chiriqui"],
    ["computacion", "panama-oeste"],
    ["tutorias", "veraguas"],
  ],
  tecnologia: [
    ["desarrollo", "panama"],
    ["reparacion", "chiriqui"],
    ["redes", "panama"],
    ["desarrollo", "panama"],
    ["reparacion", "colon"],
    ["redes", "cocle"],
    ["reparacion", "veraguas"],
  ],
  turismo: [
    ["tours-mar", "panama", "Amador"],
    ["agencia", "panama"],
    ["pesca", "veraguas", "Santa Catalina"],
    ["tours-tierra", "chiriqui", "Boquete"],
    ["tours-mar", "bocas-del-toro", "Isla Colón"],
    ["agencia", "chiriqui"],
    ["tours-tierra", "cocle", "El Valle de Antón"],
    ["pesca", "los-santos", "Pedasí"],
  ],
  servicios: [
    ["taller", "panama-oeste"],
    ["hogar", "chiriqui"],
    ["taller", "veraguas"],
  ],
};
