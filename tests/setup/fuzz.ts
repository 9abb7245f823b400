/**
 * What the fuzz tests (tests/routes/fuzz-*.test.ts) throw at the app, and what they check after:
 * - hostile values: long strings, unicode (RTL, emoji, combining marks, lone surrogates), NUL and
 *   other control characters, numbers and keywords as strings, markup and SQL, lists where one
 *   value goes (a form key repeated), prototype-pollution keys;
 * - the stored rows: each is read back through the Zod schema that let it in, and must pass it
 *   unchanged (what the schema cleans, such as control characters, must not be stored).
 */
import fc from "fast-check";
import { expect } from "vitest";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { FREE_PLAN_DAYS } from "~/catalog/plans";
import { api_tokens, blogs, businesses, contact_messages, free_plan_subscriptions, profiles, restaurants, users } from "~/db/schema";
import { businessSchema, hoursRowsOf, locationText, restaurantSchema } from "~/schemas/admin";
import { signupSchema } from "~/schemas/auth";
import { apiTokenSchema, blogApiSchema } from "~/schemas/blog";
import { contactSchema } from "~/schemas/contact";
import { db } from "~/server/db.server";

/** One seed for every fuzz test (FUZZ_SEED explores others); a failure prints its own seed and path. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 19);

/** Keys that pollute prototypes when an object is built from them naively. */
export const POLLUTION_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "__proto__.polluted",
  "__proto__[polluted]",
  "constructor.prototype.polluted",
  "constructor[prototype][polluted]",
  "toString",
  "hasOwnProperty",
  "valueOf",
];

const LONG = 100_001;

/** Values that broke (or break) parsers somewhere. */
export const HOSTILE_STRINGS: string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(64),
  "\u0001\u0008\u000b\u001f\u007f\u0085\u009f",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202ePANAMA\u202c",
  "\u200f\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
  "\ufeffBOM",
  "\u200b\u200c\u200d\u2060",
  "e\u0301\u0301\u0301\u0301\u0301\u0301",
  "👨‍👩‍👧‍👦🇵🇦💥",
  "𝕏𝔂𝓏",
  "Ñandú Año Árbol",
  "x".repeat(LONG),
  "ñ".repeat(70_000),
  "&".repeat(LONG),
  "<".repeat(30_000),
  "0",
  "-0",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x1F",
  "9".repeat(400),
  "4.2",
  "4,2",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"__proto__":{"polluted":1}}',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "http://",
  `https://ejemplo.test/${"a".repeat(3000)}`,
  "' OR '1'='1' --",
  "'; drop table users; --",
  "%00",
  "%",
  "%zz",
  "../../etc/passwd",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\\evil.example",
  "//evil.example",
  "https://evil.example/",
  "C:\\Windows\\win.ini",
  "$" + "{7*7}{{7*7}}",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
  "2026-02-30",
  "8.98, -79.52",
  "-79.52, 8.98",
  "a@b",
  "ANA@EJEMPLO.TEST",
  "a@b.c\u0000",
  ...POLLUTION_KEYS,
];

/** A hostile text: from the list, random unicode (lone surrogates included), or a number written as text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String), weight: 1 },
  { arbitrary: fc.uuid(), weight: 1 },
);

/** A form value: one hostile text, or several (the key repeated). */
export const hostileFormValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 4 }), weight: 1 },
);

/** A form field name nobody expects. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...POLLUTION_KEYS, "tags[999999]", "tags[-1]", "a[b][c][d][e]", "x.y.z", "[]", "."),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
);

/** Any JSON value, hostile strings inside. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/**
 * `base` with some fields replaced by hostile values, some left out, and hostile keys added, as the
 * list of pairs a browser would send (a list value repeats its key).
 */
export function hostileForm(base: Record<string, string | string[]>): fc.Arbitrary<[string, string][]> {
  const keys = Object.keys(base);
  return fc
    .record({
      replaced: keys.length
        ? fc.array(fc.tuple(fc.constantFrom(...keys), hostileFormValue), { maxLength: Math.min(4, keys.length) })
        : fc.constant([]),
      dropped: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      added: fc.array(fc.tuple(hostileKey, hostileFormValue), { maxLength: 3 }),
    })
    .map(({ replaced, dropped, added }) => {
      const fields = new Map<string, string | string[]>(Object.entries(base));
      for (const key of dropped) fields.delete(key);
      for (const [key, value] of replaced) fields.set(key, value);
      const pairs: [string, string][] = [];
      for (const [key, value] of [...fields, ...added]) for (const v of Array.isArray(value) ? value : [value]) pairs.push([key, v]);
      return pairs;
    });
}

/** `base` (a JSON object) with some fields made hostile (any JSON), some left out, and hostile keys added. */
export function hostileObject(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(base);
  const value = fc.oneof(hostileString, hostileJson);
  return fc
    .record({
      replaced: fc.array(fc.tuple(fc.constantFrom(...keys), value), { minLength: 1, maxLength: Math.min(3, keys.length) }),
      dropped: fc.subarray(keys, { maxLength: 1 }),
      added: fc.array(fc.tuple(hostileKey, value), { maxLength: 2 }),
    })
    .map(({ replaced, dropped, added }) => {
      // Built with defineProperty: a "__proto__" key stays an own key, as JSON.parse would make it.
      const out: Record<string, unknown> = {};
      const put = (k: string, v: unknown) =>
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const [k, v] of Object.entries(base)) if (!dropped.includes(k)) put(k, v);
      for (const [k, v] of [...replaced, ...added]) put(k, v);
      return out;
    });
}

/** A path segment or query value as a URL carries it: a lone surrogate travels as U+FFFD. */
export function segment(s: string): string {
  return encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
}

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
