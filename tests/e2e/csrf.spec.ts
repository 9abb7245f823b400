/**
 * CSRF: every state-changing route (tests/fixtures/csrf-routes.ts, checked complete against
 * app/routes.ts by tests/routes/csrf-routes.test.ts) refuses a request that a browser sent from
 * another site, with 403 and nothing changed in the database; the same request from our own pages,
 * or from a non-browser client, is accepted (decision 064).
 *
 * The production server runs on a database of its own, which the test reads between runs (the
 * embedded database belongs to one process at a time): set up, stop, snapshot; forge everything,
 * stop, compare; then the accepted requests, which do change it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../../app/server/platform/pglite-extensions.server.mjs";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { CSRF_CASES, type CsrfCase, type Who } from "../fixtures/csrf-routes";
import { freePort } from "../setup/free-port";
import { type AppServer, startAppServer, startStandIn } from "./app-server";

test.describe.configure({ mode: "serial" });

const OWNER = { email: "duena@csrf.test", password: "clave-duena-segura", name: "Dueña CSRF" };
const USER = { email: "usuaria@csrf.test", password: "clave-usuaria-segura", name: "Usuaria CSRF" };
const WEBHOOK_SECRET = "whsec_csrf";
const FOREIGN = "https://evil.example";

let tmp: string;
let dataDir: string;
let mailLog: string;
let port: number;
let origin: string;
let env: Record<string, string>;
let app: AppServer | undefined;
let stripe: FakeStripe;
const sessions = {} as Record<Who, APIRequestContext>;
const values: Record<string, string> = {};
let before: Map<string, string>;

/** Each table's row count and a digest of its rows, read with the server stopped. */
async function snapshot(): Promise<Map<string, string>> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
  try {
    const { rows: tables } = await db.query<{ t: string }>(
      `select format('%I.%I', table_schema, table_name) as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const out = new Map<string, string>();
    for (const { t } of tables) {
      const { rows } = await db.query<{ n: number; digest: string | null }>(
        `select count(*)::int as n, md5(string_agg(r::text, E'\\n' order by r::text)) as digest from ${t} r`,
      );
      out.set(t, `${rows[0]!.n} ${rows[0]!.digest ?? ""}`);
    }
    return out;
  } finally {
    await db.close();
  }
}

async function readIds() {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
  try {
    const one = async (sql: string, params: unknown[] = []) => {
      const { rows } = await db.query<{ v: string }>(sql, params);
      if (rows.length !== 1) throw new Error(`expected one row: ${sql}`);
      return rows[0]!.v;
    };
    values.userId = await one("select id as v from users where email = $1", [USER.email]);
    values.blogId = await one("select id::text as v from blogs");
    // The editor saves only over the version it opened (its last change, to the microsecond).
    values.blogVersion = await one(`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as v from blogs`);
    values.restaurantId = await one("select id::text as v from restaurants");
    values.restaurantSlug = await one("select slug as v from restaurants");
    values.businessId = await one("select id::text as v from businesses");
    values.businessSlug = await one("select slug as v from businesses");
    values.leadId = await one("select id::text as v from contact_messages");
    values.resetToken = await one("select substring(identifier from 16) as v from verifications where identifier like 'reset-password:%'");
  } finally {
    await db.close();
  }
}

const fill = (text: string) => text.replace(/:([a-zA-Z]+)/g, (whole, name: string) => values[name] ?? whole);
const fillDeep = (value: unknown): unknown =>
  typeof value === "string"
    ? fill(value)
    : Array.isArray(value)
      ? value.map(fillDeep)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v)]))
        : value;

/** Sends `c` with `headers` added to its own (which are a machine client's: a token, a signature). */
function send(c: CsrfCase, headers: Record<string, string>): Promise<APIResponse> {
  const all = { ...(fillDeep(c.headers ?? {}) as Record<string, string>), ...headers };
  const common = { method: "POST", headers: all, maxRedirects: 0, failOnStatusCode: false } as const;
  if (c.raw !== undefined) return sessions[c.as].fetch(fill(c.url), { ...common, data: fill(c.raw) });
  if (c.json !== undefined) return sessions[c.as].fetch(fill(c.url), { ...common, data: fillDeep(c.json) });
  return sessions[c.as].fetch(fill(c.url), { ...common, form: fillDeep(c.form ?? {}) as Record<string, string> });
}

const OURS = () => ({ Origin: origin, "Sec-Fetch-Site": "same-origin" });

/** A page of another site with a text/plain form that posts `c` to us. */
function attackerPage(c: CsrfCase): string {
  const html = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  let inputs: [string, string][];
  if (c.form) inputs = Object.entries(fillDeep(c.form) as Record<string, string>);
  else {
    // The classic JSON-as-text/plain trick: name + "=" + value reads as one JSON object.
    const json = c.raw !== undefined ? fill(c.raw) : JSON.stringify(fillDeep(c.json));
    const open = json === "{}" ? "{" : `${json.slice(0, -1)},`;
    inputs = [[`${open}"relleno":"`, '"}']];
  }
  const fields = inputs.map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`).join("");
  return `<!doctype html><title>Otro sitio</title><form method="post" enctype="text/plain" action="${html(`${origin}${fill(c.url)}`)}">${fields}</form>`;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-csrf-"));
  dataDir = path.join(tmp, "data");
  mailLog = path.join(tmp, "mail.log");
  stripe = await startFakeStripe({ port: await freePort(), webhookSecret: WEBHOOK_SECRET });
  port = await freePort();
  origin = `http://localhost:${port}`;
  env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    OWNER_EMAIL: OWNER.email,
    MAIL_LOG_FILE: mailLog,
    STRIPE_SECRET_KEY: "sk_test_csrf",
    STRIPE_PRICE_ID: "price_csrf",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  };
  app = await startAppServer(port, env);
  for (const who of ["visitor", "user", "admin"] as const) sessions[who] = await playwright.request.newContext({ baseURL: origin });

  // Set up as people would, through our own pages: the owner (admin once the address is confirmed),
  // a user with an article and an API token, a contact message, a restaurant and a business, and a
  // password reset asked for.
  const post = async (who: Who, url: string, form: Record<string, string>, status = 302) => {
    const res = await sessions[who].post(url, { form, headers: OURS(), maxRedirects: 0 });
    expect(res.status(), `${url}: ${(await res.text()).slice(0, 300)}`).toBe(status);
    return res;
  };
  await post("admin", "/auth", { intent: "signup", full_name: OWNER.name, email: OWNER.email, password: OWNER.password });
  const link = fs
    .readFileSync(mailLog, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .findLast((m) => m.to === OWNER.email)!
    .text.match(/https?:\/\/\S+/)![0];
  await sessions.admin.get(link);
  expect(new URL((await sessions.admin.get("/admin")).url()).pathname).toBe("/admin");
  await post("user", "/auth", { intent: "signup", full_name: USER.name, email: USER.email, password: USER.password });
  await post("user", "/write-blog", { intent: "draft", title: "Mi borrador", excerpt: "Resumen.", content: "<p>Texto.</p>", category: "" });
  const tokenPage = await (await post("user", "/profile", { intent: "create-token", name: "script" }, 200)).text();
  values.apiToken = tokenPage.match(/pvb_[A-Za-z0-9_-]{20,}/)![0];
  await post("visitor", "/contact", { name: "Cliente", email: "cliente@csrf.test", message: "Hola.", service: "" });
  await post("admin", "/admin/restaurant/new", { nombre: "Fonda Real", direccion: "Calle 50", provincia: "panama", is_active: "on" });
  await post("admin", "/admin/business/new", {
    nombre: "Taller Real",
    descripcion: "Servicios",
    direccion: "Vía España",
    provincia: "panama",
    industria: "servicios",
    is_active: "on",
  });
  await post("visitor", "/auth/recuperar", { email: USER.email }, 200);
  await app.stop();
  app = undefined;

  await readIds();
  values.userEmail = USER.email;
  values.userPassword = USER.password;
  // A paid checkout of the user's, as Stripe reports it (signed with the webhook secret).
  const { session } = stripe.paidCheckout(values.userId, { email: USER.email, returnUrl: `${origin}/ai-solutions/amy` });
  const event = stripe.signedEvent("checkout.session.completed", session);
  values.stripeEvent = event.payload;
  values.stripeSignature = event.header;
  before = await snapshot();
});

test.afterAll(async () => {
  await app?.stop();
  await Promise.all(Object.values(sessions).map((s) => s.dispose()));
  await stripe?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("a request from another site is refused with 403 on every state-changing route, and nothing changes", async ({ browser }) => {
  test.setTimeout(240_000);
  app = await startAppServer(port, env);

  const refusedWith: string[] = [];
  const check = (label: string, status: number) => {
    if (status !== 403) refusedWith.push(`${label}: ${status}`);
  };
  for (const c of CSRF_CASES) {
    const label = `${c.name} (${c.url})`;
    check(`${label}, foreign Origin`, (await send(c, { Origin: FOREIGN })).status());
    check(`${label}, Sec-Fetch-Site: cross-site without Origin`, (await send(c, { "Sec-Fetch-Site": "cross-site" })).status());
    check(`${label}, Sec-Fetch-Site: same-site`, (await send(c, { "Sec-Fetch-Site": "same-site", Origin: FOREIGN })).status());
    check(`${label}, Origin: null`, (await send(c, { Origin: "null" })).status());
  }

  // And from a real page of another site (127.0.0.1 is not localhost's site): a text/plain form
  // posted by Chromium, with the victim's cookies in the browser (SameSite=Lax keeps them home; the
  // origin check refuses it regardless).
  const pages: Parameters<typeof startStandIn>[0] = {};
  const attacker = await startStandIn(pages);
  for (const who of ["visitor", "user", "admin"] as const) {
    const context = await browser.newContext({ storageState: await sessions[who].storageState() });
    const page = await context.newPage();
    for (const [i, c] of CSRF_CASES.entries()) {
      if (c.as !== who) continue;
      pages[`/${i}`] = { type: "text/html", body: attackerPage(c) };
      const target = `${origin}${fill(c.url)}`;
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url() === target && r.request().method() === "POST"),
        page.goto(`${attacker.origin}/${i}`).then(() => page.evaluate(() => document.forms[0]!.submit())),
      ]);
      // The refusal is shown in the tab before the next page is opened there.
      await page.waitForURL(target);
      const sent = await response.request().allHeaders();
      expect(sent["content-type"]).toBe("text/plain");
      expect(sent["sec-fetch-site"]).toBe("cross-site");
      check(`${c.name} (${c.url}), text/plain form from another site`, response.status());
    }
    await context.close();
  }
  await attacker.close();
  expect(refusedWith, "requests from another site that were not refused").toEqual([]);

  await app.stop();
  app = undefined;
  const after = await snapshot();
  const changed = [...after.keys()].filter((t) => after.get(t) !== before.get(t));
  expect(changed, "tables changed by the refused requests").toEqual([]);
});

test("the same requests sent by our own pages, or by a non-browser client, are accepted and do change things", async () => {
  test.setTimeout(180_000);
  app = await startAppServer(port, env);
  const answers: string[] = [];
  for (const c of CSRF_CASES) {
    const res = await send(c, c.client === "machine" ? {} : OURS());
    if (!c.accepted.includes(res.status())) answers.push(`${c.name} (${c.url}): ${res.status()} ${(await res.text()).slice(0, 200)}`);
  }
  expect(answers, "accepted requests that were not").toEqual([]);
  await app.stop();
  app = undefined;

  // The payloads were real: the same requests that changed nothing above changed all of these.
  const after = await snapshot();
  const changed = [...after.keys()].filter((t) => after.get(t) !== before.get(t));
  expect(changed).toEqual(
    expect.arrayContaining(
      [
        "audit_log",
        "blogs",
        "businesses",
        "contact_messages",
        "free_plan_subscriptions",
        "profiles",
        "restaurants",
        "sessions",
        "stripe_events",
        "subscriptions",
        "users",
        "verifications",
      ].map((t) => `public.${t}`),
    ),
  );
});
