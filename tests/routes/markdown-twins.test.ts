/**
 * The Markdown twins: entry and listing twins called with real Requests, their fields, links,
 * escaping, 404s, 301s and ETags; /llms.txt; content negotiation; and the negotiation middleware with
 * the real page cache and the real twin loader on an Express server (HTML and Markdown copies are never
 * confused, and a deactivation is visible at once).
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDUSTRIES } from "~/catalog/industries";
import { PROVINCES } from "~/catalog/provinces";
import { listing_slug_history, restaurants } from "~/db/schema";
import * as entryMd from "~/routes/directory/entry-markdown";
import * as listingMd from "~/routes/directory/listing-markdown";
import * as llms from "~/routes/seo/llms-txt";
import { db } from "~/server/platform/db.server";
import { markdownNegotiation, markdownTwinPath, prefersMarkdown } from "~/server/directory/markdown-negotiation.server";
import { escapeMarkdown, escapeMarkdownLine } from "~/server/directory/markdown.server";
import { setListingActive } from "~/server/models/listing-admin.server";
import { invalidatePublicPages, publicPageCache } from "~/server/http/page-cache.server";
import { fondas, MARISQUERIA_AZUL, makeBusinesses, makeRestaurant, makeRestaurants, makeUser } from "../setup/factories";
import { call, getRequest, ORIGIN, routeArgs } from "../setup/route";

type H = any;

const HOSTILE = "Fonda *Estrella* [clic](javascript:alert(1)) <img src=x onerror=alert(1)> _x_ `y` # z";
const base = Date.parse("2026-05-01T10:00:00Z");
let n = 0;
const at = () => new Date(base + ++n * 60_000);
let azulId = "";

beforeAll(async () => {
  const azul = await makeRestaurant({
    ...MARISQUERIA_AZUL,
    descripcion:
      "Ceviche fresco del día en Colón.\n\nTambién pulpo a la parrilla y patacones; abierto desde 1998 para toda la familia, con vista al mar y música en vivo los viernes por la noche.",
    special_dish: "Corvina al ajillo",
    rating: 4.5,
    website_url: "https://azul.example.pa",
    facebook_url: "https://facebook.com/azul",
    instagram_url: "https://instagram.com/azul",
    is_verified: true,
    plan_type: "max_local",
    customer_reviews: "Excelente servicio.",
    updated_at: new Date("2026-06-02T12:30:00Z"),
    created_at: at(),
  });
  azulId = azul.id;
  await makeRestaurants([
    ...fondas(7, () => ({ provincia: "chiriqui", created_at: at() })),
    { slug: "fonda-hostil", nombre: HOSTILE, direccion: "Calle <1>", provincia: "chiriqui", created_at: at() },
    { slug: "fonda-oculta", nombre: "Fonda Oculta", direccion: "Calle 1", provincia: "chiriqui", is_active: false, created_at: at() },
    {
      slug: "fonda-importada",
      nombre: "Fonda Importada",
      direccion: "Calle 2",
      provincia: "herrera",
      rating: 4.9,
      google_place_id: "places/abc",
      customer_reviews: "De Google",
      created_at: at(),
    },
  ]);
  await makeBusinesses([
    {
      slug: "bufete-istmo",
      nombre: "Bufete Istmo",
      descripcion: "Abogados de familia.",
      direccion: "Calle 50",
      industria: "abogados",
      website: "https://bufete.example.pa",
      special_service: "Consulta gratuita",
      created_at: at(),
    },
    {
      slug: "bufete-cerrado",
      nombre: "Bufete Cerrado",
      industria: "abogados",
      is_active: false,
    },
  ]);
  await db.insert(listing_slug_history).values({ kind: "restaurant", old_slug: "cangrejo-azul", listing_id: azulId });
});

const entry = (path: string, init?: RequestInit) =>
  call(entryMd.loader as H, new Request(ORIGIN + path, init), { params: { slug: path.split("/")[2]!.replace(/\.md(\?.*)?$/, "") } });
const listing = (path: string, params: Record<string, string> = {}) => call(listingMd.loader as H, getRequest(path), { params });

describe("entry twins", () => {
  it("carries every public field, the links and the canonical URL to cite", async () => {
    const res = await entry("/restaurante/marisqueria-azul.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^public, /);
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    const md = res.data as string;
    expect(md).toMatch(/^# Marisquería Azul\n\n> Ceviche fresco del día en Colón\. /);
    for (const line of [
      "- **Tipo:** Restaurante",
      "- **Categoría:** Mariscos",
      "- **Provincia:** Colón",
      "- **Dirección:** Vía Argentina",
      "- **Teléfono:** 6206-6274",
      "- **Horario:** Lun-Sáb 11:00-22:00",
      "- **Especialidades:** Ceviche, Pulpo",
      "- **Plato especial:** Corvina al ajillo",
      "- **Calificación:** 4.5 de 5",
      "- **Verificado:** Sí",
      "- **Plan:** Max Local (promocionado)",
      "- **Sitio web:** <https://azul.example.pa/>",
      "- **Facebook:** <https://facebook.com/azul>",
      "- **Instagram:** <https://instagram.com/azul>",
      "- **Actualizado:** 2026-06-02T12:30:00Z",
      `- Página: <${ORIGIN}/restaurante/marisqueria-azul>`,
      `- Markdown: <${ORIGIN}/restaurante/marisqueria-azul.md>`,
      `- API (JSON): <${ORIGIN}/api/v1/restaurantes/marisqueria-azul>`,
    ]) {
      expect(md).toContain(line);
    }
    expect(md).toMatch(/- \*\*WhatsApp:\*\* \[Escribir por WhatsApp\]\(https:\/\/wa\.me\/50762066274\?text=[^)\s]+\)/);
    expect(md).toMatch(
      /- \*\*Mapa:\*\* \[Cómo llegar \(Google Maps\)\]\(https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=[^)\s]+\)/,
    );
    expect(md).toContain("## Descripción\n\nCeviche fresco del día en Colón.\n\nTambién pulpo");
    expect(md).toContain("## Opiniones de clientes\n\nExcelente servicio.");
    expect(md).toContain(`Cita esta ficha con el enlace a su página: <${ORIGIN}/restaurante/marisqueria-azul>`);
  });

  it("describes a business with its industry and special service", async () => {
    const md = (await entry("/negocio/bufete-istmo.md")).data as string;
    expect(md).toContain("# Bufete Istmo");
    expect(md).toContain("- **Tipo:** Negocio");
    expect(md).toContain("- **Industria:** Abogados");
    expect(md).toContain("- **Servicio especial:** Consulta gratuita");
    expect(md).toContain("- **Sitio web:** <https://bufete.example.pa/>");
    expect(md).toContain("- **Verificado:** No");
    expect(md).toContain(`- Página: <${ORIGIN}/negocio/bufete-istmo>`);
    expect(md).not.toContain("Teléfono");
  });

  it("keeps the rating and reviews of an imported entry out", async () => {
    const md = (await entry("/restaurante/fonda-importada.md")).data as string;
    expect(md).toContain("# Fonda Importada");
    expect(md).not.toContain("Calificación");
    expect(md).not.toContain("De Google");
  });

  it("escapes Markdown and HTML in the entry's data", async () => {
    const md = (await entry("/restaurante/fonda-hostil.md")).data as string;
    const title = md.split("\n")[0]!;
    expect(title).toBe("# Fonda \\*Estrella\\* \\[clic\\](javascript:alert(1)) \\<img src=x onerror=alert(1)\\> \\_x\\_ \\`y\\` \\# z");
    expect(md).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(javascript:/);
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).toContain("- **Dirección:** Calle \\<1\\>");
  });

  it("answers 404 for unknown or inactive entries, and 301 from an old slug to the current twin", async () => {
    for (const path of [
      "/restaurante/no-existe.md",
      "/restaurante/fonda-oculta.md",
      "/negocio/bufete-cerrado.md",
      "/negocio/marisqueria-azul.md",
    ]) {
      const res = await entry(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.data).toMatch(/^# No encontrado\n/);
    }
    const moved = await entry("/restaurante/cangrejo-azul.md");
    expect(moved.status).toBe(301);
    expect(moved.location).toBe("/restaurante/marisqueria-azul.md");
    expect(moved.headers.get("vary")).toBe("Accept");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await entry("/restaurante/marisqueria-azul.md");
    const etag = first.headers.get("etag")!;
    const again = await entry("/restaurante/marisqueria-azul.md", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.data).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
    expect((await entry("/restaurante/marisqueria-azul.md", { headers: { "If-None-Match": '"otro"' } })).status).toBe(200);
  });
});

describe("listing twins", () => {
  it("lists the province's first page with each entry's links and the next page's twin", async () => {
    const res = await listing("/restaurantes-chiriqui.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("vary")).toBe("Accept");
    const md = res.data as string;
    expect(md).toMatch(/^# Restaurantes en Chiriquí\n\n> /);
    expect(md).toContain(`Página: <${ORIGIN}/restaurantes-chiriqui>`);
    expect(md.match(/^## /gm)).toHaveLength(6);
    // Newest first: the hostile one was created last among the active ones.
    expect(md).toContain("## Fonda \\*Estrella\\*");
    expect(md).toContain("## Fonda 6\n\nComida tradicional en Calle 50, Chiriquí.");
    expect(md).toContain(`- Página: <${ORIGIN}/restaurante/fonda-6>\n- Markdown: <${ORIGIN}/restaurante/fonda-6.md>`);
    expect(md).not.toContain("Fonda Oculta");
    const next = /Siguiente página: <([^>]+)>/.exec(md)?.[1];
    expect(next).toMatch(new RegExp(`^${ORIGIN}/restaurantes-chiriqui\\.md\\?cursor=[\\w-]+$`));

    const url = new URL(next!);
    const second = await listing(url.pathname + url.search);
    expect(second.status).toBe(200);
    expect(second.data).toContain("## Fonda 0");
    expect(second.data).not.toContain("Siguiente página");
    expect(second.data).toContain(`Página: <${ORIGIN}/restaurantes-chiriqui?cursor=`);
  });

  it("lists an industry (optionally of one province), never inactive entries", async () => {
    const md = (await listing("/negocios/abogados.md", { industria: "abogados" })).data as string;
    expect(md).toMatch(/^# Negocios de Abogados en Panamá\n/);
    expect(md).toContain("## Bufete Istmo\n\nAbogados en Calle 50, Panamá.");
    expect(md).not.toContain("Bufete Cerrado");
    const filtered = (await listing("/negocios/abogados.md?provincia=chiriqui", { industria: "abogados" })).data as string;
    expect(filtered).toMatch(/^# Negocios de Abogados en Chiriquí\n/);
    expect(filtered).toContain("Todavía no hay negocios activos de abogados en Chiriquí.");
    expect(filtered).toContain(`Página: <${ORIGIN}/negocios/abogados?provincia=chiriqui>`);
  });

  it("answers 404 for an unknown industry and 400 for a bad cursor or province", async () => {
    const unknown = await listing("/negocios/magia.md", { industria: "magia" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatch(/^# No encontrado/);
    expect((await listing("/restaurantes-chiriqui.md?cursor=basura")).status).toBe(400);
    expect((await listing("/negocios/abogados.md?provincia=narnia", { industria: "abogados" })).status).toBe(400);
  });
});

describe("llms.txt", () => {
  it("follows llmstxt.org: H1, summary, notes, then sections of links", async () => {
    const res = await call(llms.loader as H, getRequest("/llms.txt"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const txt = res.data as string;
    const lines = txt.split("\n");
    expect(lines[0]).toBe("# Panama VIP IA");
    expect(lines[1]).toBe("");
    expect(lines[2]).toMatch(/^> \S/);
    expect(txt.match(/^# /gm)).toHaveLength(1);
    // Every line under an H2 is blank or a `- [name](url): note` link.
    const body = txt.slice(txt.indexOf("\n## "));
    for (const line of body.split("\n")) {
      if (!line || line.startsWith("## ")) continue;
      expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(?:: .+)?$/);
    }
    for (const p of PROVINCES) {
      expect(txt).toContain(`(${ORIGIN}/restaurantes-${p.slug}.md)`);
      expect(txt).toContain(`${ORIGIN}/restaurantes-${p.slug}\n`);
    }
    for (const i of INDUSTRIES) expect(txt).toContain(`(${ORIGIN}/negocios/${i.slug}.md)`);
    for (const url of ["/api/v1", "/api/v1/openapi.json", "/mcp", "/local-ai-pricing", "/contact", "/"])
      expect(txt).toContain(`(${ORIGIN}${url})`);
    expect(txt).toContain("\n## Optional\n");
  });
});

describe("content negotiation", () => {
  it("prefers Markdown only when the client names it at least as high as HTML", () => {
    expect(prefersMarkdown("text/markdown")).toBe(true);
    expect(prefersMarkdown("text/markdown, text/html;q=0.9, */*;q=0.8")).toBe(true);
    expect(prefersMarkdown("text/markdown, */*")).toBe(true);
    expect(prefersMarkdown("text/html, text/markdown")).toBe(true);
    expect(prefersMarkdown("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(false);
    expect(prefersMarkdown("text/html, text/markdown;q=0.5")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0")).toBe(false);
    expect(prefersMarkdown("*/*")).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
  });

  it("knows which pages have a twin", () => {
    expect(markdownTwinPath("/restaurante/fonda-1")).toBe("/restaurante/fonda-1.md");
    expect(markdownTwinPath("/negocio/bufete-istmo")).toBe("/negocio/bufete-istmo.md");
    expect(markdownTwinPath("/restaurantes-chiriqui")).toBe("/restaurantes-chiriqui.md");
    expect(markdownTwinPath("/negocios/abogados")).toBe("/negocios/abogados.md");
    for (const p of ["/restaurantes-narnia", "/negocios/magia", "/restaurante/x.md", "/buscar", "/", "/restaurante/x.data", "/admin"]) {
      expect(markdownTwinPath(p), p).toBeNull();
    }
  });

  it("escapes line starts only where a line starts", () => {
    for (const [escaper, text, escaped] of [
      [escapeMarkdown, "+507 6000-0000", "+507 6000-0000"],
      [escapeMarkdownLine, "+507 6000-0000", "\\+507 6000-0000"],
      [escapeMarkdownLine, "1. primero", "1\\. primero"],
      [escapeMarkdown, "a &lt; b & c", "a \\&lt; b & c"],
      [escapeMarkdown, "uno\n\n# dos", "uno \\# dos"],
    ] as const) {
      expect(escaper(text), `${escaper.name}(${JSON.stringify(text)})`).toBe(escaped);
    }
  });
});

describe("negotiation in front of the page cache", () => {
  let server: http.Server;
  let url = "";
  let htmlRenders = 0;

  beforeAll(async () => {
    const app = express();
    const cache = publicPageCache({ ttlMs: 60_000 });
    app.use(markdownNegotiation);
    app.use(cache.serve);
    app.use(cache.store);
    app.get("/{*path}", async (req, res) => {
      if (req.path.endsWith(".md")) {
        // The real twin loader behind the real cache.
        const request = new Request(`${ORIGIN}${req.originalUrl}`, { headers: { "if-none-match": req.get("if-none-match") ?? "" } });
        const params = { slug: req.path.split("/")[2]!.slice(0, -3) };
        const answer = (await entryMd.loader(routeArgs(request, { params }) as H)) as Response;
        res.status(answer.status);
        for (const [k, v] of answer.headers) res.setHeader(k, v);
        res.end(await answer.text());
        return;
      }
      htmlRenders++;
      res.set({ "Cache-Control": "public, max-age=0, s-maxage=30", Vary: "Accept" }).type("html").send(`<h1>${req.path}</h1>`);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const get = async (path: string, accept?: string) => {
    const res = await fetch(url + path, { headers: accept ? { accept } : {} });
    return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("x-page-cache"), body: await res.text() };
  };

  it("never serves a cached HTML copy to a Markdown request, nor the reverse", async () => {
    invalidatePublicPages();
    const page = "/restaurante/marisqueria-azul";
    for (let i = 0; i < 3; i++) expect((await get(page, "text/html")).type).toMatch(/^text\/html/);
    expect((await get(page, "text/html")).cache).toBe("HIT");
    const renders = htmlRenders;
    const md = [await get(page, "text/markdown"), await get(page, "text/markdown"), await get(page, "text/markdown")];
    expect(md.map((r) => r.type)).toEqual(Array(3).fill("text/markdown; charset=utf-8"));
    expect(md.map((r) => r.cache)).toEqual(["MISS", "MISS", "HIT"]);
    expect(md[2]!.body).toMatch(/^# Marisquería Azul/);
    expect(htmlRenders).toBe(renders);
    // The stored twin answers its own URL too, and the page URL still gets HTML.
    expect((await get(`${page}.md`)).cache).toBe("HIT");
    const html = await get(page);
    expect(html.type).toMatch(/^text\/html/);
    expect(html.body).toBe(`<h1>${page}</h1>`);
  });

  it("drops a deactivated entry's twin at once", async () => {
    const page = "/restaurante/marisqueria-azul";
    for (let i = 0; i < 3; i++) await get(page, "text/markdown");
    expect((await get(page, "text/markdown")).cache).toBe("HIT");
    const admin = await makeUser();
    await setListingActive("restaurant", azulId, false, admin);
    try {
      const after = await get(page, "text/markdown");
      expect(after.status).toBe(404);
      expect(after.cache).toBe("MISS");
      expect((await get(`${page}.md`)).status).toBe(404);
    } finally {
      await setListingActive("restaurant", azulId, true, admin);
    }
    expect((await db.select().from(restaurants).where(eq(restaurants.id, azulId)))[0]!.is_active).toBe(true);
  });
});
