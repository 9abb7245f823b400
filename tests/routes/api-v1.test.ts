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
import { RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { PROVINCES } from "~/catalog/provinces";
import { restaurants } from "~/db/schema";
import * as buscar from "~/routes/api/v1/buscar";
import * as catalogo from "~/routes/api/v1/catalogo";
import * as entry from "~/routes/api/v1/entry";
import * as notFound from "~/routes/api/v1/not-found";
import * as openapi from "~/routes/api/v1/openapi";
import { db } from "~/server/platform/db.server";
import { invalidatePublicPages } from "~/server/http/page-cache.server";
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
    ["?idioma=en&idioma=es", "idioma", /más de una vez/],
    ["?q=caf%C3%A9%00", "q", /carácter nulo/],
    ["?q=cafe&cerca_de=Bo%00quete", "cerca_de", /carácter nulo/],
    ["?idioma=fr", "idioma", /es \(español\) o en \(inglés\)/],
    ["?cerca=8.98,-79.52&cerca_de=Boquete", "cerca_de", /no ambos/],
    [`?cerca_de=${"b".repeat(81)}`, "cerca_de", /hasta 80 caracteres/],
    ["?q=cafe&radio=3", "radio", /junto con cerca o cerca_de/],
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
    expect(r.data.sugerencia.q).toMatch(/^hamburguesas/);
    expect(new URL(r.data.sugerencia.url).searchParams.get("q")).toBe(r.data.sugerencia.q);
  });

  it("gives the suggestion's URL the question's explicit parameters, without the one it relaxes", async () => {
    const words = await search("?q=hamburguesas%20en%20Chitr%C3%A9&tipo=restaurantes&idioma=es&limite=5&lang=en");
    expect(words.data.resultados).toEqual([]);
    const relaxed = new URL(words.data.sugerencia.url);
    expect(`${relaxed.origin}${relaxed.pathname}`).toBe("http://localhost:3000/api/v1/buscar");
    expect(Object.fromEntries(relaxed.searchParams)).toEqual({
      q: words.data.sugerencia.q,
      tipo: "restaurantes",
      limite: "5",
      idioma: "es",
    });
    // Nothing within 1 km of a point in the sea off Colón: the same words, without the point.
    const near = await search("?q=&cerca=9.45,-79.9014&radio=1&tipo=restaurantes&idioma=en");
    expect(near.data.resultados).toEqual([]);
    expect(Object.fromEntries(new URL(near.data.sugerencia.url).searchParams)).toEqual({ q: "", tipo: "restaurantes", idioma: "en" });
    // The suggested question has results.
    expect((await search(`?${new URL(near.data.sugerencia.url).searchParams}`)).data.resultados.length).toBeGreaterThan(0);
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

describe("GET /api/v1/buscar in the asker's language, and its manners", () => {
  type Item = {
    slug: string;
    nombre: string;
    resumen: string;
    especialidades: string[];
    linea: string;
    provincia: { slug: string; nombre: string };
    categoria: { slug: string; nombre: string } | null;
    abierto: { estado: string; texto: string } | null;
    distancia_km: number | null;
  };
  const OPEN_EN = /^(Open now|Closing soon|Closed|Closed · opens (today|tomorrow|[A-Z][a-z]+day) at \d{1,2}:\d\d)$/;
  const OPEN_ES = /^(Abierto ahora|Cierra pronto|Cerrado|Cerrado · abre (hoy|mañana|el [a-zé]+) a las \d{1,2}:\d\d)$/;

  it("answers idioma=en with English labels and line, the business's own texts as written", async () => {
    const en = await search("?q=ceviche&idioma=en&limite=25");
    const es = await search("?q=ceviche&limite=25");
    expect(en.status).toBe(200);
    expect(en.data.consulta.idioma).toBe("en");
    expect(es.data.consulta.idioma).toBe("es");
    const items = en.data.resultados as Item[];
    expect(items.length).toBeGreaterThan(2);
    // The same entries in the same order: only the labels change.
    expect(items.map((i) => i.slug)).toEqual((es.data.resultados as Item[]).map((i) => i.slug));
    for (const [i, item] of items.entries()) {
      const spanish = es.data.resultados[i];
      expect(item.nombre).toBe(spanish.nombre);
      expect(item.resumen).toBe(spanish.resumen);
      expect(item.especialidades).toEqual(spanish.especialidades);
      expect(item.provincia.nombre).toBe(PROVINCES.find((p) => p.slug === item.provincia.slug)!.labelEn);
      if (item.categoria) expect(item.categoria.nombre).toBe(RESTAURANT_CATEGORIES.find((c) => c.slug === item.categoria!.slug)!.labelEn);
      if (item.abierto) expect(item.abierto.texto).toMatch(OPEN_EN);
      if (spanish.abierto) expect(spanish.abierto.texto).toMatch(OPEN_ES);
      expect(item.linea).toMatch(/^\p{Lu}[\p{Ll} ]* in \p{Lu}/u);
      expect(spanish.linea).toMatch(/^\p{Lu}[\p{Ll} ]* en \p{Lu}/u);
    }
    const seafood = items.find((i) => i.categoria?.slug === "mariscos")!;
    expect(seafood.categoria!.nombre).toBe("Seafood");
    expect(seafood.linea.startsWith(`Seafood restaurant in ${seafood.provincia.nombre}`)).toBe(true);
    const marisqueria = (es.data.resultados as Item[]).find((i) => i.slug === seafood.slug)!;
    expect(marisqueria.linea.startsWith(`Marisquería en ${marisqueria.provincia.nombre}`)).toBe(true);
    // Some result has a schedule, so the open state is in the line, in its language.
    const withHours = items.find((i) => i.abierto)!;
    expect(withHours.linea).toContain(` · ${withHours.abierto!.texto.charAt(0).toLowerCase()}`);
    expect(items.find((i) => i.provincia.slug === "panama")?.provincia.nombre ?? "Panama").toBe("Panama");
  });

  it("puts the distance in the line: «a 1,2 km» in Spanish, '1.2 km away' in English", async () => {
    const point = "cerca=8.9824,-79.5199&radio=10&tipo=restaurantes";
    const en = (await search(`?${point}&idioma=en`)).data.resultados as Item[];
    const es = (await search(`?${point}`)).data.resultados as Item[];
    expect(en.length).toBeGreaterThan(0);
    for (const item of en) expect(item.linea).toMatch(/ · \d+\.\d km away$/);
    for (const item of es) expect(item.linea).toMatch(/ · a \d+,\d km$/);
  });

  it("takes the language from Accept-Language when idioma does not say, and varies on it", async () => {
    const english = await search("?q=ceviche", { headers: { "Accept-Language": "en-US,en;q=0.9,es;q=0.5" } });
    expect(english.data.consulta.idioma).toBe("en");
    expect(english.data.resultados[0].categoria.nombre).toBe("Seafood");
    expect(english.data.atribucion).toMatch(/^Cite each result/);
    expect(english.headers.get("vary")).toContain("Accept-Language");
    const spanishFirst = await search("?q=ceviche", { headers: { "Accept-Language": "es-PA,es;q=0.9,en;q=0.8" } });
    expect(spanishFirst.data.consulta.idioma).toBe("es");
    expect(spanishFirst.data.resultados[0].categoria.nombre).toBe("Mariscos");
    // idioma wins over the header.
    const asked = await search("?q=ceviche&idioma=es", { headers: { "Accept-Language": "en" } });
    expect(asked.data.consulta.idioma).toBe("es");
  });

  it("ignores unknown parameters and names them; a repeated known one stays a 400", async () => {
    const r = await search("?q=ceviche&lang=en&format=json&format=xml&utm_source=asistente");
    expect(r.status).toBe(200);
    expect(r.data.consulta.ignorados).toEqual(["lang", "format", "utm_source"]);
    expect(r.data.resultados.length).toBeGreaterThan(0);
    // Ignored means ignored: the answer is the one without them.
    const plain = await search("?q=ceviche");
    expect(plain.data.consulta.ignorados).toEqual([]);
    expect(r.data.resultados.map((x: Item) => x.slug)).toEqual(plain.data.resultados.map((x: Item) => x.slug));
    expect((await search("?q=ceviche&tipo=restaurantes&tipo=negocios")).status).toBe(400);
  });

  it("echoes cerca_de and says how the words were read", async () => {
    const r = await search("?q=ceviche&cerca_de=Boquete&radio=20");
    expect(r.status).toBe(200);
    expect(r.data.consulta).toMatchObject({ cerca_de: "Boquete", cerca: null, abierto_ahora: false });
    const reading = r.data.consulta.interpretacion;
    expect(reading).toEqual(
      expect.objectContaining({ usadas: expect.any(Array), apartadas: expect.any(Array), abierto_ahora: false, lugar_desconocido: null }),
    );
    const open = await search("?q=ceviche&abierto_ahora=true");
    expect(open.data.consulta.interpretacion.abierto_ahora).toBe(true);
    const near = await search("?cerca=8.9824,-79.5199&radio=3");
    expect(near.data.consulta.interpretacion.cerca_de).toEqual({ nombre: null, latitud: 8.9824, longitud: -79.5199, radio_km: 3 });
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

  it("labels an entry in English with idioma=en or Accept-Language; a wrong idioma is a 400, an unknown parameter ignored", async () => {
    const found = await search("?q=ceviche&tipo=restaurantes");
    const slug = found.data.resultados.find((x: { abierto: unknown }) => x.abierto).slug;
    const get = (query: string, headers: Record<string, string> = {}) =>
      call(entry.loader, new Request(`http://localhost:3000/api/v1/restaurantes/${slug}${query}`, { headers }), {
        params: { slug },
        ip: ip(),
      });
    const es = await get("?utm_source=asistente");
    const en = await get("?idioma=en");
    expect(en.status).toBe(200);
    check("/restaurantes/{slug}", 200, en.data);
    expect(en.data.categoria.nombre).toBe(RESTAURANT_CATEGORIES.find((c) => c.slug === en.data.categoria.slug)!.labelEn);
    expect(en.data.horario_semanal.map((d: { dia: string }) => d.dia)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(es.data.horario_semanal[0].dia).toBe("lunes");
    expect(en.data.abierto.texto).toMatch(/^(Open now|Closing soon|Closed)/);
    expect(en.data.linea).toMatch(/ in /);
    expect(en.data.descripcion).toBe(es.data.descripcion);
    if (en.data.especial) expect(en.data.especial.etiqueta).toBe("Special dish");
    expect(en.headers.get("vary")).toContain("Accept-Language");
    expect((await get("", { "Accept-Language": "en-GB" })).data.horario_semanal[0].dia).toBe("Monday");
    const wrong = await get("?idioma=klingon");
    expect(wrong.status).toBe(400);
    check("/restaurantes/{slug}", 400, wrong.data);
    expect(wrong.data.error.parametro).toBe("idioma");
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

  it("names the catalog in English with idioma=en or Accept-Language", async () => {
    for (const [query, headers] of [
      ["?idioma=en", {}],
      ["", { "Accept-Language": "en-US,en;q=0.9" }],
    ] as const) {
      const r = await call(catalogo.loader, new Request(`http://localhost:3000/api/v1/catalogo${query}`, { headers }), { ip: ip() });
      expect(r.status).toBe(200);
      check("/catalogo", 200, r.data);
      expect(r.data.provincias[0]).toMatchObject({ slug: "panama", nombre: "Panama" });
      expect(r.data.categorias).toContainEqual({ slug: "mariscos", nombre: "Seafood" });
      expect(r.data.industrias).toContainEqual(expect.objectContaining({ slug: "abogados", nombre: "Lawyers" }));
    }
  });

  it("answers JSON 404 under /api/v1 for a path that does not exist", async () => {
    const r = await call(notFound.loader, getRequest("/api/v1/hoteles"));
    expect(r.status).toBe(404);
    expect(r.data.error.codigo).toBe("ruta_desconocida");
  });
});
