/**
 * `npm run db:seed:large -- --listings 100000`: generated directory listings for benchmarks, in the
 * configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR). Half restaurants, half
 * businesses, spread over every province, category and industry, newest first by one second each.
 *
 * Set-based SQL (generate_series) in batches with a progress line; idempotent: generated rows have
 * fixed slugs (gen-r-N, gen-n-N) and a second run only adds what is missing.
 *
 * Like the demo data, every listing sits near a real town of its own province (app/catalog/towns.ts,
 * scattered within the town's radius by arithmetic on N) and has the weekly schedule its hours text reads as.
 */
import { sql } from "drizzle-orm";
import { RESTAURANT_CATEGORY_SLUGS } from "../app/catalog/categories";
import { INDUSTRY_SLUGS } from "../app/catalog/industries";
import { PLAN_TYPE_SLUGS } from "../app/catalog/plans";
import { PROVINCE_SLUGS } from "../app/catalog/provinces";
import { TOWN_COORDINATES } from "../app/catalog/towns";
import { periodsFromText } from "../app/lib/opening-hours";

const arr = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

const R_PREFIX = [
  "Fonda",
  "Restaurante",
  "Café",
  "Marisquería",
  "Parrillada",
  "Bistró",
  "Cevichería",
  "Pizzería",
  "Panadería",
  "Soda",
  "Cantina",
  "Asadero",
];
const PLACES = [
  "del Mar",
  "La Tinaja",
  "El Cangrejo",
  "Boquete",
  "Casco Viejo",
  "La Pollera",
  "El Valle",
  "Las Tablas",
  "Bella Vista",
  "Coronado",
  "Azuero",
  "El Dorado",
  "Portobelo",
  "San Blas",
  "La Chorrera",
  "Santa Catalina",
  "Pedasí",
  "Volcán",
  "Chitré",
  "Taboga",
];
const DISHES = [
  "Sancocho",
  "Ceviche",
  "Corvina",
  "Patacones",
  "Carimañolas",
  "Tamales",
  "Arroz con pollo",
  "Hojaldras",
  "Café Geisha",
  "Tres leches",
  "Langosta",
  "Pulpo",
  "Picaña",
  "Empanadas",
  "Bollos",
  "Ropa vieja",
];
const B_PREFIX = ["Servicios", "Grupo", "Taller", "Centro", "Estudio", "Consultores", "Academia", "Clínica", "Tienda", "Agencia"];
const SKILLS = [
  "Remodelaciones",
  "Contabilidad",
  "Peluquería",
  "Ortodoncia",
  "Clases de inglés",
  "Surf",
  "Reparación de celulares",
  "Tours en lancha",
  "Derecho corporativo",
  "Paneles solares",
  "Masajes",
  "Artesanía",
  "Fisioterapia",
  "Mudanzas",
  "Diseño web",
  "Fumigación",
];
const STREETS = [
  "Vía España",
  "Calle 50",
  "Avenida Balboa",
  "Vía Argentina",
  "Avenida Central",
  "Vía Israel",
  "Calle Uruguay",
  "Avenida Perú",
  "Vía Brasil",
  "Calle 10",
];
const HOURS = ["Lun-Sáb 11:00-22:00", "Todos los días 7:00-21:00", "Mar-Dom 12:00-23:00", "Lun-Vie 8:00-18:00"];

/** The schedules of HOURS, in the same order, as jsonb literals: row N gets both from one index. */
const SCHEDULES = sql.raw(
  `array[${HOURS.map((h) => {
    const periods = periodsFromText(h);
    if (!periods) throw new Error(`seed-large: «${h}» does not read as a weekly schedule`);
    return `'${JSON.stringify(periods)}'::jsonb`;
  }).join(",")}]`,
);

/**
 * The towns of every province, flattened in PROVINCE_SLUGS order (one entry per distinct centre):
 * row N's province is PROVINCE_SLUGS[N % P], its town the (N / P) % count-th of that province's slice.
 * The scatter is in degrees, radius / √2 per axis so that the square's corners stay within the radius.
 */
const TOWNS = (() => {
  const lat: number[] = [];
  const lng: number[] = [];
  const spread: number[] = [];
  const offset: number[] = [];
  const count: number[] = [];
  const KM_PER_DEGREE = (2 * Math.PI * 6371.0088) / 360;
  for (const provincia of PROVINCE_SLUGS) {
    const centres = new Map<string, { lat: number; lng: number; radiusKm: number }>();
    for (const t of Object.values(TOWN_COORDINATES)) if (t.provincia === provincia) centres.set(`${t.lat},${t.lng}`, t);
    if (!centres.size) throw new Error(`seed-large: no town in ${provincia}`);
    offset.push(lat.length);
    count.push(centres.size);
    for (const t of centres.values()) {
      lat.push(t.lat);
      lng.push(t.lng);
      spread.push(Math.round((t.radiusKm / KM_PER_DEGREE / Math.SQRT2) * 1e6) / 1e6);
    }
  }
  const nums = (values: number[], type: string) => sql.raw(`array[${values.join(",")}]::${type}[]`);
  return {
    lat: nums(lat, "numeric"),
    lng: nums(lng, "numeric"),
    spread: nums(spread, "numeric"),
    offset: nums(offset, "int"),
    count: nums(count, "int"),
  };
})();

/** The row's town (1-based index into TOWNS), as a lateral column `town`. */
const townOfRow = sql`cross join lateral (select 1 + (${TOWNS.offset})[1 + g % ${PROVINCE_SLUGS.length}]
  + (g / ${PROVINCE_SLUGS.length}) % (${TOWNS.count})[1 + g % ${PROVINCE_SLUGS.length}] as town) w`;
/** Centre plus a scatter in [-1, 1] × spread per axis; two coprime moduli so that the pairs do not line up. */
const latitud = sql`round((${TOWNS.lat})[w.town] + ((g::bigint * 7919) % 1999 - 999) / 999.0 * (${TOWNS.spread})[w.town], 6)`;
const longitud = sql`round((${TOWNS.lng})[w.town] + ((g::bigint * 104729) % 2003 - 1001) / 1001.0 * (${TOWNS.spread})[w.town], 6)`;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** The listings and the open-period boxes their triggers keep. */
const LISTING_TABLES = ["restaurants", "businesses", "restaurant_open_spans", "business_open_spans"];

type Exec = (query: ReturnType<typeof sql>) => Promise<unknown>;
type Query = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;

// Columns both kinds fill the same way, row g of the batch.
const hoursAndPlace = sql`(${arr(HOURS)})[1 + g % ${HOURS.length}], (${SCHEDULES})[1 + g % ${HOURS.length}], ${latitud}, ${longitud}`;
const planAndState = sql`
      (${arr(PLAN_TYPE_SLUGS)})[1 + case when g % 10 = 0 then 2 when g % 4 = 0 then 1 else 0 end],
      g % 3 = 0,
      g % 50 <> 0,
      now() - interval '1 day' - g * interval '1 second',
      now() - interval '1 day'`;

function restaurantBatch(from: number, to: number) {
  return sql`
    insert into restaurants (slug, nombre, descripcion, direccion, telefono, horario, horario_semanal, latitud, longitud,
      rating, categoria, provincia, especialidades, special_dish, plan_type, is_verified, is_active, created_at, updated_at)
    select 'gen-r-' || g,
      (${arr(R_PREFIX)})[1 + g % ${R_PREFIX.length}] || ' ' || (${arr(PLACES)})[1 + (g / 7) % ${PLACES.length}] || ' ' || g,
      'Cocina panameña con ' || lower((${arr(DISHES)})[1 + g % ${DISHES.length}]) || ' y ' || lower((${arr(DISHES)})[1 + (g / 3) % ${DISHES.length}]) || ', ingredientes locales y atención cercana.',
      (${arr(STREETS)})[1 + g % ${STREETS.length}] || ' ' || (g % 200) || ', ' || (${arr(PLACES)})[1 + (g / 11) % ${PLACES.length}],
      '+507 6' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0') || '-' || lpad(((g::bigint * 104729) % 10000)::text, 4, '0'),
      ${hoursAndPlace},
      case when g % 17 = 0 then null else round((3 + (g % 21) / 10.0)::numeric, 1) end,
      (${arr(RESTAURANT_CATEGORY_SLUGS)})[1 + (g / 13) % ${RESTAURANT_CATEGORY_SLUGS.length}],
      (${arr(PROVINCE_SLUGS)})[1 + g % ${PROVINCE_SLUGS.length}],
      array[(${arr(DISHES)})[1 + g % ${DISHES.length}], (${arr(DISHES)})[1 + (g / 3) % ${DISHES.length}]],
      (${arr(DISHES)})[1 + (g / 5) % ${DISHES.length}],
      ${planAndState}
    from generate_series(${from}::int, ${to}::int) g ${townOfRow}
    on conflict (slug) do nothing`;
}

function businessBatch(from: number, to: number) {
  return sql`
    insert into businesses (slug, nombre, descripcion, direccion, telefono, horario, horario_semanal, latitud, longitud,
      rating, industria, provincia, especialidades, special_service, plan_type, is_verified, is_active, created_at, updated_at)
    select 'gen-n-' || g,
      (${arr(B_PREFIX)})[1 + g % ${B_PREFIX.length}] || ' ' || (${arr(SKILLS)})[1 + (g / 7) % ${SKILLS.length}] || ' ' || (${arr(PLACES)})[1 + (g / 3) % ${PLACES.length}] || ' ' || g,
      'Especialistas en ' || lower((${arr(SKILLS)})[1 + (g / 7) % ${SKILLS.length}]) || ' con atención personalizada en todo Panamá.',
      (${arr(STREETS)})[1 + g % ${STREETS.length}] || ' ' || (g % 200) || ', ' || (${arr(PLACES)})[1 + (g / 11) % ${PLACES.length}],
      '+507 6' || lpad(((g::bigint * 7907) % 1000)::text, 3, '0') || '-' || lpad(((g::bigint * 104723) % 10000)::text, 4, '0'),
      ${hoursAndPlace},
      round((3 + (g % 21) / 10.0)::numeric, 1),
      (${arr(INDUSTRY_SLUGS)})[1 + (g / 10) % ${INDUSTRY_SLUGS.length}],
      (${arr(PROVINCE_SLUGS)})[1 + g % ${PROVINCE_SLUGS.length}],
      array[(${arr(SKILLS)})[1 + (g / 7) % ${SKILLS.length}], (${arr(SKILLS)})[1 + g % ${SKILLS.length}]],
      (${arr(SKILLS)})[1 + (g / 7) % ${SKILLS.length}],
      ${planAndState}
    from generate_series(${from}::int, ${to}::int) g ${townOfRow}
    on conflict (slug) do nothing`;
}

/** Inserts `total` generated listings (half each kind) through `exec`, printing progress. */
export async function seedLarge(total: number, exec: Exec, query: Query, opts: { batch?: number; log?: (line: string) => void } = {}) {
  const batch = opts.batch ?? 20_000;
  const log = opts.log ?? ((line: string) => process.stdout.write(line));
  // Big loads: building the secondary indexes once at the end is far faster than maintaining the
  // GIN and GiST indexes row by row (the open-period boxes are filled by the tables' triggers as the
  // listings go in). They are recreated from their own definitions, even after an error.
  const rebuild = total >= 50_000;
  const indexes = rebuild
    ? await query<{ name: string; def: string }>(sql`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i where i.indrelid in (${sql.raw(LISTING_TABLES.map((t) => `'${t}'::regclass`).join(", "))})
          and not i.indisprimary and not i.indisunique`)
    : [];
  for (const ix of indexes) await exec(sql.raw(`drop index if exists ${ix.name}`));
  try {
    await insertAll();
  } finally {
    for (const ix of indexes) {
      log(`\r[seed-large] índice ${ix.name}…                                        `);
      await exec(sql.raw(ix.def.replace(/^CREATE INDEX /, "CREATE INDEX IF NOT EXISTS ")));
    }
  }
  for (const table of LISTING_TABLES) await exec(sql.raw(`analyze ${table}`));
  log(`\n[seed-large] listo\n`);

  async function insertAll() {
    const restaurantsN = Math.ceil(total / 2);
    const businessesN = total - restaurantsN;
    const started = Date.now();
    let done = 0;
    for (const [kind, count, make] of [
      ["restaurantes", restaurantsN, restaurantBatch],
      ["negocios", businessesN, businessBatch],
    ] as const) {
      for (let from = 1; from <= count; from += batch) {
        const to = Math.min(count, from + batch - 1);
        await exec(make(from, to));
        done += to - from + 1;
        const secs = (Date.now() - started) / 1000;
        const pct = ((done / total) * 100).toFixed(1);
        log(
          `\r[seed-large] ${kind}: ${done.toLocaleString("es-PA")} / ${total.toLocaleString("es-PA")} (${pct} %) · ${Math.round(done / Math.max(secs, 0.001)).toLocaleString("es-PA")} filas/s   `,
        );
      }
    }
    log(`\n[seed-large] filas insertadas en ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

async function main() {
  const total = Number(arg("listings", "100000"));
  if (!Number.isInteger(total) || total < 1 || total > 5_000_000) {
    console.error("--listings debe ser un entero entre 1 y 5.000.000");
    process.exit(1);
  }
  // Batches of 20,000 rows and index builds run far longer than a page's statements.
  process.env.DB_STATEMENT_TIMEOUT_MS = "0";
  const { db, dbReady, closeDb, dbDriver } = await import("../app/server/platform/db.server");
  await dbReady();
  console.info(`[seed-large] ${total.toLocaleString("es-PA")} listados en ${dbDriver() === "postgres" ? "PostgreSQL" : "PGlite"}`);
  const { queryRows } = await import("../app/server/platform/db.server");
  const started = Date.now();
  await seedLarge(
    total,
    (q) => db.execute(q),
    (q) => queryRows(q),
  );
  console.info(`[seed-large] total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await closeDb();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  main().catch((error) => {
    console.error("[seed-large] error:", error);
    process.exit(1);
  });
}
