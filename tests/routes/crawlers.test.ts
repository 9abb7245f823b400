/**
 * What crawlers read: robots.txt groups and rules evaluated the way RFC 9309 says (longest
 * match wins), the sitemap's lastmod of entries and listing pages (and no Markdown twin in it), and
 * the JSON-LD of entry and listing pages (BreadcrumbList, sameAs) as it is serialised into the page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PROVINCES } from "~/catalog/provinces";
import * as business from "~/routes/directory/entry";
import * as province from "~/routes/directory/province";
import * as restaurant from "~/routes/directory/entry";
import * as robots from "~/routes/seo/robots";
import * as sitemap from "~/routes/seo/sitemap";
import * as sitemapPart from "~/routes/seo/sitemap-part";
import { industryCrumbs } from "~/server/directory/json-ld.server";
import { makeBusiness, makeRestaurants } from "../setup/factories";
import { call, getRequest, ORIGIN } from "../setup/route";

type H = any;

beforeAll(async () => {
  await makeRestaurants([
    {
      slug: "fonda-vieja",
      nombre: "Fonda Vieja",
      direccion: "Calle 1",
      provincia: "veraguas",
      website_url: "https://fonda.example.pa",
      facebook_url: "https://facebook.com/fonda",
      instagram_url: "https://instagram.com/fonda",
      updated_at: new Date("2026-03-01T08:00:00Z"),
    },
    {
      slug: "fonda-nueva",
      nombre: "Fonda Nueva",
      direccion: "Calle 2",
      provincia: "veraguas",
      updated_at: new Date("2026-04-15T09:30:00Z"),
    },
    // Inactive and changed later: neither listed nor counted in its listing's lastmod.
    {
      slug: "fonda-cerrada",
      nombre: "Fonda Cerrada",
      direccion: "Calle 3",
      provincia: "veraguas",
      is_active: false,
      updated_at: new Date("2026-09-09T09:09:09Z"),
    },
  ]);
  await makeBusiness({
    slug: "academia-sol",
    nombre: "Academia Sol",
    descripcion: "Clases.",
    direccion: "Calle 4",
    industria: "educacion",
    provincia: "cocle",
    website: "https://academia.example.pa",
    updated_at: new Date("2026-05-20T10:00:00Z"),
  });
});

// ---------------------------------------------------------------- robots.txt

type Group = { agents: string[]; rules: { allow: boolean; path: string }[] };

function parseRobots(txt: string): { groups: Group[]; sitemaps: string[] } {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  for (const raw of txt.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").trim();
    const key = field!.toLowerCase();
    if (key === "user-agent") {
      if (!current || current.rules.length) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value);
    } else if (key === "allow" || key === "disallow") current!.rules.push({ allow: key === "allow", path: value });
    else if (key === "sitemap") sitemaps.push(value);
  }
  return { groups, sitemaps };
}

/** RFC 9309: the group naming the agent (else `*`); the longest matching rule wins, Allow on a tie. */
function allowed(txt: string, agent: string, path: string): boolean {
  const { groups } = parseRobots(txt);
  const group =
    groups.find((g) => g.agents.some((a) => a.toLowerCase() === agent.toLowerCase())) ?? groups.find((g) => g.agents.includes("*"));
  let best: { allow: boolean; path: string } | null = null;
  for (const r of group?.rules ?? []) {
    if (!r.path || !path.startsWith(r.path)) continue;
    if (!best || r.path.length > best.path.length || (r.path.length === best.path.length && r.allow)) best = r;
  }
  return best?.allow ?? true;
}

describe("robots.txt", () => {
  it("names the search and AI-search crawlers and lets them read pages, twins and the public API, nothing private", async () => {
    const res = await call(robots.loader as H, getRequest("/robots.txt"));
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const txt = res.data as string;
    const { groups, sitemaps } = parseRobots(txt);
    expect(sitemaps).toEqual([`${ORIGIN}/sitemap.xml`]);
    for (const bot of ["Googlebot", "Bingbot", "OAI-SearchBot", "PerplexityBot", "Claude-SearchBot", "*"]) {
      expect(
        groups.some((g) => g.agents.includes(bot)),
        bot,
      ).toBe(true);
      for (const path of [
        "/",
        "/restaurantes-chiriqui",
        "/restaurantes-chiriqui.md",
        "/restaurante/fonda-vieja",
        "/restaurante/fonda-vieja.md",
        "/negocios/educacion.md",
        "/negocio/academia-sol.md",
        "/llms.txt",
        "/api/v1",
        "/api/v1/buscar?q=ceviche",
        "/api/v1/openapi.json",
        "/blog",
      ]) {
        expect(allowed(txt, bot, path), `${bot} ${path}`).toBe(true);
      }
      for (const path of [
        "/admin",
        "/admin/restaurant/new",
        "/admin-members",
        "/profile",
        "/my-blogs",
        "/write-blog",
        "/edit-blog/123",
        "/auth",
        "/api/stripe/webhook",
        "/api/check-subscription",
        "/api/auth/session",
        "/api/blogs",
        "/api/google-business-profile",
      ]) {
        expect(allowed(txt, bot, path), `${bot} ${path}`).toBe(false);
      }
    }
  });
});

// ---------------------------------------------------------------- sitemap

const urls = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] ?? null }));

describe("sitemap", () => {
  it("gives each entry its last change and each listing the newest change of its active entries", async () => {
    const xml = (await call(sitemap.loader as H, getRequest("/sitemap.xml"))).data as string;
    const byLoc = new Map(urls(xml).map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get(`${ORIGIN}/restaurante/fonda-vieja`)).toBe("2026-03-01T08:00:00.000Z");
    expect(byLoc.get(`${ORIGIN}/negocio/academia-sol`)).toBe("2026-05-20T10:00:00.000Z");
    expect(byLoc.get(`${ORIGIN}/restaurantes-veraguas`)).toBe("2026-04-15T09:30:00.000Z");
    expect(byLoc.get(`${ORIGIN}/negocios/educacion`)).toBe("2026-05-20T10:00:00.000Z");
    // A listing with no active entry has nothing to date.
    expect(byLoc.has(`${ORIGIN}/restaurantes-darien`)).toBe(true);
    expect(byLoc.get(`${ORIGIN}/restaurantes-darien`)).toBeNull();
    expect(byLoc.has(`${ORIGIN}/restaurante/fonda-cerrada`)).toBe(false);
    expect([...byLoc.keys()].filter((l) => l.endsWith(".md") || l.includes(".md?"))).toEqual([]);
    for (const lastmod of byLoc.values()) if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/);
  });

  it("dates the listing pages in the pages part of a sitemap index too", async () => {
    const xml = (await call(sitemapPart.loader as H, getRequest("/sitemap/paginas.xml"), { params: { part: "paginas.xml" } }))
      .data as string;
    const byLoc = new Map(urls(xml).map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get(`${ORIGIN}/restaurantes-veraguas`)).toBe("2026-04-15T09:30:00.000Z");
    expect(PROVINCES.every((p) => byLoc.has(`${ORIGIN}/restaurantes-${p.slug}`))).toBe(true);
    expect([...byLoc.keys()].some((l) => l.endsWith(".md"))).toBe(false);
  });
});

// ---------------------------------------------------------------- JSON-LD

/** The JSON-LD objects a route's meta hands to React Router, which escapes each into a script. */
function jsonLdOf(meta: (args: H) => H[], loaderData: H): H[] {
  return meta({ loaderData, matches: [], params: {}, location: {} as H })
    .filter((d: H) => "script:ld+json" in d)
    .map((d: H) => d["script:ld+json"]);
}

describe("JSON-LD", () => {
  it("gives an entry page its LocalBusiness with sameAs and a BreadcrumbList, both parseable", async () => {
    const page = await call(restaurant.loader as H, getRequest("/restaurante/fonda-vieja"), { params: { slug: "fonda-vieja" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("vary")).toBe("Accept");
    const [place, crumbs] = jsonLdOf(restaurant.meta as H, page.data);
    expect(place).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Fonda Vieja",
      url: `${ORIGIN}/restaurante/fonda-vieja`,
      address: { "@type": "PostalAddress", streetAddress: "Calle 1", addressRegion: "Veraguas", addressCountry: "PA" },
      sameAs: ["https://fonda.example.pa/", "https://facebook.com/fonda", "https://instagram.com/fonda"],
    });
    expect(place).not.toHaveProperty("aggregateRating");
    expect(place).not.toHaveProperty("review");
    expect(crumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inicio", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Restaurantes en Veraguas", item: `${ORIGIN}/restaurantes-veraguas` },
        { "@type": "ListItem", position: 3, name: "Fonda Vieja", item: `${ORIGIN}/restaurante/fonda-vieja` },
      ],
    });
  });

  it("gives a business the breadcrumb of its industry, and its website as sameAs", async () => {
    const page = await call(business.loader as H, getRequest("/negocio/academia-sol"), { params: { slug: "academia-sol" } });
    const [place, crumbs] = jsonLdOf(business.meta as H, page.data);
    expect(place).toMatchObject({
      "@type": "LocalBusiness",
      name: "Academia Sol",
      sameAs: ["https://academia.example.pa/"],
    });
    expect(crumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Inicio", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Educación", item: `${ORIGIN}/negocios/educacion` },
      { "@type": "ListItem", position: 3, name: "Academia Sol", item: `${ORIGIN}/negocio/academia-sol` },
    ]);
  });

  it("gives a listing page its two-step breadcrumb", async () => {
    const page = await call(province.loader as H, getRequest("/restaurantes-veraguas"));
    expect(page.headers.get("vary")).toBe("Accept");
    const [crumbs] = jsonLdOf(province.meta as H, page.data);
    expect(crumbs.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      ["Inicio", `${ORIGIN}/`],
      ["Restaurantes en Veraguas", `${ORIGIN}/restaurantes-veraguas`],
    ]);
    expect(industryCrumbs("salud").map((c) => c.path)).toEqual(["/negocios/salud"]);
  });
});
