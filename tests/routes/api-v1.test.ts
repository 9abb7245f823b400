/**
 * The public read API (/api/v1) as a contract: the OpenAPI file is valid OpenAPI 3.1, and every
 * answer (200s and errors) is checked against the schema the file declares for it. Also ranking by
 * plan, inactive entries, ETag/304, CORS, Spanish 400s and the shared rate limit.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { restaurants } from "~/db/schema";
import * as buscar from "~/routes/api/v1/buscar";
import * as catalogo from "~/routes/api/v1/catalogo";
import * as entry from "~/routes/api/v1/entry";
import * as notFound from "~/routes/api/v1/not-found";
import * as openapi from "~/routes/api/v1/openapi";
import { db } from "~/server/db.server";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { peekHits } from "~/server/models/rate-limits.server";
import { openApiDocument } from "~/server/machine/openapi.server";
import { limitPublicApi } from "~/server/machine/public-api.server";
import { seedDemo } from "~/server/seed/seed.server";
import { makeRestaurant, makeRestaurants } from "../setup/factories";
import { call, getRequest, resetConfig } from "../setup/route";

let ipSeq = 0;
const ip = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

type Doc = ReturnType<typeof openApiDocument>;
let doc: Doc;
let ajv: InstanceType<typeof Ajv2020>;

/** The schema that the OpenAPI file declares for `status` of `path` (JSON body). */
function check(path: keyof Doc["paths"], status: number, body: unknown) {
  const op = doc.paths[path].get as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
  const schema = op.responses[String(status)]?.content?.["application/json"]?.schema;
  expect(schema, `${path} declares no ${status} answer`).toBeTruthy();
  const validate = ajv.compile({ ...(schema as object), components: doc.components } as object);
  const ok = validate(body);
  expect(ok, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
}

async function search(query: string, extra: { ip?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`http://localhost:3000/api/v1/buscar${query}`, { headers: extra.headers });
  const r = await call(buscar.loader, request, { ip: extra.ip ?? ip() });
  if (r.status === 200 || r.status === 400) check("/buscar", r.status, r.data);
  return r;
}

/** Deactivates or reactivates an entry, then invalidates the public caches as every model write does. */
async function setActive(slug: string, active: boolean) {
  await db.update(restaurants).set({ is_active: active }).where(eq(restaurants.slug, slug));
  invalidatePublicPages();
}

beforeAll(async () => {
  resetConfig({ API_RATE_LIMIT: "1000" });
  await seedDemo();
  doc = openApiDocument();
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the $refs point into components.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const refSchema = { $id: "doc", components: doc.components };
  ajv.addSchema(refSchema);
}, 120_000);

describe("OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and is served with an ETag", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const r = await call(openapi.loader, getRequest("/api/v1/openapi.json"));
    expect(r.status).toBe(200);
    expect(r.data.openapi).toBe("3.1.0");
    expect(r.headers.get("etag")).toMatch(/^".+"$/);
  });
});

describe("GET /api/v1/buscar", () => {
  it("answers free text with filters read from it, 10 results by default, each with its citation URLs", async () => {
    const r = await search("?q=marisquer%C3%ADa");
    expect(r.status).toBe(200);
    expect(r.data.resultados).toHaveLength(10);
    expect(r.data.consulta.interpretacion).toMatchObject({ categoria: "mariscos", tipo: "restaurantes" });
    for (const item of r.data.resultados) {
      expect(item.categoria.slug).toBe("mariscos");
      expect(item.url).toBe(`http://localhost:3000/restaurante/${item.slug}`);
      expect(item.markdown_url).toBe(`${item.url}.md`);
      expect(item.api_url).toBe(`http://localhost:3000/api/v1/restaurantes/${item.slug}`);
    }
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toMatch(/public/);
  });

  it("reads a town as its province ('David' is Chiriquí) and forgives a typo ('restorante')", async () => {
    const r = await search("?q=restorante%20en%20david");
    expect(r.status).toBe(200);
    expect(r.data.consulta.interpretacion).toMatchObject({ provincia: "chiriqui", tipo: "restaurantes" });
    expect(r.data.resultados.length).toBeGreaterThan(0);
    for (const item of r.data.resultados) expect(item).toMatchObject({ tipo: "restaurante", provincia: { slug: "chiriqui" } });
  });

  it("pages with an opaque cursor without repeating an entry, up to limite 25", async () => {
    const first = await search("?tipo=negocios&limite=25");
    expect(first.data.resultados).toHaveLength(25);
    const second = await search(`?tipo=negocios&limite=25&cursor=${first.data.siguiente_cursor}`);
    expect(second.status).toBe(200);
    const a = first.data.resultados.map((x: { id: string }) => x.id);
    const b = second.data.resultados.map((x: { id: string }) => x.id);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id: string) => b.includes(id))).toEqual([]);
    // A cursor belongs to its query: reused with another one, it is refused.
    const other = await search(`?tipo=restaurantes&limite=25&cursor=${first.data.siguiente_cursor}`);
    expect(other.status).toBe(400);
    expect(other.data.error.parametro).toBe("cursor");
  });

  it.each([
    [`?q=${"a".repeat(201)}`, "q", /200 caracteres/],
    ["?cursor=%%%", "cursor", /cursor/],
    ["?cursor=djF8MTB8YWJj", "cursor", /cursor/],
    ["?provincia=atlantida", "provincia", /provincia/],
    ["?industria=magia", "industria", /industria/],
    ["?categoria=sushi", "categoria", /categor/],
    ["?limite=0", "limite", /entre 1 y 25/],
    ["?limite=26", "limite", /entre 1 y 25/],
    ["?limite=diez", "limite", /entre 1 y 25/],
    ["?tipo=hoteles", "tipo", /restaurantes o negocios/],
    ["?q=a&q=b", "q", /más de una vez/],
    ["?limit=5", "limit", /desconocido/],
    ["?tipo=restaurantes&industria=salud", "industria", /solo se aplica a negocios/],
  ])("%s is a 400 that names the parameter in Spanish", async (query, parametro, message) => {
    const r = await search(query);
    expect(r.status).toBe(400);
    expect(r.data.error.parametro).toBe(parametro);
    expect(r.data.error.mensaje).toMatch(message);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("ranks a max_local entry above an equally relevant free_local one and marks it promoted", async () => {
    const base = {
      direccion: "Calle Principal, Metetí, Darién",
      provincia: "darien",
      categoria: "vegetariano",
      descripcion: "Platos de yuca y ñame con hierbas del monte.",
      especialidades: ["Guiso de ñame"],
      horario: "Lun-Sáb 11:00-20:00",
    };
    await makeRestaurants([
      { ...base, slug: "nampi-gratis", nombre: "Ñampí Verde", plan_type: "free_local", created_at: new Date("2026-01-02") },
      { ...base, slug: "nampi-max", nombre: "Ñampí Verde", plan_type: "max_local", created_at: new Date("2026-01-01") },
    ]);
    const r = await search("?q=%C3%B1amp%C3%AD%20verde");
    const slugs = r.data.resultados.map((x: { slug: string }) => x.slug);
    expect(slugs.slice(0, 2)).toEqual(["nampi-max", "nampi-gratis"]);
    expect(r.data.resultados[0].promocionado).toBe(true);
    expect(r.data.resultados[1].promocionado).toBe(false);
  });

  it("never returns an inactive entry, and a deactivation shows at once", async () => {
    const before = await search("?q=marisquer%C3%ADa%20el%20cangrejo%20azul");
    const target = before.data.resultados[0];
    expect(target.nombre).toBe("Marisquería El Cangrejo Azul");
    await setActive(target.slug, false);
    try {
      const after = await search("?q=marisquer%C3%ADa%20el%20cangrejo%20azul");
      expect(after.data.resultados.map((x: { slug: string }) => x.slug)).not.toContain(target.slug);
      const detail = await call(entry.loader, getRequest(`/api/v1/restaurantes/${target.slug}`), {
        params: { slug: target.slug },
        ip: ip(),
      });
      expect(detail.status).toBe(404);
    } finally {
      await setActive(target.slug, true);
    }
  });

  it("serves a repeated question from memory until a public write invalidates it", async () => {
    const q = "?q=xil%C3%B3fono%20quetzal";
    const slugs = async () => (await search(q)).data.resultados.map((r: { slug: string }) => r.slug);
    expect(await slugs()).not.toContain("xilofono-quetzal");
    // Written behind the models' back: the cached answer stands…
    await makeRestaurant({
      slug: "xilofono-quetzal",
      nombre: "Xilófono Quetzal",
      direccion: "Calle Principal, Metetí, Darién",
      provincia: "darien",
      categoria: "comida-tradicional",
    });
    expect(await slugs()).not.toContain("xilofono-quetzal");
    // …until a write invalidates the public caches, as every model write does.
    invalidatePublicPages();
    expect((await slugs())[0]).toBe("xilofono-quetzal");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await search("?q=cafe%20boquete");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await search("?q=cafe%20boquete", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("suggests a nearby query on an empty answer", async () => {
    const r = await search("?q=hamburguesas%20en%20Chitr%C3%A9");
    expect(r.status).toBe(200);
    expect(r.data.resultados).toEqual([]);
    expect(r.data.sugerencia.q).toBe("hamburguesas");
    expect(r.data.sugerencia.url).toContain("/api/v1/buscar?q=hamburguesas");
  });

  it("keeps a suggestion's probe only until public data changes", async () => {
    // Two questions that relax to the same one: the second reuses the first's probe.
    expect((await search("?q=kimchi%20en%20Chitr%C3%A9")).data.sugerencia).toBeNull();
    await makeRestaurant({ slug: "kimchi-de-colon", nombre: "Kimchi de la Abuela", provincia: "colon" });
    expect((await search("?q=kimchi%20en%20David")).data.sugerencia).toBeNull();
    // An admin's save empties the caches (the factory above wrote without one).
    invalidatePublicPages();
    const after = await search("?q=kimchi%20en%20David");
    expect(after.data.resultados).toEqual([]);
    expect(after.data.sugerencia.q).toBe("kimchi");
  });

  it("limits each IP, across every process, with a 429 and Retry-After", async () => {
    resetConfig({ API_RATE_LIMIT: "3" });
    try {
      const who = "203.0.113.200";
      for (let i = 0; i < 3; i++) expect((await search("?q=cafe", { ip: who })).status).toBe(200);
      const limited = await search("?q=cafe", { ip: who });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.data.error.mensaje).toMatch(/Demasiadas solicitudes/);
      check("/buscar", 429, limited.data);
      // Another address of the same IPv6 /64 shares the count; another IP does not.
      const v6 = "2001:db8:1:2::1";
      for (let i = 0; i < 3; i++) await search("?q=cafe", { ip: v6 });
      expect((await search("?q=cafe", { ip: "2001:0db8:0001:0002:ffff::9" })).status).toBe(429);
      expect((await search("?q=cafe", { ip: "203.0.113.201" })).status).toBe(200);
    } finally {
      resetConfig({ API_RATE_LIMIT: "1000" });
    }
  });

  it("writes a burst's hits to the shared count in batches, losing none", async () => {
    const who = "203.0.113.250";
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limitPublicApi(who)));
    expect(decisions.every((d) => !d.limited)).toBe(true);
    // Within one batch interval every hit is in the database, where the other processes read it.
    await new Promise((r) => setTimeout(r, 400));
    expect((await peekHits(`public-api:${who}`)).count).toBe(40);
  });

  it("answers a CORS preflight and refuses writes", async () => {
    const pre = await call(buscar.action, new Request("http://localhost:3000/api/v1/buscar", { method: "OPTIONS" }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-methods")).toContain("GET");
    const post = await call(buscar.action, new Request("http://localhost:3000/api/v1/buscar", { method: "POST" }));
    expect(post.status).toBe(405);
  });
});

describe("GET /api/v1/restaurantes/{slug} and /negocios/{slug}", () => {
  it("gives every public field, the page, Markdown, WhatsApp and Maps links and the last change", async () => {
    const found = await search("?tipo=negocios&q=abogado%20david");
    const slug = found.data.resultados[0].slug;
    const r = await call(entry.loader, getRequest(`/api/v1/negocios/${slug}`), { params: { slug }, ip: ip() });
    expect(r.status).toBe(200);
    check("/negocios/{slug}", 200, r.data);
    expect(r.data.url).toBe(`http://localhost:3000/negocio/${slug}`);
    expect(r.data.whatsapp_url).toMatch(/^https:\/\/wa\.me\/507\d+\?text=Hola/);
    expect(r.data.mapa_url).toMatch(/^https:\/\/www\.google\.com\/maps/);
    expect(Date.parse(r.data.actualizado)).not.toBeNaN();
  });

  it("answers 404 JSON for an unknown or malformed slug", async () => {
    for (const slug of ["no-existe", "../../etc", "A".repeat(300)]) {
      const r = await call(entry.loader, getRequest(`/api/v1/restaurantes/${encodeURIComponent(slug)}`), { params: { slug }, ip: ip() });
      expect(r.status).toBe(404);
      check("/restaurantes/{slug}", 404, r.data);
    }
  });
});

describe("GET /api/v1/catalogo and unknown paths", () => {
  it("lists the 10 provinces and industries with their pages, and the categories", async () => {
    const r = await call(catalogo.loader, getRequest("/api/v1/catalogo"), { ip: ip() });
    expect(r.status).toBe(200);
    check("/catalogo", 200, r.data);
    expect(r.data.provincias).toHaveLength(10);
    expect(r.data.provincias[2]).toMatchObject({
      slug: "chiriqui",
      nombre: "Chiriquí",
      url: "http://localhost:3000/restaurantes-chiriqui",
    });
    expect(r.data.industrias.find((i: { slug: string }) => i.slug === "abogados").url).toBe("http://localhost:3000/negocios/abogados");
  });

  it("answers JSON 404 under /api/v1 for a path that does not exist", async () => {
    const r = await call(notFound.loader, getRequest("/api/v1/hoteles"));
    expect(r.status).toBe(404);
    expect(r.data.error.codigo).toBe("ruta_desconocida");
  });
});
