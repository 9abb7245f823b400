/**
 * "Bad input gets a Spanish error or a 4xx, never a 500": every route of the table, as a visitor and as
 * the admin, with hostile query strings and garbage form posts.
 */
import { expect, request as pwRequest, test } from "@playwright/test";
import { ADMIN_STATE } from "./fixtures";

const PATHS = [
  "/",
  "/about",
  "/services",
  "/ai-solutions",
  "/ai-solutions/amy",
  "/ai-solutions/roger",
  "/ai-solutions/yodda",
  "/ai-solutions/roger-chat",
  "/local-ai-pricing",
  "/contact",
  "/sitemap.xml",
  "/sitemap/paginas.xml",
  "/robots.txt",
  "/llms.txt",
  "/blog",
  "/blog/rss.xml",
  "/blog/no-existe",
  "/my-blogs",
  "/write-blog",
  "/edit-blog/00000000-0000-0000-0000-000000000000",
  "/edit-blog/../../etc",
  "/auth",
  "/auth/recuperar",
  "/auth/nueva-contrasena",
  "/profile",
  "/admin",
  "/admin-members",
  "/admin/restaurant/new",
  "/admin/restaurant/edit/no-es-uuid",
  "/admin/restaurant/search",
  "/admin/business/new",
  "/admin/business/edit/00000000-0000-0000-0000-000000000000",
  "/admin/free-plans",
  "/admin/leads",
  "/admin/audit",
  "/restaurantes-panama",
  "/restaurantes-darien",
  "/negocios/construccion",
  "/negocios/narnia",
  "/restaurante/no-existe",
  "/negocio/%E0%A4%A",
  "/restaurantes-panama.md",
  "/negocios/construccion.md",
  "/negocios/narnia.md",
  "/restaurante/no-existe.md",
  "/negocio/%E0%A4%A.md",
  "/buscar",
  "/mcp",
  "/no/existe/%00",
];

const HOSTILE_QUERIES = [
  "?page=-1&cursor=%%%&q=%3Cscript%3Ealert(1)%3C/script%3E&provincia=narnia&tipo=otro",
  `?q=${"x".repeat(5000)}&page=99999999999999999999`,
  "?cursor=eyJ0IjoiMjAyNi0wMS0wMSIsImkiOiJub3BlIn0&q=' OR 1=1 --&desde=&industria[]=a",
  "?page=1e309&q=%F0%9F%98%80%00&provincia[]=panama&modo=registro&token=../../x&editar=%27",
];

const BODIES: Record<string, string>[] = [
  {},
  { intent: "delete", id: "no-es-uuid", confirm: "si" },
  { intent: "toggle", id: "00000000-0000-0000-0000-000000000000", active: "maybe" },
  { intent: "x".repeat(3000), nombre: "n".repeat(10_000), rating: "abc", email: "@@", days: "45", tags: ",".repeat(500) },
  // NUL and other control characters, which PostgreSQL refuses in text.
  {
    name: "a\u0000b",
    email: "a\u0000@b.pa",
    message: "hola\u0000",
    nombre: "x\u0000",
    direccion: "d\u0000",
    provincia: "panama",
    title: "t\u0000",
    content: "c\u0000",
    excerpt: "e\u0000",
    full_name: "n\u0000",
    q: "\u0000",
    intent: "create",
  },
];

async function sweep(ctx: Awaited<ReturnType<typeof pwRequest.newContext>>, who: string) {
  const failures: string[] = [];
  for (const path of PATHS) {
    for (const q of ["", ...HOSTILE_QUERIES]) {
      const res = await ctx.get(path + q, { maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${who} GET ${path}${q.slice(0, 60)} -> ${res.status()}`);
    }
    for (const form of BODIES) {
      const res = await ctx.post(path, { form, maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${who} POST ${path} ${JSON.stringify(form).slice(0, 60)} -> ${res.status()}`);
    }
  }
  return failures;
}

test.describe.configure({ mode: "parallel" });

test("no route answers 500 to hostile input from a visitor", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const ctx = await pwRequest.newContext({ baseURL });
  expect(await sweep(ctx, "visitante")).toEqual([]);
  await ctx.dispose();
});

test("no route answers 500 to hostile input from the admin", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const ctx = await pwRequest.newContext({ baseURL, storageState: ADMIN_STATE });
  expect(await sweep(ctx, "admin")).toEqual([]);
  await ctx.dispose();
});
