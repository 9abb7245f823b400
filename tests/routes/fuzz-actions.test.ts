/**
 * Fuzzing every action's parser (fast-check, seeded): app/routes.ts is walked, and each route module
 * that exports an action gets a valid form of each kind it takes, with fields replaced by hostile
 * values (tests/setup/fuzz.ts), left out, repeated or joined by unexpected keys, sent url-encoded or
 * as multipart, by a visitor, a user or an admin. No answer may be a server error, no prototype may
 * be polluted, and every row stored on the way must pass the schema that let it in.
 * The JSON endpoints among the actions are fuzzed in tests/routes/fuzz-api.test.ts.
 */
import crypto from "node:crypto";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createBlog } from "~/server/models/blogs.server";
import { createApiToken } from "~/server/models/api-tokens.server";
import { createContactMessage } from "~/server/models/contact.server";
import { addManager } from "~/server/models/listing-managers.server";
import { listing_change_requests } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import { createAdminClaim } from "~/server/models/listing-claims.server";
import { reportToken } from "~/server/visibility/report-token.server";
import { makeBusiness, makeFreePlan, makeRestaurant, makeUser, type SignedInUser } from "../setup/factories";
import { expectUnpolluted, FUZZ_SEED, hostileForm, hostileString, prototypeSnapshot, segment, storedRowProblems } from "../setup/fuzz";
import { call, ORIGIN } from "../setup/route";

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };
type Role = "visitor" | "user" | "admin";
type Form = Record<string, string | string[]>;

/** Actions that read JSON (or better-auth's and MCP's own bodies): tests/routes/fuzz-api.test.ts. */
/** A day ahead, as a date field sends it (within the closures' year ahead). */
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const JSON_ACTIONS = [
  "routes/api/blogs",
  "routes/api/auth",
  "routes/api/stripe-webhook",
  "routes/api/google-business-profile",
  "routes/api/mcp",
  "routes/api/v1/buscar",
  "routes/api/v1/catalogo",
  "routes/api/v1/openapi",
  "api-v1-restaurante",
  "api-v1-negocio",
  "routes/api/v1/not-found",
];

const RUNS = 50;

/** Monday to Sunday, two ranges each, as the admin form sends them. */
function hours(): Form {
  const out: Form = {};
  for (let i = 0; i < 7; i++) {
    out[`horario_semanal[${i}].rangos[0].abre`] = i < 5 ? "09:00" : "";
    out[`horario_semanal[${i}].rangos[0].cierra`] = i < 5 ? "18:00" : "";
    out[`horario_semanal[${i}].rangos[1].abre`] = "";
    out[`horario_semanal[${i}].rangos[1].cierra`] = "";
  }
  out["horario_semanal[6].cerrado"] = "on";
  return out;
}

const ids: Record<string, string> = {};
let users: Record<Exclude<Role, "visitor">, SignedInUser>;

/** The valid forms each action takes (one per intent), who sends them, and the route's params. */
function actionForms(): Record<string, { role: Role; params?: Record<string, string>; forms: Form[] }> {
  const restaurant: Form = {
    nombre: "Fonda Central",
    descripcion: "Comida típica.",
    direccion: "Calle 10",
    telefono: "6000-0000",
    horario: "Lun-Vie 9-18",
    rating: "4.2",
    categoria: "comida-tradicional",
    provincia: "cocle",
    website_url: "https://fonda.test",
    maps_url: "",
    ubicacion: "8.98, -79.52",
    imagen: "",
    special_dish: "Sancocho",
    customer_reviews: "",
    plan_type: "free_local",
    "especialidades[0]": "Sancocho",
    "especialidades[1]": "Tamales",
    is_active: "on",
    ...hours(),
  };
  const business: Form = {
    nombre: "Taller Istmeño",
    descripcion: "Mecánica general.",
    direccion: "Vía Israel",
    telefono: "+507 6000-0000",
    industria: "servicios",
    provincia: "panama",
    website: "https://taller.test",
    ubicacion: "",
    special_service: "Diagnóstico",
    plan_type: "starter_local",
    "especialidades[0]": "Frenos",
    is_active: "on",
    ...hours(),
  };
  const article: Form = {
    intent: "draft",
    title: "Un artículo",
    excerpt: "Un resumen.",
    content: "<p>Texto <strong>fuerte</strong>.</p>",
    category: "Turismo",
    "tags[0]": "viajes",
    "tags[1]": "panamá",
    image_url: "https://imagen.test/a.jpg",
  };
  const place = JSON.stringify({
    place_id: "ChIJfuzz",
    name: "Lugar de Google",
    address: "Calle 1, Panamá",
    phone: "6000-0000",
    website: "https://lugar.test",
    rating: 4.5,
    user_ratings_total: 10,
    opening_hours: ["lunes: 9:00–18:00"],
    opening_periods: [{ open: { day: 1, hour: 9, minute: 0 }, close: { day: 1, hour: 18, minute: 0 } }],
    types: ["restaurant"],
    reviews: [{ author_name: "Ana", rating: 5, text: "Muy bueno" }],
    maps_url: "https://maps.google.com/?cid=1",
    latitude: 8.98,
    longitude: -79.52,
  });
  return {
    "routes/marketing/contact": {
      role: "visitor",
      forms: [
        {
          name: "Ana Pérez",
          email: "ana@ejemplo.test",
          phone: "6000-0000",
          business: "Fonda",
          service: "storytelling",
          message: "Hola, quiero información.",
        },
      ],
    },
    "routes/account/auth": {
      role: "visitor",
      forms: [
        { intent: "signup", full_name: "Nueva Persona", email: "nueva@ejemplo.test", password: "clave-segura-123", redirectTo: "/blog" },
        { intent: "login", email: users.user.email, password: "clave-equivocada", redirectTo: "/profile" },
      ],
    },
    "routes/account/forgot-password": { role: "visitor", forms: [{ email: "ana@ejemplo.test" }] },
    "routes/account/reset-password": {
      role: "visitor",
      forms: [{ token: "token-falso", password: "clave-segura-123", confirm: "clave-segura-123" }],
    },
    // Its only input is the session and the Referer: the visitor's form is empty (a signed-in run would end the session).
    "routes/account/logout": { role: "visitor", forms: [{}] },
    "routes/account/profile": {
      role: "user",
      forms: [
        { full_name: "Usuaria Fuzz", email: users.user.email },
        { intent: "create-token", name: "mi script" },
        { intent: "revoke-token", id: ids.tokenId!, confirm: "1" },
        { intent: "manage-subscription" },
      ],
    },
    "routes/premium/amy": {
      role: "user",
      forms: [{ intent: "subscribe", attempt: "6f1c1a4e-2f3b-4b8a-9c1d-0e2f3a4b5c6d", response: "json" }],
    },
    "routes/premium/roger": { role: "user", forms: [{ intent: "subscribe", attempt: "6f1c1a4e-2f3b-4b8a-9c1d-0e2f3a4b5c6d" }] },
    "routes/blog/my-blogs": { role: "user", forms: [{ intent: "delete", id: ids.blogId!, back: "?estado=todos" }] },
    "write-blog": { role: "user", forms: [article, { ...article, intent: "publish" }, { intent: "preview", content: "<p>hola</p>" }] },
    "edit-blog": { role: "user", params: { id: ids.blogId! }, forms: [article, { ...article, intent: "publish" }] },
    "routes/admin/dashboard": {
      role: "admin",
      forms: [
        { intent: "toggle", kind: "restaurant", id: ids.restaurantId!, active: "false" },
        { intent: "delete", kind: "business", id: ids.businessId! },
        { intent: "google-search", query: "pizza", provincia: "panama", offset: "0" },
        { intent: "google-approve", result: place, kind: "restaurant", provincia: "panama", industria: "servicios" },
      ],
    },
    "admin-restaurant-new": { role: "admin", forms: [restaurant] },
    "admin-restaurant-edit": { role: "admin", params: { id: ids.restaurantId! }, forms: [restaurant] },
    "admin-business-new": { role: "admin", forms: [business] },
    "admin-business-edit": { role: "admin", params: { id: ids.businessId! }, forms: [business] },
    "routes/admin/free-plans": {
      role: "admin",
      forms: [
        { intent: "grant", email: "plan@ejemplo.test", days_granted: "60" },
        { intent: "toggle", id: ids.planId!, active: "false" },
        { intent: "extend", id: ids.planId!, days_granted: "30" },
        { intent: "delete", id: ids.planId! },
      ],
    },
    "routes/admin/members": {
      role: "admin",
      forms: [
        { intent: "role", user_id: users.user.id, role: "user" },
        { intent: "owner", business_id: ids.businessId!, email: users.user.email },
      ],
    },
    "routes/admin/leads": { role: "admin", forms: [{ intent: "handle", id: ids.leadId! }] },
    "routes/directory/industry": {
      role: "admin",
      params: { industria: "servicios" },
      forms: [
        { intent: "toggle", id: ids.businessId!, active: "true" },
        { intent: "delete", id: ids.businessId! },
      ],
    },
    "routes/not-found": { role: "visitor", params: { "*": "nada" }, forms: [{ q: "x" }] },
    "routes/api/tap-ping": {
      role: "visitor",
      params: { accion: "direcciones", tipo: "restaurante", id: ids.restaurantId! },
      forms: [{ ping: "PING" }],
    },
    // «Mi negocio»: the user manages one restaurant; a name change of it waits in /admin/cambios.
    "routes/owners/mine-listing": {
      role: "user",
      params: { tipo: "restaurante", id: ids.managedId! },
      forms: [
        { ...restaurant, whatsapp: "6000-0001", instagram_url: "instagram.com/fonda", nombre: "Fonda Renombrada" },
        { intent: "confirm" },
      ],
    },
    "routes/admin/changes": {
      role: "admin",
      forms: [
        { id: ids.changeId!, decision: "refuse" },
        { id: ids.changeId!, decision: "approve" },
      ],
    },
    // Claims and submissions (the user's address is confirmed, so the forms are read).
    "routes/owners/claim": {
      role: "user",
      params: { tipo: "restaurante", slug: ids.restaurantSlug! },
      forms: [
        { intent: "domain", email: "ventas@fonda-fuzz.test" },
        { intent: "admin", full_name: "Ana Pérez", role: "Dueña", phone: "6000-0000", note: "Tengo el aviso de operación." },
        { intent: "withdraw" },
      ],
    },
    "routes/owners/submit": { role: "user", forms: [restaurant] },
    "routes/owners/report-unsubscribe": {
      role: "visitor",
      forms: [
        { token: reportToken(users.user.id), intent: "baja" },
        { token: reportToken(users.user.id), intent: "alta" },
        { token: reportToken(users.user.id), "List-Unsubscribe": "One-Click" },
      ],
    },
    "routes/owners/report-subscription": { role: "user", forms: [{ intent: "baja" }, { intent: "alta" }] },
    // The managed restaurant's closures and its Local AI plan (Stripe not configured: a Spanish 502/503).
    "routes/owners/closures": {
      role: "user",
      params: { tipo: "restaurante", id: ids.managedId! },
      forms: [
        { intent: "add", desde: daysFromNow(7), hasta: daysFromNow(9), motivo: "Inventario" },
        { intent: "remove", dia: daysFromNow(8) },
        { intent: "holidays", cierra_feriados: "on" },
      ],
    },
    "routes/owners/plans-choose": {
      role: "user",
      forms: [{ listing: `restaurant:${ids.managedId!}`, plan: "starter_local", period: "year", attempt: crypto.randomUUID() }],
    },
    "routes/owners/plans-listing": {
      role: "user",
      params: { tipo: "restaurante", id: ids.managedId! },
      forms: [{ intent: "checkout", plan: "max_local", period: "half_year" }, { intent: "portal" }],
    },
    "routes/admin/requests": {
      role: "admin",
      forms: [
        { intent: "approve-claim", id: ids.claimId! },
        { intent: "refuse-claim", id: ids.claimId!, reason: "No pudimos confirmarlo." },
        { intent: "approve-submission", kind: "restaurant", id: ids.restaurantId! },
        { intent: "refuse-submission", kind: "business", id: ids.businessId!, reason: "Duplicado." },
      ],
    },
  };
}

const idOf = (r: ConfigEntry) => r.id ?? r.file.replace(/\.[^.]+$/, "");
const flatten = (list: ConfigEntry[]): ConfigEntry[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);

/** Every route of app/routes.ts whose module exports an action, with that module. */
async function actionRoutes() {
  const out: { id: string; path: string; action: (args: unknown) => unknown }[] = [];
  for (const r of flatten(routes as ConfigEntry[])) {
    const mod = (await import(/* @vite-ignore */ path.resolve("app", r.file))) as { action?: (args: unknown) => unknown };
    if (mod.action) out.push({ id: idOf(r), path: `/${r.path ?? ""}`, action: mod.action });
  }
  return out;
}

let ipSeq = 0;
/** A new address for each request: the per-IP limits (contact, sign-in) are not what is tested. */
const nextIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

function requestFor(url: string, pairs: [string, string][], multipart: boolean, cookie: string | undefined, referer: string): Request {
  const headers: Record<string, string> = { Origin: ORIGIN, Referer: referer };
  if (cookie) headers.Cookie = cookie;
  let body: BodyInit;
  if (multipart) {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    body = form;
  } else {
    body = new URLSearchParams(pairs).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return new Request(url, { method: "POST", headers, body });
}

/** The route's path with its params filled in (a hostile value sometimes), and sometimes a hostile query. */
function urlOf(routePath: string, params: Record<string, string>, query: string | null): string {
  const filled = routePath.replace(/:(\w+)|\*/g, (_, key: string | undefined) => segment(params[key ?? "*"] ?? "x"));
  return `${ORIGIN}${filled}${query === null ? "" : `?q=${segment(query)}`}`;
}

let snapshot: string[];

beforeAll(async () => {
  users = {
    user: await makeUser({ signedIn: true, name: "Usuaria Fuzz", confirmed: true }),
    admin: await makeUser({ signedIn: true, name: "Admin Fuzz", admin: true }),
  };
  const blog = await createBlog(users.user.id, {
    title: "Artículo de la usuaria",
    excerpt: "Resumen.",
    content: "<p>Texto.</p>",
    category: "Turismo",
    tags: ["viajes"],
    image_url: null,
    is_published: false,
  });
  ids.blogId = blog.id;
  ids.tokenId = (await createApiToken(users.user.id, "token de la usuaria")).id;
  const fonda = await makeRestaurant({ descripcion: "Comida típica.", website_url: "https://fonda-fuzz.test" });
  ids.restaurantId = fonda.id;
  ids.restaurantSlug = fonda.slug;
  ids.businessId = (await makeBusiness()).id;
  ids.planId = (await makeFreePlan({ grantedBy: users.admin })).id;
  ids.leadId = (
    await createContactMessage({ name: "Ana", email: "ana@ejemplo.test", phone: null, business: null, service: null, message: "Hola" })
  ).id;
  const claim = await createAdminClaim({
    kind: "business",
    listingId: ids.businessId,
    userId: users.user.id,
    full_name: "Ana Pérez",
    role: "Dueña",
    phone: "6000-0000",
    note: null,
  });
  if (claim.ok) ids.claimId = claim.value.id;
  const managed = await makeRestaurant({ nombre: "Fonda Administrada" });
  ids.managedId = managed.id;
  await addManager({ kind: "restaurant", listingId: managed.id, userId: users.user.id, source: "assignment" });
  const [change] = await db
    .insert(listing_change_requests)
    .values({ kind: "restaurant", listing_id: managed.id, user_id: users.user.id, changes: { nombre: "Fonda Nueva" } })
    .returning();
  ids.changeId = change!.id;
  snapshot = prototypeSnapshot();
});

const found = await actionRoutes();

describe("every action's parser under hostile input", () => {
  it("every action of app/routes.ts is fuzzed here or in fuzz-api.test.ts", () => {
    const fuzzed = new Set([...Object.keys(actionForms()), ...JSON_ACTIONS]);
    expect(found.map((r) => r.id).filter((id) => !fuzzed.has(id))).toEqual([]);
  });

  for (const route of found.filter((r) => !JSON_ACTIONS.includes(r.id))) {
    it(`${route.id} (POST ${route.path}): no server error, no pollution`, async () => {
      const spec = actionForms()[route.id]!;
      const role = fc.oneof(
        { arbitrary: fc.constant(spec.role), weight: 3 },
        { arbitrary: fc.constantFrom<Role>("visitor", "user", "admin"), weight: 1 },
      );
      type Input = {
        pairs: [string, string][];
        role: Role;
        multipart: boolean;
        params: string | null;
        query: string | null;
        referer: string;
      };
      const input: fc.Arbitrary<Input> = fc.record({
        pairs: fc.oneof(...spec.forms.map(hostileForm)),
        role,
        multipart: fc.boolean(),
        // Now and then a hostile value in place of the route's own parameter, or a hostile query.
        params: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: hostileString, weight: 1 }),
        query: fc.option(hostileString, { freq: 2 }),
        // A header carries visible ASCII only (fetch refuses anything else before a server sees it).
        referer: fc.oneof(
          fc.constant(`${ORIGIN}/blog`),
          hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "").slice(0, 2000)),
        ),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ pairs, role: who, multipart, params, query, referer }) => {
          const routeParams = { ...spec.params };
          if (params !== null) for (const key of Object.keys(routeParams)) routeParams[key] = params;
          const cookie = who === "visitor" ? undefined : users[who].cookie;
          const request = requestFor(urlOf(route.path, routeParams, query), pairs, multipart, cookie, referer);
          const res = await call(route.action, request, { params: routeParams, ip: nextIp() });
          const what = `${who} ${JSON.stringify(pairs).slice(0, 300)}`;
          expect(res.status === 500 ? res.data : null, what).toBeNull();
          // Stripe is not configured in these tests: a checkout answers its Spanish 502, by design.
          const unconfigured =
            (route.id.startsWith("routes/premium/") && res.status === 502) ||
            (route.id.startsWith("routes/owners/plans-") && (res.status === 502 || res.status === 503));
          if (!unconfigured) expect(res.status, what).toBeLessThan(500);
          // Redirects stay on the site, read as a browser reads a Location (tabs and line breaks dropped).
          if (res.location) expect(new URL(res.location, ORIGIN).origin, what).toBe(ORIGIN);
          expectUnpolluted(snapshot);
        }),
        {
          seed: FUZZ_SEED,
          numRuns: RUNS,
          endOnFailure: true,
          // Besides the random runs, each form with every field a NUL, then every field sent twice.
          examples: spec.forms.flatMap((form) => {
            const keys = Object.keys(form);
            const run = (pairs: [string, string][]): [Input] => [
              { pairs, role: spec.role, multipart: false, params: null, query: null, referer: `${ORIGIN}/blog` },
            ];
            return [
              run(keys.map((k): [string, string] => [k, "\u0000"])),
              run(
                keys.flatMap((k): [string, string][] => [
                  [k, "a"],
                  [k, "b"],
                ]),
              ),
            ];
          }),
        },
      );
    });
  }

  it("every row stored on the way passes the schema that let it in", async () => {
    expect(await storedRowProblems()).toEqual([]);
  });
});
