/**
 * The demo directory as a visitor sees it after `npm start`: most listing pages have a second page,
 * every business has hours and reviews of its own kind (never a restaurant's), every listing sits on
 * the map in its own town and has the weekly schedule its hours text says, the data stays
 * fictional, and seeding again changes nothing.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PROVINCE_SLUGS, type ProvinceSlug } from "~/catalog/provinces";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { distanceKm, inPanama } from "~/lib/geo";
import { periodsFromText, type WeeklyPeriod } from "~/lib/opening-hours";
import { toOpeningHours } from "~/server/directory/json-ld.server";
import { decodeCursor } from "~/schemas/directory";
import { queryRows } from "~/server/platform/db.server";
import { listBusinessesByIndustry, listRestaurantsByProvince } from "~/server/models/listings.server";
import { demoBusinesses, demoRestaurants, REVIEW_AUTHOR_SEPARATOR } from "~/server/seed/demo-data.server";
import { BUSINESS_PROFILES, type DemoCategory, PLACES, RESTAURANT_PROFILES } from "~/server/seed/demo-tables.server";
import { seedDemo } from "~/server/seed/seed.server";

type Row = { slug: string; kind: string; horario: string | null; customer_reviews: string | null; rating: number | null };

const restaurantRows = () =>
  queryRows<Row>(sql`select slug, categoria as kind, horario, customer_reviews, rating::float8 as rating from restaurants order by slug`);
const businessRows = () =>
  queryRows<Row>(sql`select slug, industria as kind, horario, customer_reviews, rating::float8 as rating from businesses order by slug`);

/** Words of a meal out: a review that uses them is about a restaurant. */
const MEAL_WORDS =
  /(?<!\p{L})(plato|platos|sabor|sabroso|sabrosa|comida|mesero|mesera|menú|postre|almuerzo|cena|restaurante|ceviche|carne|café)(?!\p{L})/iu;

const reviewText = (stored: string) => stored.split(REVIEW_AUTHOR_SEPARATOR)[0]!;
const reviewAuthor = (stored: string) => stored.split(REVIEW_AUTHOR_SEPARATOR)[1];

/** A review template as a pattern: {plato} stands for any dish. */
const templatePattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{plato\}/g, ".+")}$`);

/**
 * Rough boxes around each province [south, north] × [west, east], read off the map by hand and kept
 * apart from the towns catalog, so that a town put in the wrong province shows up here.
 */
const PROVINCE_BOXES: Record<ProvinceSlug, { lat: [number, number]; lng: [number, number] }> = {
  panama: { lat: [8.3, 9.65], lng: [-79.85, -77.9] },
  "panama-oeste": { lat: [8.4, 9.1], lng: [-80.25, -79.55] },
  chiriqui: { lat: [7.9, 8.95], lng: [-83.05, -81.5] },
  cocle: { lat: [8.15, 8.95], lng: [-80.85, -80.0] },
  colon: { lat: [8.85, 9.65], lng: [-80.6, -78.9] },
  herrera: { lat: [7.6, 8.2], lng: [-81.0, -80.35] },
  "los-santos": { lat: [7.2, 8.0], lng: [-80.8, -79.95] },
  veraguas: { lat: [7.2, 9.1], lng: [-81.8, -80.6] },
  "bocas-del-toro": { lat: [8.5, 9.65], lng: [-83.0, -81.5] },
  darien: { lat: [7.2, 8.7], lng: [-78.5, -77.15] },
};
const inProvinceBox = (provincia: ProvinceSlug, lat: number, lng: number) => {
  const box = PROVINCE_BOXES[provincia];
  return lat >= box.lat[0] && lat <= box.lat[1] && lng >= box.lng[0] && lng <= box.lng[1];
};

type Listing = {
  nombre: string;
  direccion: string;
  provincia: ProvinceSlug;
  horario: string;
  horario_semanal: WeeklyPeriod[];
  latitud: number;
  longitud: number;
};
const demoListings = (): Listing[] => [...demoRestaurants(), ...demoBusinesses()];
const byName = (nombre: string) => demoListings().find((l) => l.nombre === nombre)!;
const at = (l: Listing) => ({ lat: l.latitud, lng: l.longitud });

beforeAll(async () => {
  await seedDemo();
});

describe("demo directory", () => {
  it("gives at least half of the province pages and half of the industry pages a second page", async () => {
    const provincesWithMore: string[] = [];
    for (const provincia of PROVINCE_SLUGS) {
      const first = await listRestaurantsByProvince(provincia);
      if (!first.nextCursor) continue;
      provincesWithMore.push(provincia);
      // The second page continues the first: more entries, none repeated.
      const second = await listRestaurantsByProvince(provincia, decodeCursor(first.nextCursor)!);
      expect(second.items.length).toBeGreaterThan(0);
      const ids = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const industriesWithMore: string[] = [];
    for (const industria of INDUSTRY_SLUGS) {
      const first = await listBusinessesByIndustry(industria);
      if (first.nextCursor) industriesWithMore.push(industria);
    }
    expect(provincesWithMore.length).toBeGreaterThanOrEqual(PROVINCE_SLUGS.length / 2);
    expect(industriesWithMore.length).toBeGreaterThanOrEqual(INDUSTRY_SLUGS.length / 2);
    // The two industries a new user looked at first.
    expect(industriesWithMore).toEqual(expect.arrayContaining(["construccion", "tecnologia"]));
  });

  it("gives every business hours and reviews of its own industry, never a restaurant's", async () => {
    const restaurants = await restaurantRows();
    const businesses = await businessRows();
    const restaurantHours = new Set(restaurants.map((r) => r.horario));
    const mealReviews = restaurants.filter((r) => r.customer_reviews && MEAL_WORDS.test(reviewText(r.customer_reviews)));
    // The word list does recognise restaurant reviews, so its silence on businesses means something.
    expect(mealReviews.length).toBeGreaterThan(restaurants.length / 2);

    for (const b of businesses) {
      const kinds = Object.values(BUSINESS_PROFILES[b.kind as keyof typeof BUSINESS_PROFILES]);
      expect(b.horario, b.slug).toBeTruthy();
      expect(restaurantHours.has(b.horario), `${b.slug}: ${b.horario}`).toBe(false);
      expect(
        kinds.flatMap((k) => k.horarios),
        b.slug,
      ).toContain(b.horario);
      // No business serves dinner: whatever the kind, it closes by nine at night.
      const hours = toOpeningHours(b.horario);
      expect(hours, `${b.slug}: ${b.horario}`).toBeDefined();
      for (const span of hours!) expect(span.slice(-5) <= "21:00" && span.slice(-5) > span.slice(-11, -6), `${b.slug}: ${span}`).toBe(true);
      if (b.customer_reviews) {
        const text = reviewText(b.customer_reviews);
        expect(
          kinds.flatMap((k) => [...k.reviews.buenas, ...k.reviews.regulares]),
          b.slug,
        ).toContain(text);
        expect(text, b.slug).not.toMatch(MEAL_WORDS);
      }
    }
    // Law offices and technology firms keep office hours: weekdays (and Saturday morning), never Sunday.
    for (const b of businesses.filter((x) => x.kind === "abogados" || x.kind === "tecnologia")) {
      const hours = toOpeningHours(b.horario)!;
      expect(hours.join(" "), b.slug).not.toMatch(/Su/);
      for (const span of hours) expect(span.slice(-5) <= "18:00", `${b.slug}: ${span}`).toBe(true);
    }
  });

  it("gives every restaurant hours and reviews that fit its category", async () => {
    for (const r of await restaurantRows()) {
      const profile = RESTAURANT_PROFILES[r.kind as DemoCategory];
      expect(profile.horarios, r.slug).toContain(r.horario);
      expect(toOpeningHours(r.horario), `${r.slug}: ${r.horario}`).toBeDefined();
      if (r.customer_reviews) {
        const text = reviewText(r.customer_reviews);
        const templates = [...profile.reviews.buenas, ...profile.reviews.regulares];
        expect(
          templates.some((t) => templatePattern(t).test(text)),
          `${r.slug}: ${text}`,
        ).toBe(true);
      }
    }
  });

  it("reads like many customers: varied authors and ratings, praise and complaints", async () => {
    const rows = [...(await restaurantRows()), ...(await businessRows())];
    const reviewed = rows.filter((r) => r.customer_reviews);
    expect(new Set(reviewed.map((r) => reviewAuthor(r.customer_reviews!))).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((r) => r.rating)).size).toBeGreaterThanOrEqual(10);
    expect(reviewed.filter((r) => r.rating! < 4).length).toBeGreaterThan(reviewed.length / 10);
    expect(reviewed.filter((r) => r.rating! >= 4.5).length).toBeGreaterThan(reviewed.length / 10);
    // Neighbours on a listing page do not all repeat one review.
    for (const industria of INDUSTRY_SLUGS) {
      const page = rows.filter((r) => r.kind === industria && r.customer_reviews);
      const texts = page.map((r) => reviewText(r.customer_reviews!));
      expect(new Set(texts).size, industria).toBeGreaterThan(texts.length / 2);
    }
  });

  it("knows where every town of the demo addresses is, inside its own province", () => {
    for (const [name, town] of Object.entries(TOWN_COORDINATES)) {
      expect(inPanama(town.lat, town.lng), name).toBe(true);
      expect(inProvinceBox(town.provincia, town.lat, town.lng), `${name} (${town.provincia})`).toBe(true);
      expect(town.radiusKm, name).toBeGreaterThan(0);
      expect(town.radiusKm, name).toBeLessThanOrEqual(1.2);
    }
    // Every town the generated addresses use, in the province they use it in.
    for (const [provincia, places] of Object.entries(PLACES) as [ProvinceSlug, (typeof PLACES)[ProvinceSlug]][]) {
      for (const [, town] of places) expect(TOWN_COORDINATES[town]?.provincia, `${town} (${provincia})`).toBe(provincia);
    }
  });

  it("puts every demo listing near a town its address names, inside its province, none on top of another", () => {
    const listings = demoListings();
    for (const l of listings) {
      expect(typeof l.latitud, l.nombre).toBe("number");
      expect(typeof l.longitud, l.nombre).toBe("number");
      expect(inPanama(l.latitud, l.longitud), l.nombre).toBe(true);
      expect(inProvinceBox(l.provincia, l.latitud, l.longitud), `${l.nombre} (${l.provincia})`).toBe(true);
      // Six decimals at most: what numeric(9,6) keeps, so the rows read back equal.
      expect(Math.round(l.latitud * 1e6) / 1e6, l.nombre).toBe(l.latitud);
      // A town of the address in the listing's province, and the listing within its radius (~1.2 km at most).
      const towns = l.direccion.split(", ").filter((part) => TOWN_COORDINATES[part]?.provincia === l.provincia);
      expect(towns.length, l.direccion).toBeGreaterThan(0);
      const near = towns.some((name) => {
        const town = TOWN_COORDINATES[name]!;
        return distanceKm(at(l), town) <= town.radiusKm + 0.005;
      });
      expect(near, `${l.nombre}: ${l.direccion} at ${l.latitud},${l.longitud}`).toBe(true);
    }
    // The jitter spreads listings: no two share a point, and a town's listings are not all at its centre.
    expect(new Set(listings.map((l) => `${l.latitud},${l.longitud}`)).size).toBe(listings.length);
    const chitre = listings.filter((l) => l.direccion.includes("Chitré"));
    expect(chitre.length).toBeGreaterThan(3);
    expect(Math.max(...chitre.map((l) => distanceKm(at(l), TOWN_COORDINATES.Chitré!)))).toBeGreaterThan(0.3);
  });

  it("places hand-checked listings where the towns really are", () => {
    // Calle 50, Bella Vista: Bella Vista's centre is about 8.983, -79.523.
    expect(distanceKm(at(byName("Fonda La Tinaja Dorada")), { lat: 8.983, lng: -79.523 })).toBeLessThan(1.2);
    // «Cerro Punta, Bugaba»: in the highlands by Cerro Punta (8.85, -82.57), not in the lowlands near David.
    const trucha = at(byName("Trucha Fresca Cerro Punta"));
    expect(distanceKm(trucha, { lat: 8.849, lng: -82.572 })).toBeLessThan(1);
    expect(distanceKm(trucha, { lat: 8.4273, lng: -82.4308 })).toBeGreaterThan(40);
    // Bocas del Toro town on Isla Colón; Portobelo on its bay; Metetí in Darién.
    expect(distanceKm(at(byName("Coco Isla Bocas")), { lat: 9.3403, lng: -82.242 })).toBeLessThan(0.6);
    expect(distanceKm(at(byName("Sabor Caribe Portobelo")), { lat: 9.5526, lng: -79.6553 })).toBeLessThan(0.5);
    expect(distanceKm(at(byName("Soluciones Digitales Darién")), { lat: 8.5, lng: -77.9667 })).toBeLessThan(1);
    // An address that names only the city: near its centre.
    expect(distanceKm(at(byName("Rápido Criollo Express")), { lat: 8.9824, lng: -79.5199 })).toBeLessThan(1.3);
  });

  it("gives every demo listing the weekly schedule its hours text says", () => {
    for (const l of demoListings()) {
      expect(l.horario_semanal, `${l.nombre}: ${l.horario}`).toEqual(periodsFromText(l.horario));
      expect(l.horario_semanal.length, l.nombre).toBeGreaterThan(0);
    }
    // By hand: a restaurant open every day with a short Sunday, and a bar open past midnight.
    const sunday = demoListings().find((l) => l.horario === "Lun-Sáb 12:00-23:00, Dom 12:00-18:00");
    expect(sunday, "a demo listing with a short Sunday").toBeDefined();
    expect(sunday!.horario_semanal).toHaveLength(7);
    expect(sunday!.horario_semanal.find((x) => x.open.day === 0)).toEqual({
      open: { day: 0, hour: 12, minute: 0 },
      close: { day: 0, hour: 18, minute: 0 },
    });
    const bar = demoListings().find((l) => l.horario === "Mié-Sáb 17:00-2:00");
    expect(bar, "a demo bar open past midnight").toBeDefined();
    expect(bar!.horario_semanal.map((x) => [x.open.day, x.open.hour, x.close!.day, x.close!.hour])).toEqual([
      [3, 17, 4, 2],
      [4, 17, 5, 2],
      [5, 17, 6, 2],
      [6, 17, 0, 2],
    ]);
  });

  it("stores the coordinates and schedules as generated", async () => {
    type Stored = { nombre: string; latitud: number | null; longitud: number | null; horario_semanal: WeeklyPeriod[] | null };
    const rows = await queryRows<Stored>(sql`
      select nombre, latitud::float8 as latitud, longitud::float8 as longitud, horario_semanal from restaurants
      union all select nombre, latitud::float8, longitud::float8, horario_semanal from businesses`);
    const stored = new Map(rows.map((r) => [r.nombre, r]));
    const listings = demoListings();
    expect(rows).toHaveLength(listings.length);
    for (const l of listings) {
      expect(stored.get(l.nombre), l.nombre).toEqual({
        nombre: l.nombre,
        latitud: l.latitud,
        longitud: l.longitud,
        horario_semanal: l.horario_semanal,
      });
    }
  });

  it("stays fictional: made-up phone block, reserved example domains", async () => {
    const contacts = await queryRows<{ telefono: string | null; url: string | null }>(sql`
      select telefono, website_url as url from restaurants
      union all select telefono, instagram_url from restaurants
      union all select telefono, website from businesses`);
    for (const c of contacts) {
      expect(c.telefono).toMatch(/^\+507 6000-0\d{3}$/);
      if (c.url) expect(new URL(c.url).hostname).toBe("example.com");
    }
    const authors = await queryRows<{ email: string }>(sql`select email from users`);
    expect(authors.length).toBeGreaterThan(0);
    for (const a of authors) expect(a.email).toMatch(/@example\.com$/);
  });

  it("is deterministic and idempotent: the same rows on every run, none dropped, none doubled", async () => {
    expect(demoRestaurants()).toEqual(demoRestaurants());
    expect(demoBusinesses()).toEqual(demoBusinesses());
    const before = { r: await restaurantRows(), b: await businessRows() };
    expect(before.r).toHaveLength(demoRestaurants().length);
    expect(before.b).toHaveLength(demoBusinesses().length);
    await seedDemo();
    expect(await restaurantRows()).toEqual(before.r);
    expect(await businessRows()).toEqual(before.b);
  });
});
