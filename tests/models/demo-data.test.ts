/**
 * The demo directory as a visitor sees it after `npm start`: most listing pages have a second page,
 * every business has hours and reviews of its own kind (never a restaurant's), the data stays
 * fictional, and seeding again changes nothing.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { toOpeningHours } from "~/server/json-ld.server";
import { decodeCursor } from "~/schemas/directory";
import { queryRows } from "~/server/db.server";
import { listBusinessesByIndustry, listRestaurantsByProvince } from "~/server/models/listings.server";
import { demoBusinesses, demoRestaurants, REVIEW_AUTHOR_SEPARATOR } from "~/server/seed/demo-data.server";
import { BUSINESS_PROFILES, type DemoCategory, RESTAURANT_PROFILES } from "~/server/seed/demo-tables.server";
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
