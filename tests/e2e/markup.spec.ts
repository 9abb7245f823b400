/**
 * Every HTML page, public and signed-in, as the production server serves it: the W3C Nu Html Checker
 * finds no error in its markup, and axe-core in Chromium finds no accessibility violation.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { ADMIN_STATE, confirmAddress, MARKETING_PAGES, makeUser } from "./fixtures";

type Role = "visitor" | "user" | "admin";
type Sessions = Record<Role, APIRequestContext>;

const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const AXE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

const PUBLIC_PAGES = [
  ...MARKETING_PAGES,
  "/ai-solutions/roger",
  "/blog",
  "/blog/:blogSlug",
  "/auth",
  "/auth?modo=registro",
  "/auth/recuperar",
  "/auth/nueva-contrasena?token=enlace-de-prueba",
  "/restaurantes-panama",
  "/negocios/turismo",
  "/restaurante/marisqueria-el-cangrejo-azul",
  "/negocio/bufete-ley-istmena",
  "/buscar",
  "/buscar?q=mariscos",
  "/api/v1",
  "/esta-pagina-no-existe",
];
const USER_PAGES = [
  "/profile",
  "/my-blogs",
  "/write-blog",
  "/edit-blog/:blogId",
  "/ai-solutions/amy",
  "/mi-negocio",
  "/mi-negocio/negocio/:managedId",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=negocios",
  "/admin?tab=google",
  "/admin-members",
  "/admin/restaurant/new",
  "/admin/restaurant/edit/:restaurantId",
  "/admin/restaurant/search",
  "/admin/business/new",
  "/admin/business/edit/:businessId",
  "/admin/free-plans",
  "/admin/leads",
  "/admin/audit",
  "/admin/cambios",
];
const PAGES: [Role, string[]][] = [
  ["visitor", PUBLIC_PAGES],
  ["user", USER_PAGES],
  ["admin", ADMIN_PAGES],
];

let baseURL = "";
const sessions = {} as Sessions;
const ids: Record<string, string> = {};

test.beforeAll(async ({ playwright }, info) => {
  baseURL = String(info.project.use.baseURL);
  const extraHTTPHeaders = { Origin: baseURL };
  sessions.visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  sessions.admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders, storageState: ADMIN_STATE });
  sessions.user = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  const user = await makeUser(sessions.user, "marcado");
  // A draft of the user's own, for /edit-blog/:id and a non-empty /my-blogs.
  const draft = await sessions.user.post("/write-blog", {
    form: { intent: "draft", title: "Borrador de prueba", excerpt: "Resumen.", content: "<p>Contenido del borrador.</p>" },
    maxRedirects: 0,
  });
  ids.blogId = draft.headers().location?.match(/\/edit-blog\/([0-9a-f-]{36})/)?.[1] ?? "";
  ids.blogSlug = (await (await sessions.visitor.get("/blog")).text()).match(/href="\/blog\/([a-z0-9-]+)"/)?.[1] ?? "";
  ids.restaurantId =
    (await (await sessions.admin.get("/admin?tab=restaurantes")).text()).match(/\/admin\/restaurant\/edit\/([0-9a-f-]{36})/)?.[1] ?? "";
  ids.businessId =
    (await (await sessions.admin.get("/admin?tab=negocios")).text()).match(/\/admin\/business\/edit\/([0-9a-f-]{36})/)?.[1] ?? "";
  // A business the user runs (assigned by the admin), for «Mi negocio» and its editor.
  const nombre = `Negocio del marcado ${Date.now().toString(36)}`;
  await sessions.admin.post("/admin/business/new", {
    form: { nombre, descripcion: "Servicios varios.", direccion: "Calle 1", provincia: "panama", industria: "servicios", is_active: "on" },
  });
  ids.managedId =
    (await (await sessions.admin.get(`/admin?tab=negocios&q=${encodeURIComponent(nombre)}`)).text()).match(
      /\/admin\/business\/edit\/([0-9a-f-]{36})/,
    )?.[1] ?? "";
  await confirmAddress(sessions.user, baseURL, user.email);
  await sessions.admin.post("/admin-members", { form: { intent: "owner", business_id: ids.managedId, email: user.email } });
  for (const [key, value] of Object.entries(ids)) expect(value, key).not.toBe("");
});

test.afterAll(async () => {
  await Promise.all(Object.values(sessions).map((s) => s.dispose()));
});

const fill = (page: string) => page.replace(/:(\w+)/g, (_, key: string) => ids[key]!);

test("the Nu Html Checker finds no error on any page", async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-markup-"));
  const files = new Map<string, string>();
  try {
    const all = PAGES.flatMap(([role, pages]) => pages.map((page) => ({ role, page })));
    await Promise.all(
      all.map(async ({ role, page }, i) => {
        const res = await sessions[role].get(fill(page), { maxRedirects: 0 });
        expect([200, 404], `${role} ${page}`).toContain(res.status());
        expect(res.headers()["content-type"], `${role} ${page}`).toContain("text/html");
        const file = path.join(dir, `${i}.html`);
        fs.writeFileSync(file, await res.body());
        files.set(`file:${file}`, `${page} (${role})`);
      }),
    );
    // One JVM for every page: the checker takes seconds to start.
    const run = spawnSync(
      process.env.JAVA ?? "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...[...files.keys()].map((f) => f.slice(5))],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw new Error(`The Nu Html Checker needs Java (apt-get install default-jre-headless): ${run.error.message}`);
    const report = JSON.parse(run.stderr) as {
      messages: { type: string; url?: string; message: string; extract?: string }[];
    };
    const errors: Record<string, string[]> = {};
    for (const m of report.messages) {
      const page = files.get(m.url ?? "") ?? m.url ?? "?";
      errors[page] = [...(errors[page] ?? []), `${m.type}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ""}`];
    }
    expect(errors).toEqual({});
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** axe-core on one page in Chromium, at 1280 and at 390 px; the violations by width. */
async function axeViolations(browser: Browser, role: Role, href: string) {
  // bypassCSP: axe is injected as an inline script, which the production CSP (rightly) refuses.
  // Reduced motion: a toast caught halfway through fading in would fail the contrast check.
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    reducedMotion: "reduce",
    storageState: role === "visitor" ? undefined : await sessions[role].storageState(),
  });
  const page = await context.newPage();
  const found: Record<string, string[]> = {};
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(fill(href));
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
    });
    if (violations.length) found[`${width}px`] = violations;
  }
  await context.close();
  return found;
}

for (const [role, pages] of PAGES) {
  for (const href of pages) {
    test(`axe-core finds no violation on ${href} as ${role}, at 1280 and 390 px`, async ({ browser }) => {
      // A slow machine: axe reads the whole page twice.
      test.setTimeout(90_000);
      expect(await axeViolations(browser, role, href)).toEqual({});
    });
  }
}
