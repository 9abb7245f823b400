/**
 * The authorization matrix (tests/fixtures/authz-matrix.ts) run over real HTTP against the real
 * server: a visitor, a freshly signed-up user and the admin (owner) session.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { AUTHZ_MATRIX, type Role } from "../fixtures/authz-matrix";
import { ADMIN_STATE, makeUser } from "./fixtures";

test.describe.configure({ mode: "serial" });

let baseURL = "";
const contexts = {} as Record<Role, APIRequestContext>;
const ids: Record<string, string> = {};

test.beforeAll(async ({ playwright }, info) => {
  baseURL = String(info.project.use.baseURL);
  const headers = { Origin: baseURL };
  contexts.visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  contexts.admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, storageState: ADMIN_STATE });
  contexts.user = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  // Signed up by posting the form; makeUser checks the 302.
  await makeUser(contexts.user, "matriz");
  // Ids of seeded entries for the edit routes.
  const restaurants = await (await contexts.admin.get("/admin?tab=restaurantes")).text();
  const businesses = await (await contexts.admin.get("/admin?tab=negocios")).text();
  ids.restaurantId = restaurants.match(/\/admin\/restaurant\/edit\/([0-9a-f-]{36})/)![1]!;
  ids.businessId = businesses.match(/\/admin\/business\/edit\/([0-9a-f-]{36})/)![1]!;
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((c) => c.dispose()));
});

for (const entry of AUTHZ_MATRIX) {
  for (const role of ["visitor", "user", "admin"] as const) {
    const expected = entry.expect[role];
    test(`${entry.name}: ${entry.method} ${entry.path} as ${role} -> ${expected}`, async () => {
      const path = entry.path.replace(/:(\w+)/g, (_, k: string) => ids[k]!);
      const ctx = contexts[role];
      const res =
        entry.method === "GET"
          ? await ctx.get(path, { maxRedirects: 0 })
          : await ctx.post(path, { form: entry.form ?? {}, maxRedirects: 0 });
      const location = res.headers().location ?? "";
      if (expected === "auth") {
        expect(res.status()).toBe(302);
        expect(location).toMatch(/^\/auth(\?|$)/);
      } else if (expected === "denied") {
        expect(res.status()).toBe(302);
        expect(location).toBe(entry.deniedTo ?? "/");
        expect(res.headers()["set-cookie"] ?? "").toContain("pv_toast=");
        // The flash toast is shown on the next page.
        const next = await ctx.get(location);
        expect(await next.text()).toContain("Acceso Denegado");
      } else if (expected === "redirect") {
        expect(res.status()).toBe(302);
        expect(location).not.toMatch(/^\/auth/);
        expect(location).not.toBe("/");
      } else {
        expect(res.status()).toBe(expected);
      }
    });
  }
}
