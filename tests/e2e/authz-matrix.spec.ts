/**
 * The authorization matrix (tests/fixtures/authz-matrix.ts) over real HTTP against the production
 * server, as each role of the matrix. The roles are made the way people make them: accounts signed
 * up through the form, an article saved in the editor, API tokens created in /profile, free plans
 * granted (and one deactivated) by the admin. A first test walks app/routes.ts and fails when a
 * loader or action has no row, or when a row names a route that does not serve its path.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "../../app/routes";
import { AUTHZ_MATRIX, type MatrixEntry, type Outcome, ROLES, type Role, TOKEN_ROLES } from "../fixtures/authz-matrix";
import { ADMIN_STATE, confirmAddress, makeUser, OWNER } from "./fixtures";

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

const idOf = (r: ConfigEntry) => r.id ?? r.file.replace(/\.[^.]+$/, "");
const flatten = (list: ConfigEntry[]): ConfigEntry[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const exportsHandler = (source: string, name: "loader" | "action") =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(
    source,
  );

test("every loader and action in app/routes.ts has a row in the matrix, and each row reaches its route", () => {
  const config = flatten(routes as ConfigEntry[]);
  const missing: string[] = [];
  for (const r of config) {
    const source = fs.readFileSync(path.join("app", r.file), "utf8");
    for (const [name, method] of [
      ["loader", "GET"],
      ["action", "POST"],
    ] as const) {
      if (exportsHandler(source, name) && !AUTHZ_MATRIX.some((e) => e.route === idOf(r) && e.method === method)) {
        missing.push(`${method} ${idOf(r)} (${r.path ?? "index"}: ${name})`);
      }
    }
  }
  expect.soft(missing, "routes without a row in tests/fixtures/authz-matrix.ts").toEqual([]);

  // React Router's own matcher says which route serves each row's path.
  const toRoute = (r: ConfigEntry): RouteObject =>
    r.index ? { id: idOf(r), index: true } : { id: idOf(r), path: r.path, children: r.children?.map(toRoute) };
  const tree: RouteObject[] = [{ id: "root", path: "/", children: (routes as ConfigEntry[]).map(toRoute) }];
  const misrouted = AUTHZ_MATRIX.flatMap((e) => {
    const pathname = e.path.split("?")[0]!.replace(/:(\w+)/g, "x");
    const served = matchRoutes(tree, pathname)?.at(-1)?.route.id;
    return served === e.route ? [] : [`${e.method} ${e.path}: row says ${e.route}, served by ${served}`];
  });
  expect(misrouted).toEqual([]);
});

test.describe("as every role", () => {
  // In order on one worker: one set of accounts for the whole matrix.
  test.describe.configure({ mode: "default" });
  let baseURL = "";
  const contexts = {} as Record<Role, APIRequestContext>;
  const credentials: Partial<Record<Role, { email: string; password: string }>> = { admin: OWNER };
  const tokens: Partial<Record<Role, string>> = {};
  const values: Record<string, string> = {};
  let revokedToken = "";

  const fill = (text: string) =>
    text.replace(/:(\w+)/g, (_, key: string) => {
      const value = values[key];
      if (!value) throw new Error(`No value for :${key}`);
      return value;
    });

  async function createToken(ctx: APIRequestContext, name: string): Promise<{ token: string; id: string }> {
    const res = await ctx.post("/profile", { form: { intent: "create-token", name } });
    expect(res.status()).toBe(200);
    const token = (await res.text()).match(/pvb_[A-Za-z0-9_-]{40,}/)?.[0];
    // The newest token comes first in /profile's list.
    const id = (await (await ctx.get("/profile")).text()).match(
      /value="revoke-token"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/,
    )?.[1];
    if (!token || !id) throw new Error("No token in /profile's answer");
    return { token, id };
  }

  async function grantFreePlan(email: string) {
    const res = await contexts.admin.post("/admin/free-plans", { form: { intent: "grant", email, days_granted: "30" } });
    expect(res.status()).toBe(200);
  }

  test.beforeAll(async ({ playwright }, info) => {
    baseURL = String(info.project.use.baseURL);
    const newContext = (storageState?: string) =>
      playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL }, storageState });
    contexts.visitor = await newContext();
    contexts.admin = await newContext(ADMIN_STATE);
    for (const role of ["user", "author", "other", "subscriber", "lapsed", "pending"] as const) {
      contexts[role] = await newContext();
      const made = await makeUser(contexts[role], `matriz-${role}`);
      credentials[role] = { email: made.email, password: made.password };
    }
    for (const role of TOKEN_ROLES) tokens[role] = (await createToken(contexts[role], `matriz ${role}`)).token;

    // The author's draft: its id, and its slug as the editor's loader has it.
    const title = `Borrador de la matriz ${Date.now()}`;
    const draft = await contexts.author.post("/write-blog", {
      form: { intent: "draft", title, excerpt: "Un resumen.", content: "<p>Texto.</p>" },
      maxRedirects: 0,
    });
    values.blogId = draft.headers().location?.match(/\/edit-blog\/([0-9a-f-]{36})$/)?.[1] ?? "";
    const editor = await (await contexts.author.get(`/edit-blog/${values.blogId}`)).text();
    values.draftSlug = editor.match(/\\"slug\\",\\"([a-z0-9-]+)\\"/)?.[1] ?? "";
    expect(values.draftSlug).toMatch(/^borrador-de-la-matriz-/);
    values.tokenId = (await createToken(contexts.author, "matriz segundo")).id;
    // The other account writes too, and has a token it revoked.
    await contexts.other.post("/write-blog", {
      form: { intent: "draft", title: `Otro borrador ${Date.now()}`, excerpt: "x", content: "x" },
    });
    const revoked = await createToken(contexts.other, "matriz revocado");
    const revoke = await contexts.other.post("/profile", {
      form: { intent: "revoke-token", id: revoked.id, confirm: "1" },
      maxRedirects: 0,
    });
    expect(revoke.status()).toBe(302);
    revokedToken = revoked.token;

    // Premium: a free plan for the subscriber; the lapsed account's plan is deactivated. Plans go to
    // the account that confirmed the address, so both open their sign-up link first.
    for (const role of ["subscriber", "lapsed"] as const) await confirmAddress(contexts[role], baseURL, credentials[role]!.email);
    await grantFreePlan(credentials.subscriber!.email);
    await grantFreePlan(credentials.lapsed!.email);
    // The pending account asked to move to an address with a plan waiting, and never opened the link.
    const waiting = `matriz-espera-${Date.now()}@e2e.test`;
    await grantFreePlan(waiting);
    const asked = await contexts.pending.post("/profile", { form: { full_name: "Cuenta en espera", email: waiting }, maxRedirects: 0 });
    expect(asked.status()).toBe(302);
    expect(await (await contexts.pending.get("/profile")).text()).toContain("Cambio pendiente a");
    const plans = await (await contexts.admin.get("/admin/free-plans")).text();
    const row = plans.slice(plans.indexOf(credentials.lapsed!.email));
    const planId = row.match(/name="intent" value="toggle"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/)?.[1];
    const off = await contexts.admin.post("/admin/free-plans", {
      form: { intent: "toggle", id: planId!, active: "false" },
      maxRedirects: 0,
    });
    expect(off.status()).toBe(302);

    // A seeded restaurant and business (the API's first of each, which no other spec changes), and
    // their admin ids found by name; the author publishes an article of its own.
    for (const [tipo, kind, tab] of [
      ["restaurantes", "restaurant", "restaurantes"],
      ["negocios", "business", "negocios"],
    ] as const) {
      const api = (await (await contexts.visitor.get(`/api/v1/buscar?tipo=${tipo}&limite=1`)).json()) as {
        resultados: { slug: string; nombre: string }[];
      };
      const { slug, nombre } = api.resultados[0]!;
      values[`${kind}Slug`] = slug;
      const list = await (await contexts.admin.get(`/admin?tab=${tab}&q=${encodeURIComponent(nombre)}`)).text();
      values[`${kind}Id`] = list.match(new RegExp(`/admin/${kind}/edit/([0-9a-f-]{36})`))?.[1] ?? "";
    }
    const published = await contexts.author.post("/write-blog", {
      form: {
        intent: "publish",
        title: `Publicado de la matriz ${Date.now()}`,
        excerpt: "Un resumen.",
        content: "<p>Texto.</p>",
        category: "Turismo",
      },
      maxRedirects: 0,
    });
    values.blogSlug = published.headers().location?.match(/^\/blog\/([a-z0-9-]+)$/)?.[1] ?? "";
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(contexts).map((c) => c.dispose()));
  });

  /** A new session of `role` (signed in again), for a request that ends its session. */
  async function freshContext(role: Role, playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    const who = credentials[role];
    if (who) {
      const res = await ctx.post("/auth", { form: { intent: "login", ...who }, maxRedirects: 0 });
      expect(res.status(), `signing ${role} in again`).toBe(302);
    }
    return ctx;
  }

  async function send(ctx: APIRequestContext, entry: MatrixEntry, role: Role): Promise<APIResponse> {
    const headers: Record<string, string> = { ...entry.headers };
    if (entry.bearer === "own" && tokens[role]) headers.Authorization = `Bearer ${tokens[role]}`;
    if (entry.bearer === "revoked") headers.Authorization = `Bearer ${revokedToken}`;
    const url = fill(entry.path);
    if (entry.method === "GET") return ctx.get(url, { headers, maxRedirects: 0 });
    if (entry.json !== undefined) return ctx.post(url, { headers, data: entry.json, maxRedirects: 0 });
    if (entry.body !== undefined) {
      return ctx.post(url, { headers: { ...headers, "Content-Type": "application/json" }, data: entry.body, maxRedirects: 0 });
    }
    const form = Object.fromEntries(Object.entries(entry.form ?? {}).map(([k, v]) => [k, fill(v)]));
    return ctx.post(url, { headers, form, maxRedirects: 0 });
  }

  const label = (o: Outcome) => (typeof o === "object" ? `${o.status}${o.to ? ` to ${o.to}` : ""}` : String(o));
  /** The redirect's path and query, wherever it points. */
  const target = (res: APIResponse) => {
    const to = new URL(res.headers().location ?? "", baseURL);
    return { sameSite: to.origin === new URL(baseURL).origin, path: to.pathname + to.search };
  };

  for (const entry of AUTHZ_MATRIX) {
    for (const role of ROLES) {
      const expected = entry.expect[role];
      test(`${entry.method} ${entry.path} (${entry.name}) as ${role} -> ${label(expected)}`, async ({ playwright }) => {
        const ctx = entry.freshSession ? await freshContext(role, playwright) : contexts[role];
        const res = await send(ctx, entry, role);
        const body = res.status() >= 300 && res.status() < 400 ? "" : await res.text();
        if (expected === "auth") {
          expect(res.status()).toBe(302);
          expect(target(res).path).toMatch(/^\/auth(\?|$)/);
        } else if (expected === "denied") {
          expect(res.status()).toBe(302);
          expect(target(res).path).toBe(entry.deniedTo ?? "/");
          expect(res.headers()["set-cookie"] ?? "").toContain("pv_toast=");
          // The flash toast is shown on the next page.
          const next = await ctx.get(target(res).path);
          expect(await next.text()).toContain("Acceso Denegado");
        } else if (expected === "checkout") {
          // Past the gate: Stripe's page, or the Spanish error when the fake Stripe API is not up.
          if (res.status() === 303) expect(target(res).sameSite).toBe(false);
          else {
            expect(res.status()).toBe(502);
            expect(body).toContain("Error creando sesión de pago");
          }
        } else if (typeof expected === "number") {
          expect(res.status()).toBe(expected);
        } else {
          expect(res.status()).toBe(expected.status);
          if (expected.to) expect(target(res)).toEqual({ sameSite: true, path: expected.to });
          if (expected.has) expect(body).toContain(expected.has);
          if (expected.lacks) expect(body).not.toContain(expected.lacks);
        }
        if (entry.freshSession) await ctx.dispose();
      });
    }
  }
});
