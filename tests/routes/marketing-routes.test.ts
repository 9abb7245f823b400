import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ASSISTANTS, HOME_PLANS, LOCAL_AI_PLANS, MARKETING_PAGES, SAMPLE_ARTICLE, VIP_PACKAGE, priceText } from "~/catalog/marketing";
import { blogs, contact_messages } from "~/db/schema";
import * as contactRoute from "~/routes/marketing/contact";
import * as homeRoute from "~/routes/marketing/home";
import * as rogerChat from "~/routes/marketing/roger-chat";
import * as leadsRoute from "~/routes/admin/leads";
import * as robots from "~/routes/seo/robots";
import * as sitemap from "~/routes/seo/sitemap";
import { db } from "~/server/platform/db.server";
import { CONTACT_MAX_PER_WINDOW } from "~/server/models/contact.server";
import { makeBlog, makeUser } from "../setup/factories";
import { call, formRequest, ORIGIN } from "../setup/route";

const post = (fields: Record<string, string>) => formRequest("/contact", fields);

const stored = () => db.select().from(contact_messages).orderBy(desc(contact_messages.created_at));

describe("contact form action", () => {
  it("stores the lead before answering with the redirect and the '¡Mensaje Enviado!' toast", async () => {
    const res = await call(
      contactRoute.action,
      post({
        name: "María Ñáñez 😀",
        email: "maria@example.com",
        phone: "6000-1234",
        business: "Fonda",
        service: "storytelling",
        message: "Quiero más clientes 🙌",
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?enviado=1");
    expect(res.headers.get("set-cookie")).toMatch(/^pv_toast=/);
    const [row] = await stored();
    expect(row).toMatchObject({
      name: "María Ñáñez 😀",
      email: "maria@example.com",
      service: "storytelling",
      message: "Quiero más clientes 🙌",
    });
  });

  it("rejects missing or malformed fields with Spanish errors and keeps what was typed", async () => {
    const before = (await stored()).length;
    const res = await call(
      contactRoute.action,
      post({ name: "", email: "no-es-email", business: "Mi Café", message: "", service: "inventado" }),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error).toMatchObject({
      name: ["El nombre es obligatorio"],
      email: ["Ingresa un email válido"],
      message: ["El mensaje es obligatorio"],
      service: ["Selecciona un servicio de la lista"],
    });
    expect(res.data.result.initialValue).toMatchObject({ email: "no-es-email", business: "Mi Café" });
    expect((await stored()).length).toBe(before);
  });

  it("caps every field's length", async () => {
    const res = await call(
      contactRoute.action,
      post({ name: "n".repeat(101), email: "a@b.co", phone: "1".repeat(31), business: "b".repeat(121), message: "m".repeat(2001) }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.result.error).sort()).toEqual(["business", "message", "name", "phone"]);
  });

  it("pretends success to bots that fill the honeypot, and stores nothing", async () => {
    const before = (await stored()).length;
    const res = await call(
      contactRoute.action,
      post({ name: "Bot", email: "bot@spam.test", message: "compra", sitio_web: "http://spam.test" }),
    );
    expect(res.status).toBe(302);
    expect((await stored()).length).toBe(before);
  });

  it("limits accepted messages per IP and says so in Spanish (429) without losing the text", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW; i++) {
      expect((await call(contactRoute.action, post({ name: `N${i}`, email: "x@example.com", message: "hola" }), { ip })).status).toBe(302);
    }
    const blocked = await call(contactRoute.action, post({ name: "Otro", email: "x@example.com", message: "sigo aquí" }), { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(blocked.data.result.error[""][0]).toMatch(/Intenta de nuevo en \d+ minutos?/);
    expect(blocked.data.result.initialValue.message).toBe("sigo aquí");
    // Another address is not affected.
    expect(
      (await call(contactRoute.action, post({ name: "B", email: "b@example.com", message: "hola" }), { ip: "192.0.2.100" })).status,
    ).toBe(302);
  });

  it("prefills the service and plan from the query string, ignoring unknown values", async () => {
    const ok = await call(contactRoute.loader, new Request(`${ORIGIN}/contact?servicio=local-visibility&plan=max_local`));
    expect(ok.data.prefill).toEqual({ service: "local-visibility", message: "Hola, me interesa el plan Max Local." });
    const bad = await call(contactRoute.loader, new Request(`${ORIGIN}/contact?servicio=<script>&plan=x`));
    expect(bad.data.prefill).toEqual({ service: "", message: "" });
  });
});

describe("home, redirects, admin guard, SEO files", () => {
  it("features the newest published article (with its author) and nothing when none is published", async () => {
    expect((await call(homeRoute.loader, new Request(`${ORIGIN}/`))).data.article).toBeNull();
    const author = await makeUser({ name: "Autora", profile: { full_name: "Autora Pérez" } });
    const old = new Date(Date.now() - 86_400_000);
    await makeBlog({ slug: "viejo", title: "Viejo", is_published: true, author_id: author.id, created_at: old, updated_at: old });
    await makeBlog({ slug: "nuevo", title: "Nuevo", is_published: true, author_id: author.id });
    await makeBlog({ slug: "borrador", title: "Borrador", author_id: author.id, created_at: new Date(Date.now() + 1000) });
    const { article } = (await call(homeRoute.loader, new Request(`${ORIGIN}/`))).data;
    expect(article).toMatchObject({ slug: "nuevo", title: "Nuevo", author: "Autora Pérez" });
    await db.update(blogs).set({ author_id: null }).where(eq(blogs.slug, "nuevo"));
    expect((await call(homeRoute.loader, new Request(`${ORIGIN}/`))).data.article.author).toBe("Panama VIP IA");
  });

  it("replaces /ai-solutions/roger-chat with /ai-solutions/roger", async () => {
    const res = await call(rogerChat.loader, new Request(`${ORIGIN}/ai-solutions/roger-chat`));
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/ai-solutions/roger");
    expect(res.headers.get("x-remix-replace")).toBe("true");
  });

  it("sends visitors of /admin/leads to sign in, for reading and for handling", async () => {
    const read = await call(leadsRoute.loader, new Request(`${ORIGIN}/admin/leads`));
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toMatch(/^\/auth/);
    const [lead] = await stored();
    const write = await call(
      leadsRoute.action,
      new Request(`${ORIGIN}/admin/leads`, { method: "POST", body: new URLSearchParams({ intent: "handle", id: lead!.id }) }),
    );
    expect(write.status).toBe(302);
    expect((await db.select().from(contact_messages).where(eq(contact_messages.id, lead!.id)))[0]!.handled_at).toBeNull();
  });

  it("lists every marketing page in the sitemap with lastmod, and robots welcomes AI crawlers", async () => {
    const xml = (await call(sitemap.loader, new Request(`${ORIGIN}/sitemap.xml`))).data as string;
    for (const p of MARKETING_PAGES) expect(xml).toContain(`<loc>${ORIGIN}${p.path}</loc>`);
    expect(xml.match(/<lastmod>/g)!.length).toBeGreaterThanOrEqual(MARKETING_PAGES.length);
    const txt = (await call(robots.loader, new Request(`${ORIGIN}/robots.txt`))).data as string;
    for (const bot of ["GPTBot", "OAI-SearchBot", "PerplexityBot", "ClaudeBot", "Googlebot"]) {
      expect(txt).toMatch(new RegExp(`User-agent: ${bot}\\n(?:(?:Allow|Disallow): .*\\n)*Allow: /\\n`));
    }
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("catalog prices", () => {
  it("formats every plan the way the spec states it", () => {
    expect(HOME_PLANS.map((p) => [p.title, priceText(p.price), p.popular])).toEqual([
      ["Starter", "Desde $299/mes", false],
      ["Professional", "Desde $599/mes", true],
      ["VIP Premium", "Desde $1,299/mes", false],
      ["Enterprise", "Personalizado", false],
    ]);
    expect(HOME_PLANS[0]!.features).toContain("4 publicaciones por semana en redes sociales");
    expect([priceText(VIP_PACKAGE.price), priceText(VIP_PACKAGE.regular), priceText(VIP_PACKAGE.saving)]).toEqual([
      "$750/mes",
      "$900/mes",
      "$150",
    ]);
    expect(LOCAL_AI_PLANS.map((p) => [p.title, priceText(p.yearly), p.halfYear && priceText(p.halfYear), p.popular])).toEqual([
      ["Free Local", "Gratis", null, false],
      ["Starter Local", "$750/año", "$450/6 meses", true],
      ["Max Local", "$900/año", "$600/6 meses", false],
    ]);
    expect(ASSISTANTS.filter((a) => a.premium).map((a) => a.priceText)).toEqual(["$9.99/mes", "$9.99/mes"]);
    expect(SAMPLE_ARTICLE.slug).toMatch(/^[a-z0-9-]+$/);
  });
});

describe("contact form bad bodies", () => {
  it("answers a non-form or oversized body with a 4xx, never a 500", async () => {
    const json = await call(
      contactRoute.action,
      new Request(`${ORIGIN}/contact`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
    );
    expect(json.status).toBe(400);
    const body = new URLSearchParams({ name: "A", email: "a@b.co", message: "x".repeat(70_000) }).toString();
    const huge = await call(
      contactRoute.action,
      new Request(`${ORIGIN}/contact`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      }),
    );
    expect(huge.status).toBe(413);
  });
});
