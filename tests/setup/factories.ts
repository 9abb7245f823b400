/**
 * Test data for the model and route tests (Vitest, on PGlite and on PostgreSQL): each `makeX(overrides)`
 * writes one row with unique defaults through the schema, or through the app's own code where that is
 * how the row comes to exist (better-auth's sign-up, grantFreePlan), and returns what it wrote. Only
 * what a test says it needs goes in its overrides.
 *
 * The browser tests cannot write here: their server keeps its embedded database to itself (one private
 * connection). They make their data through the real forms instead: see tests/e2e/fixtures.ts.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import {
  type Blog,
  type Business,
  blogs,
  businesses,
  type FreePlan,
  type NewBlog,
  type NewBusiness,
  type NewRestaurant,
  profiles,
  type Restaurant,
  restaurants,
  users,
} from "~/db/schema";
import { getAuth } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db.server";
import { grantFreePlan, setFreePlanActive } from "~/server/models/admin-free-plans.server";
import type { SubscriptionState } from "~/server/models/subscriptions.server";
import { cookiesFrom } from "./route";

let seq = 0;

/** `prefix-<n>-<random>`: unique in this file (the counter) and across files sharing a database (the random part). */
export function unique(prefix: string): string {
  return `${prefix}-${++seq}-${crypto.randomBytes(3).toString("hex")}`;
}

// ---------------------------------------------------------------- users

type NewUser = typeof users.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;

export type UserOverrides = Partial<NewUser> & {
  /**
   * The profile row, which the app makes on sign-up and on first use: `true` or its fields for one
   * (full_name defaults to the name), nothing for a bare login row. A signed-in user always has one.
   */
  profile?: boolean | Omit<Partial<NewProfile>, "id">;
  /** An admin: a profile with is_admin. */
  admin?: boolean;
};
export type SignedInOverrides = {
  email?: string;
  name?: string;
  password?: string;
  admin?: boolean;
  /** The address confirmed, as opening the mailed link does (through better-auth and its hooks). */
  confirmed?: boolean;
};

export type MadeUser = { id: string; email: string; name: string };
export type SignedInUser = MadeUser & { cookie: string };

/**
 * A user. By default a row in `users` (an actor for the models); with `signedIn: true` an account made
 * by better-auth's own sign-up (password "clave-segura-123" unless given), its profile made by the
 * sign-up hook, and the session cookie a browser would send back.
 */
export async function makeUser(overrides: SignedInOverrides & { signedIn: true }): Promise<SignedInUser>;
export async function makeUser(overrides?: UserOverrides): Promise<MadeUser>;
export async function makeUser(
  overrides: (UserOverrides & { signedIn?: false }) | (SignedInOverrides & { signedIn: true }) = {},
): Promise<MadeUser | SignedInUser> {
  if (overrides.signedIn) return signedInUser(overrides);
  const { profile, admin, signedIn: _, ...row } = overrides;
  const id = row.id ?? unique("u");
  const user = { ...row, id, name: row.name ?? `Persona ${id}`, email: row.email ?? `${id}@ejemplo.test` };
  await db.insert(users).values(user);
  if (profile || admin) {
    const fields = typeof profile === "object" ? profile : {};
    await db
      .insert(profiles)
      .values({ email: user.email.toLowerCase(), full_name: user.name, ...fields, id, is_admin: admin ?? fields.is_admin });
  }
  return { id, email: user.email, name: user.name };
}

async function signedInUser(o: SignedInOverrides): Promise<SignedInUser> {
  const email = o.email ?? `${unique("cuenta")}@ejemplo.test`;
  const name = o.name ?? email.split("@")[0]!;
  const res = (await getAuth().api.signUpEmail({
    body: { email, password: o.password ?? "clave-segura-123", name },
    asResponse: true,
  })) as Response;
  if (!res.ok) throw new Error(`makeUser: sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  if (o.confirmed) await (await getAuth().$context).internalAdapter.updateUserByEmail(email.toLowerCase(), { emailVerified: true });
  if (o.admin) {
    const promoted = await db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, user.id)).returning();
    if (!promoted.length) throw new Error(`makeUser: ${email} has no profile to make admin`);
  }
  return { id: user.id, email, name, cookie: cookiesFrom(res.headers) };
}

// ---------------------------------------------------------------- directory

function restaurantRow(o: Partial<NewRestaurant>): NewRestaurant {
  const slug = o.slug ?? unique("restaurante");
  return { nombre: `Restaurante ${slug}`, direccion: "Calle 50", provincia: "panama", ...o, slug };
}

function businessRow(o: Partial<NewBusiness>): NewBusiness {
  const slug = o.slug ?? unique("negocio");
  return {
    nombre: `Negocio ${slug}`,
    descripcion: "Servicios profesionales",
    direccion: "Vía España",
    industria: "servicios",
    provincia: "panama",
    ...o,
    slug,
  };
}

/** An active, free, unverified restaurant in Panamá province (a unique slug; created now unless given). */
export async function makeRestaurant(overrides: Partial<NewRestaurant> = {}): Promise<Restaurant> {
  const [row] = await db.insert(restaurants).values(restaurantRow(overrides)).returning();
  return row!;
}

/** Several restaurants in one INSERT (one transaction time for those without created_at), in order. */
export async function makeRestaurants(list: Partial<NewRestaurant>[]): Promise<Restaurant[]> {
  return db.insert(restaurants).values(list.map(restaurantRow)).returning();
}

/** An active, free, unverified business in 'servicios', Panamá province (a unique slug). */
export async function makeBusiness(overrides: Partial<NewBusiness> = {}): Promise<Business> {
  const [row] = await db.insert(businesses).values(businessRow(overrides)).returning();
  return row!;
}

/** Several businesses in one INSERT, in order. */
export async function makeBusinesses(list: Partial<NewBusiness>[]): Promise<Business[]> {
  return db.insert(businesses).values(list.map(businessRow)).returning();
}

/** The seafood restaurant in Colón that the directory, MCP and Markdown route tests show, search and link to. */
export const MARISQUERIA_AZUL = {
  slug: "marisqueria-azul",
  nombre: "Marisquería Azul",
  direccion: "Vía Argentina",
  telefono: "6206-6274",
  horario: "Lun-Sáb 11:00-22:00",
  provincia: "colon",
  categoria: "mariscos",
  especialidades: ["Ceviche", "Pulpo"],
} satisfies Partial<NewRestaurant>;

/** `count` traditional-food restaurants fonda-0, fonda-1… to fill listing pages, each with `extra(i)`. */
export function fondas(count: number, extra: (i: number) => Partial<NewRestaurant> = () => ({})): Partial<NewRestaurant>[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `fonda-${i}`,
    nombre: `Fonda ${i}`,
    categoria: "comida-tradicional",
    ...extra(i),
  }));
}

// ---------------------------------------------------------------- blog

/** A draft article without author (a unique slug); a published one gets published_at as the app sets it. */
export async function makeBlog(overrides: Partial<NewBlog> = {}): Promise<Blog> {
  const slug = overrides.slug ?? unique("articulo");
  const publishedAt = overrides.is_published ? (overrides.created_at ?? new Date()) : null;
  const [row] = await db
    .insert(blogs)
    .values({ title: `Artículo ${slug}`, content: "<p>Contenido.</p>", published_at: publishedAt, ...overrides, slug })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- premium

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Stripe subscription's state as the webhook (or the return from Checkout) stores it: active for 30 days. */
export function subscriptionState(userId: string, overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    userId,
    customerId: `cus_${userId}`,
    subscriptionId: `sub_${userId}`,
    status: "active",
    priceId: "price_premium",
    currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

export type FreePlanOverrides = {
  email?: string;
  days_granted?: number;
  /** The admin who grants it (a new user by default). */
  grantedBy?: { id: string; email?: string };
  /** When it was granted (now by default): an old date makes an expired plan. */
  grantedAt?: Date;
  /** false: deactivated by the same admin after the grant. */
  is_active?: boolean;
};

/** A 30-day free plan granted through the admin model (lower-cased e-mail, linked to its account if any, audited). */
export async function makeFreePlan(overrides: FreePlanOverrides = {}): Promise<FreePlan> {
  const actor = overrides.grantedBy ?? (await makeUser());
  const email = overrides.email ?? `${unique("plan")}@ejemplo.test`;
  const plan = await grantFreePlan(actor, { email, days_granted: overrides.days_granted ?? 30 }, overrides.grantedAt);
  if (overrides.is_active !== false) return plan;
  await setFreePlanActive(actor, plan.id, false);
  return { ...plan, is_active: false };
}
