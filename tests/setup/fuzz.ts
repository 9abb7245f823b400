/**
 * What the fuzz tests (tests/routes/fuzz-*.test.ts) check besides the answers: that no prototype
 * was polluted, and that every stored row, read back through the Zod schema that let it in, passes
 * it unchanged (what the schema cleans, such as control characters, must not be stored). The
 * hostile values themselves are in tests/fixtures/hostile-values.ts.
 */
import { expect } from "vitest";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { FREE_PLAN_DAYS } from "~/catalog/plans";
import { api_tokens, blogs, businesses, contact_messages, free_plan_subscriptions, profiles, restaurants, users } from "~/db/schema";
import { businessSchema, hoursRowsOf, locationText, restaurantSchema } from "~/schemas/admin";
import { signupSchema } from "~/schemas/auth";
import { apiTokenSchema, blogApiSchema } from "~/schemas/blog";
import { contactSchema } from "~/schemas/contact";
import { db } from "~/server/platform/db.server";

export * from "../fixtures/hostile-values";

/** Object.prototype as it is now, to tell that nothing was added to it. */
export function prototypeSnapshot(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype].flatMap((p) => Object.getOwnPropertyNames(p)).sort();
}

/** Fails when a request polluted a prototype. */
export function expectUnpolluted(snapshot: string[]) {
  expect(prototypeSnapshot()).toEqual(snapshot);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
}

/** Rows of one table whose stored values the app's own schema refuses or would change. */
type Problem = { table: string; id: string; problem: string };

function compare(table: string, id: string, stored: Record<string, unknown>, parsed: Record<string, unknown>, keys: string[]): Problem[] {
  return keys.flatMap((k) =>
    JSON.stringify(stored[k] ?? null) === JSON.stringify(parsed[k] ?? null)
      ? []
      : [
          {
            table,
            id,
            problem: `${k}: stored ${JSON.stringify(stored[k])?.slice(0, 80)}, schema ${JSON.stringify(parsed[k])?.slice(0, 80)}`,
          },
        ],
  );
}

function refused(table: string, id: string, error: { issues: { path: PropertyKey[]; message: string }[] }): Problem[] {
  return error.issues.slice(0, 3).map((i) => ({ table, id, problem: `${i.path.join(".")}: ${i.message}` }));
}

/** Every stored row read back through the schema that guards its way in. */
export async function storedRowProblems(): Promise<Problem[]> {
  const problems: Problem[] = [];

  for (const b of await db.select().from(blogs)) {
    const input = { title: b.title, excerpt: b.excerpt, content: b.content, category: b.category, tags: b.tags, image_url: b.image_url };
    const parsed = blogApiSchema.safeParse({ ...input, is_published: b.is_published });
    if (!parsed.success) problems.push(...refused("blogs", b.id, parsed.error));
    // The content is stored as sanitized HTML: its own rules (length, characters) hold, not equality.
    else problems.push(...compare("blogs", b.id, input, parsed.data, ["title", "excerpt", "category", "tags", "image_url"]));
  }

  for (const m of await db.select().from(contact_messages)) {
    const input = {
      name: m.name,
      email: m.email,
      phone: m.phone ?? "",
      business: m.business ?? "",
      service: m.service ?? "",
      message: m.message,
    };
    const parsed = contactSchema.safeParse(input);
    if (!parsed.success) problems.push(...refused("contact_messages", m.id, parsed.error));
    else problems.push(...compare("contact_messages", m.id, m, parsed.data, ["name", "phone", "business", "service", "message"]));
  }

  const listing = (r: typeof restaurants.$inferSelect | typeof businesses.$inferSelect) => ({
    ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? "" : v])),
    rating: r.rating === null ? "" : String(r.rating),
    ubicacion: locationText(r.latitud, r.longitud),
    horario_semanal: hoursRowsOf(r.horario_semanal),
  });
  const LISTING_TEXT = [
    "nombre",
    "descripcion",
    "direccion",
    "telefono",
    "horario",
    "provincia",
    "plan_type",
    "especialidades",
    "customer_reviews",
  ];
  for (const r of await db.select().from(restaurants)) {
    const parsed = restaurantSchema.safeParse(listing(r));
    if (!parsed.success) problems.push(...refused("restaurants", r.id, parsed.error));
    else problems.push(...compare("restaurants", r.id, r, parsed.data, [...LISTING_TEXT, "categoria", "special_dish"]));
    if (r.categoria !== null && !RESTAURANT_CATEGORY_SLUGS.includes(r.categoria as never)) {
      problems.push({ table: "restaurants", id: r.id, problem: `categoria ${r.categoria}` });
    }
  }
  for (const r of await db.select().from(businesses)) {
    const parsed = businessSchema.safeParse(listing(r));
    if (!parsed.success) problems.push(...refused("businesses", r.id, parsed.error));
    else problems.push(...compare("businesses", r.id, r, parsed.data, [...LISTING_TEXT, "industria", "special_service"]));
  }

  const fullName = signupSchema.shape.full_name;
  const email = signupSchema.shape.email;
  for (const u of await db.select().from(users)) {
    const name = fullName.safeParse(u.name);
    if (!name.success) problems.push(...refused("users", u.id, name.error));
    else if (name.data !== u.name) problems.push({ table: "users", id: u.id, problem: `name ${JSON.stringify(u.name).slice(0, 80)}` });
    if (!email.safeParse(u.email).success)
      problems.push({ table: "users", id: u.id, problem: `email ${JSON.stringify(u.email).slice(0, 80)}` });
  }
  for (const p of await db.select().from(profiles)) {
    const name = fullName.safeParse(p.full_name);
    if (!name.success || name.data !== p.full_name) {
      problems.push({ table: "profiles", id: p.id, problem: `full_name ${JSON.stringify(p.full_name).slice(0, 80)}` });
    }
  }

  for (const f of await db.select().from(free_plan_subscriptions)) {
    if (!email.safeParse(f.email).success || f.email !== f.email.toLowerCase()) {
      problems.push({ table: "free_plan_subscriptions", id: f.id, problem: `email ${JSON.stringify(f.email)}` });
    }
    if (!(FREE_PLAN_DAYS as readonly number[]).includes(f.days_granted)) {
      problems.push({ table: "free_plan_subscriptions", id: f.id, problem: `days_granted ${f.days_granted}` });
    }
  }

  for (const t of await db.select().from(api_tokens)) {
    const parsed = apiTokenSchema.safeParse({ name: t.name });
    if (!parsed.success) problems.push(...refused("api_tokens", t.id, parsed.error));
    else problems.push(...compare("api_tokens", t.id, t, parsed.data, ["name"]));
  }
  return problems;
}
