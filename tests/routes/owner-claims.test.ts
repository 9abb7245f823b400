/**
 * Claiming a listing (/reclamar/…), confirming the mailed link, submitting a missing listing
 * (/mi-negocio/nuevo) and the admins' queue (/admin/solicitudes): every rule, as the server enforces it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, listing_claims, restaurants } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as requests from "~/routes/admin/requests";
import * as buscarApi from "~/routes/api/v1/buscar";
import * as entry from "~/routes/directory/entry";
import * as search from "~/routes/directory/search";
import * as claim from "~/routes/owners/claim";
import * as confirm from "~/routes/owners/claim-confirm";
import * as mine from "~/routes/owners/mine";
import * as mineListing from "~/routes/owners/mine-listing";
import * as submit from "~/routes/owners/submit";
import { readToast } from "~/server/http/toast.server";
import { addManager, isManager } from "~/server/models/listing-managers.server";
import { OWNER_MESSAGES } from "~/server/owners/guards.server";
import { CLAIM_MESSAGES } from "~/server/owners/claims.server";
import { db } from "~/server/platform/db.server";
import { directoryEntries } from "~/server/sitemap/directory.server";
import { makeBusiness, makeRestaurant, makeUser, unique } from "../setup/factories";
import { call, formRequest, getRequest, renderPage, resetConfig } from "../setup/route";

type H = any;
let mailLog: string;

beforeAll(() => {
  mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "claims-")), "mail.log");
  resetConfig({ MAIL_LOG_FILE: mailLog, PUBLIC_URL: "http://localhost:3000" });
});
afterAll(() => resetConfig({ MAIL_LOG_FILE: undefined, PUBLIC_URL: undefined }));

type Mail = { to: string; subject: string; text: string };
const mails = (): Mail[] =>
  fs.existsSync(mailLog)
    ? fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Mail)
    : [];
/** The mails to `to`, without the sign-up's confirmation. */
const mailsTo = (to: string) =>
  mails().filter((m) => m.to.toLowerCase() === to.toLowerCase() && !m.subject.startsWith("Confirma tu email"));
const linkIn = (m: Mail) => m.text.match(/https?:\/\/\S+/)![0];

const toastOf = async (res: { headers: Headers }) => {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("pv_toast="))
    ?.split(";")[0];
  return cookie ? (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast : null;
};

const claimPath = (slug: string, tipo = "restaurante") => `/reclamar/${tipo}/${slug}`;
const params = (slug: string, tipo = "restaurante") => ({ params: { tipo, slug } });
const openPage = (slug: string, cookie?: string, tipo = "restaurante") =>
  call(claim.loader as H, getRequest(claimPath(slug, tipo), cookie), params(slug, tipo));
const post = (slug: string, fields: Record<string, string>, cookie?: string, tipo = "restaurante") =>
  call(claim.action as H, formRequest(claimPath(slug, tipo), fields, cookie), params(slug, tipo));
const openLink = (url: string, cookie?: string) => {
  const u = new URL(url);
  return call(confirm.loader as H, getRequest(u.pathname + u.search, cookie));
};

const REQUEST = { intent: "admin", full_name: "Ana Pérez", role: "Dueña", phone: "6000-1234", note: "" };

describe("claiming a listing", () => {
  it("signed out goes to sign in and back; an unconfirmed address is sent back to the page with the reason", async () => {
    const fonda = await makeRestaurant();
    const out = await openPage(fonda.slug);
    expect(out.status).toBe(302);
    expect(out.location).toBe(`/auth?redirectTo=${encodeURIComponent(claimPath(fonda.slug))}`);
    expect((await post(fonda.slug, REQUEST)).location).toMatch(/^\/auth\?redirectTo=/);

    const unconfirmed = await makeUser({ signedIn: true });
    const page = await openPage(fonda.slug, unconfirmed.cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/restaurante/${fonda.slug}`);
    expect((await toastOf(page))?.title).toBe(OWNER_MESSAGES.unconfirmed);
    const sent = await post(fonda.slug, REQUEST, unconfirmed.cookie);
    expect(sent.status).toBe(302);
    expect(await db.select().from(listing_claims).where(eq(listing_claims.user_id, unconfirmed.id))).toEqual([]);
  });

  it("an inactive, submitted or unknown listing, or an unknown kind, is a 404", async () => {
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const inactive = await makeRestaurant({ is_active: false });
    const pending = await makeBusiness({ is_active: false, review_status: "pending" });
    expect((await openPage(inactive.slug, ana.cookie)).status).toBe(404);
    expect((await openPage(pending.slug, ana.cookie, "negocio")).status).toBe(404);
    expect((await post(pending.slug, REQUEST, ana.cookie, "negocio")).status).toBe(404);
    expect((await openPage("no-existe", ana.cookie)).status).toBe(404);
    expect((await openPage(inactive.slug, ana.cookie, "tienda")).status).toBe(404);
  });

  it("by e-mail: only at the website's domain, the link works once for its own account only", async () => {
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const beto = await makeUser({ signedIn: true, confirmed: true });
    const fonda = await makeRestaurant({ nombre: "Fonda del Dominio", website_url: "https://www.fonda-dominio.test/" });
    const page = await openPage(fonda.slug, ana.cookie);
    expect(page.status).toBe(200);
    expect(page.data.state).toEqual({ step: "choose", domain: "fonda-dominio.test" });

    const wrong = await post(fonda.slug, { intent: "domain", email: "ana@gmail.com" }, ana.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.email).toEqual([CLAIM_MESSAGES.wrongDomain("fonda-dominio.test")]);
    expect(wrong.data.result.initialValue.email).toBe("ana@gmail.com");
    const invalid = await post(fonda.slug, { intent: "domain", email: "no es email" }, ana.cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.email).toEqual(["Ingresa un email válido"]);

    const to = `ventas-${unique("d")}@fonda-dominio.test`;
    const sent = await post(fonda.slug, { intent: "domain", email: to }, ana.cookie);
    expect(sent.status).toBe(302);
    expect((await toastOf(sent))?.title).toBe(`Te enviamos un enlace a ${to}`);
    const [mail] = mailsTo(to);
    expect(mail!.subject).toBe("Confirma que administras Fonda del Dominio - Panama VIP IA");
    expect(mail!.text).toContain(ana.email);
    const link = linkIn(mail!);
    expect(link).toMatch(/^http:\/\/localhost:3000\/reclamar\/confirmar\?token=/);
    expect((await openPage(fonda.slug, ana.cookie)).data.state).toMatchObject({ step: "open", method: "domain", email: to });
    // A second claim while one is open.
    expect((await post(fonda.slug, REQUEST, ana.cookie)).status).toBe(409);

    // Signed out: sign in and come back to the link.
    const signedOut = await openLink(link);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toContain("/auth?redirectTo=");
    // Someone else's session, a wrong token.
    const other = await openLink(link, beto.cookie);
    expect(other.status).toBe(403);
    expect(other.data.outcome).toMatchObject({ title: "Este enlace es de otra cuenta", signOut: true });
    expect((await openLink(`${link}x`, ana.cookie)).status).toBe(400);
    expect((await openLink("http://localhost:3000/reclamar/confirmar", ana.cookie)).status).toBe(400);
    expect(await isManager(ana.id, { kind: "restaurant", listingId: fonda.id })).toBe(false);

    const done = await openLink(link, ana.cookie);
    expect(done.status).toBe(200);
    expect(done.data.outcome.title).toBe("¡Listo! Ya administras este negocio");
    expect(await isManager(ana.id, { kind: "restaurant", listingId: fonda.id })).toBe(true);
    expect((await openLink(link, ana.cookie)).data.outcome.title).toBe("Ya administras este negocio");

    // A manager claiming again is told so.
    expect((await openPage(fonda.slug, ana.cookie)).data.state).toEqual({ step: "manager" });
    expect((await toastOf(await post(fonda.slug, REQUEST, ana.cookie)))?.title).toBe(CLAIM_MESSAGES.alreadyManager);
    // The listing has a manager now: anyone else's claim goes to the admins.
    expect((await openPage(fonda.slug, beto.cookie)).data.state).toEqual({ step: "choose", domain: null });
    const refused = await post(fonda.slug, { intent: "domain", email: "beto@fonda-dominio.test" }, beto.cookie);
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual([CLAIM_MESSAGES.noDomain]);
  });

  it("an expired link is refused and offers a new one", async () => {
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const fonda = await makeRestaurant({ website_url: "https://fonda-expira.test" });
    const to = `a-${unique("e")}@fonda-expira.test`;
    await post(fonda.slug, { intent: "domain", email: to }, ana.cookie);
    await db
      .update(listing_claims)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(listing_claims.user_id, ana.id));
    const res = await openLink(linkIn(mailsTo(to)[0]!), ana.cookie);
    expect(res.status).toBe(410);
    expect(res.data.outcome.links[0].href).toBe(claimPath(fonda.slug));
    expect(await isManager(ana.id, { kind: "restaurant", listingId: fonda.id })).toBe(false);
    expect((await openPage(fonda.slug, ana.cookie)).data.state.step).toBe("choose");
  });

  it("by request: Spanish field errors keep what was typed; one open request per person and listing", async () => {
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const taller = await makeBusiness();
    const bad = await post(taller.slug, { ...REQUEST, full_name: "  ", phone: "llámame" }, ana.cookie, "negocio");
    expect(bad.status).toBe(400);
    expect(bad.data.intent).toBe("admin");
    expect(bad.data.result.error.full_name).toEqual(["Tu nombre es obligatorio"]);
    expect(bad.data.result.error.phone).toEqual(["Ingresa un teléfono válido (solo números, espacios, +, - y paréntesis)"]);
    expect(bad.data.result.initialValue).toMatchObject({ phone: "llámame", role: "Dueña" });
    // No website: the request is the only proof offered.
    expect((await openPage(taller.slug, ana.cookie, "negocio")).data.state).toEqual({ step: "choose", domain: null });

    const ok = await post(taller.slug, { ...REQUEST, note: "Tengo el aviso de operación" }, ana.cookie, "negocio");
    expect(ok.status).toBe(302);
    expect((await toastOf(ok))?.title).toBe("Recibimos tu solicitud");
    expect((await openPage(taller.slug, ana.cookie, "negocio")).data.state).toMatchObject({ step: "open", method: "admin" });
    const again = await post(taller.slug, REQUEST, ana.cookie, "negocio");
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual([CLAIM_MESSAGES.open]);
    // Withdrawn, the choice is back; sent with JavaScript (a `.data` request), back to the page itself.
    const withdrawn = await call(
      claim.action as H,
      formRequest(`${claimPath(taller.slug, "negocio")}.data`, { intent: "withdraw" }, ana.cookie),
      params(taller.slug, "negocio"),
    );
    expect(withdrawn.status).toBe(302);
    expect(withdrawn.location).toBe(claimPath(taller.slug, "negocio"));
    expect((await openPage(taller.slug, ana.cookie, "negocio")).data.state.step).toBe("choose");
  });
});

describe("«Mi negocio» while a claim waits", () => {
  it("lists the person's open claims, by e-mail and by request, with a link back to each; not a withdrawn one, nor another person's", async () => {
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const beto = await makeUser({ signedIn: true, confirmed: true });
    const fonda = await makeRestaurant({ nombre: `Fonda Espera ${unique("f")}`, website_url: "https://www.fonda-espera.test/" });
    const taller = await makeBusiness({ nombre: `Taller Espera ${unique("t")}` });
    const otro = await makeBusiness({ nombre: `Taller Retirado ${unique("r")}` });
    const to = `ana-${unique("d")}@fonda-espera.test`;
    expect((await post(fonda.slug, { intent: "domain", email: to }, ana.cookie)).status).toBe(302);
    expect((await post(taller.slug, REQUEST, ana.cookie, "negocio")).status).toBe(302);
    expect((await post(otro.slug, REQUEST, ana.cookie, "negocio")).status).toBe(302);
    expect((await post(otro.slug, { intent: "withdraw" }, ana.cookie, "negocio")).status).toBe(302);
    expect((await post(otro.slug, REQUEST, beto.cookie, "negocio")).status).toBe(302);

    const page = await call(mine.loader as H, getRequest("/mi-negocio", ana.cookie));
    expect(page.status).toBe(200);
    expect(page.data.claims.map((c: { nombre: string; method: string }) => [c.nombre, c.method])).toEqual([
      [fonda.nombre, "domain"],
      [taller.nombre, "admin"],
    ]);
    const html = renderPage(mine.default as never, "/mi-negocio", page.data);
    expect(html).toContain("Solicitudes en curso");
    expect(html).toContain(`Te enviamos un enlace a ${to}`);
    expect(html).toContain(`href="${claimPath(fonda.slug)}"`);
    expect(html).toContain(`href="${claimPath(taller.slug, "negocio")}"`);
    expect(html).not.toContain(otro.nombre);
    // Nothing waiting, no section.
    const empty = await call(mine.loader as H, getRequest("/mi-negocio", (await makeUser({ signedIn: true, confirmed: true })).cookie));
    expect(empty.data.claims).toEqual([]);
    expect(renderPage(mine.default as never, "/mi-negocio", empty.data)).not.toContain("Solicitudes en curso");
  });
});

describe("the admins' queue", () => {
  it("is for admins only", async () => {
    const member = await makeUser({ signedIn: true, confirmed: true });
    const res = await call(requests.loader as H, getRequest("/admin/solicitudes", member.cookie));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect((await call(requests.loader as H, getRequest("/admin/solicitudes"))).location).toMatch(/^\/auth/);
    const act = await call(
      requests.action as H,
      formRequest("/admin/solicitudes", { intent: "approve-claim", id: crypto.randomUUID() }, member.cookie),
    );
    expect(act.status).toBe(302);
  });

  it("the admin's panel says what waits in each queue, with a link to it, and stops saying it once decided", async () => {
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const panel = async () => (await call(dashboard.loader as H, getRequest("/admin", admin.cookie))).data;
    const before = (await panel()).waiting;
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const taller = await makeBusiness({ nombre: `Taller Panel ${unique("p")}` });
    await post(taller.slug, REQUEST, ana.cookie, "negocio");
    const sent = await call(
      submit.action as H,
      formRequest(
        "/mi-negocio/nuevo?tipo=negocio",
        { nombre: `Tienda Panel ${unique("s")}`, provincia: "panama", industria: "tiendas", direccion: "Calle 4", descripcion: "Tienda" },
        ana.cookie,
      ),
    );
    expect(sent.status).toBe(302);
    const owned = await makeBusiness();
    await addManager({ kind: "business", listingId: owned.id, userId: ana.id, source: "assignment" });
    const renamed = await call(
      mineListing.action as H,
      formRequest(
        `/mi-negocio/negocio/${owned.id}`,
        {
          nombre: `${owned.nombre} Nuevo`,
          provincia: owned.provincia,
          industria: owned.industria,
          direccion: "Vía España",
          descripcion: "Algo",
        },
        ana.cookie,
      ),
      { params: { tipo: "negocio", id: owned.id } },
    );
    expect(renamed.status).toBe(302);

    const data = await panel();
    expect(data.waiting).toEqual({ requests: before.requests + 2, changes: before.changes + 1 });
    const text = renderPage(dashboard.default as never, "/admin", data).replace(/<!-- -->/g, "");
    expect(text).toContain("Por revisar:");
    expect(text).toMatch(new RegExp(`href="/admin/solicitudes"[^>]*>${data.waiting.requests} solicitudes<`));
    expect(text).toMatch(new RegExp(`href="/admin/cambios"[^>]*>${data.waiting.changes} (cambio de un dueño|cambios de dueños)<`));

    const [claimRow] = await db.select({ id: listing_claims.id }).from(listing_claims).where(eq(listing_claims.listing_id, taller.id));
    await call(requests.action as H, formRequest("/admin/solicitudes", { intent: "approve-claim", id: claimRow!.id }, admin.cookie));
    expect((await panel()).waiting.requests).toBe(before.requests + 1);
  });

  it("approves a claim once: the claimant manages the listing and gets one mail; a second admin is told", async () => {
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const beto = await makeUser({ signedIn: true, confirmed: true });
    const taller = await makeBusiness({ nombre: "Taller Cola Admin" });
    await post(taller.slug, REQUEST, ana.cookie, "negocio");
    await post(taller.slug, { ...REQUEST, full_name: "Beto Ruiz" }, beto.cookie, "negocio");
    const page = await call(requests.loader as H, getRequest("/admin/solicitudes", admin.cookie));
    const mine = page.data.claims.filter((c: { listing: { nombre: string } }) => c.listing.nombre === "Taller Cola Admin");
    expect(
      mine.map((c: { email: string; fullName: string; role: string; phone: string }) => [c.email, c.fullName, c.role, c.phone]),
    ).toEqual([
      [ana.email, "Ana Pérez", "Dueña", "6000-1234"],
      [beto.email, "Beto Ruiz", "Dueña", "6000-1234"],
    ]);
    const decide = (intent: string, id: string, extra: Record<string, string> = {}) =>
      call(requests.action as H, formRequest("/admin/solicitudes", { intent, id, ...extra }, admin.cookie));

    const approved = await decide("approve-claim", mine[0].id);
    expect(approved.status).toBe(302);
    expect(await isManager(ana.id, { kind: "business", listingId: taller.id })).toBe(true);
    const again = await decide("refuse-claim", mine[0].id);
    expect(again.status).toBe(409);
    expect(again.data.notice.title).toBe(requests.REQUEST_MESSAGES.decided);
    expect(await isManager(ana.id, { kind: "business", listingId: taller.id })).toBe(true);
    expect(mailsTo(ana.email).map((m) => m.subject)).toEqual(["Ya administras Taller Cola Admin - Panama VIP IA"]);
    expect(mailsTo(ana.email)[0]!.text).toContain("http://localhost:3000/mi-negocio");

    const refused = await decide("refuse-claim", mine[1].id, { reason: "No pudimos hablar contigo" });
    expect(refused.status).toBe(302);
    expect(await isManager(beto.id, { kind: "business", listingId: taller.id })).toBe(false);
    const [mail] = mailsTo(beto.email);
    expect(mail!.subject).toBe("Tu solicitud sobre Taller Cola Admin - Panama VIP IA");
    expect(mail!.text).toContain("Motivo: No pudimos hablar contigo");
    expect((await decide("approve-claim", "no-es-id")).status).toBe(400);
  });
});

describe("submitting a missing listing", () => {
  const restaurant = { nombre: "", direccion: "Calle 50", provincia: "panama", website_url: "www.fonda-nueva.test" };

  it("needs a confirmed address", async () => {
    const out = await call(submit.loader as H, getRequest("/mi-negocio/nuevo"));
    expect(out.location).toBe(`/auth?redirectTo=${encodeURIComponent("/mi-negocio/nuevo")}`);
    const unconfirmed = await makeUser({ signedIn: true });
    const res = await call(submit.action as H, formRequest("/mi-negocio/nuevo", { ...restaurant, nombre: "Fonda X" }, unconfirmed.cookie));
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.title).toBe(OWNER_MESSAGES.unconfirmed);
  });

  it("is kept private until an admin approves it, then its submitter manages it", async () => {
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const bad = await call(submit.action as H, formRequest("/mi-negocio/nuevo", { ...restaurant, rating: "5" }, ana.cookie));
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.nombre).toEqual(["El nombre es obligatorio"]);
    expect(bad.data.result.initialValue.direccion).toBe("Calle 50");

    const nombre = `Fonda Privadísima ${unique("s")}`;
    const ok = await call(
      submit.action as H,
      formRequest("/mi-negocio/nuevo", { ...restaurant, nombre, plan_type: "max_local", is_active: "on", is_verified: "on" }, ana.cookie),
    );
    expect(ok.status).toBe(302);
    const [row] = await db.select().from(restaurants).where(eq(restaurants.nombre, nombre));
    expect(row).toMatchObject({
      is_active: false,
      review_status: "pending",
      submitted_by: ana.id,
      plan_type: "free_local",
      is_verified: false,
    });
    expect(row!.website_url).toBe("https://www.fonda-nueva.test");

    // Nowhere public: the search page, the API, its page, the sitemap, the claim page.
    const word = nombre.split(" ").pop()!;
    const found = await call(search.loader as H, getRequest(`/buscar?q=${encodeURIComponent(nombre)}`));
    expect(found.status).toBe(200);
    expect(found.data.items.map((i: { slug: string }) => i.slug)).not.toContain(row!.slug);
    const api = await call(buscarApi.loader as H, getRequest(`/api/v1/buscar?q=${encodeURIComponent(word)}`));
    expect(api.status).toBe(200);
    expect(api.data.resultados.map((i: { slug: string }) => i.slug)).not.toContain(row!.slug);
    expect((await call(entry.loader as H, getRequest(`/restaurante/${row!.slug}`), { params: { slug: row!.slug } })).status).toBe(404);
    expect((await directoryEntries()).map((e) => e.path)).not.toContain(`/restaurante/${row!.slug}`);
    expect((await openPage(row!.slug, ana.cookie)).status).toBe(404);

    const mine = await call(submit.loader as H, getRequest("/mi-negocio/nuevo", ana.cookie));
    expect(mine.data.submissions[0]).toMatchObject({ nombre, status: "pending", path: null });

    const queue = await call(requests.loader as H, getRequest("/admin/solicitudes", admin.cookie));
    const queued = queue.data.submissions.find((s: { id: string }) => s.id === row!.id);
    expect(queued).toMatchObject({ email: ana.email, edit: `/admin/restaurant/edit/${row!.id}` });
    const decide = () =>
      call(
        requests.action as H,
        formRequest("/admin/solicitudes", { intent: "approve-submission", kind: "restaurant", id: row!.id }, admin.cookie),
      );
    expect((await decide()).status).toBe(302);
    expect((await decide()).status).toBe(409);
    expect(await isManager(ana.id, { kind: "restaurant", listingId: row!.id })).toBe(true);
    expect((await call(entry.loader as H, getRequest(`/restaurante/${row!.slug}`), { params: { slug: row!.slug } })).status).toBe(200);
    expect(mailsTo(ana.email).map((m) => m.subject)).toEqual([`${nombre} ya está publicado - Panama VIP IA`]);
  });

  it("a refused submission stays private and its submitter is told why", async () => {
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const nombre = `Taller Rechazado ${unique("r")}`;
    const business = { nombre, descripcion: "Reparaciones", direccion: "Vía España", industria: "servicios", provincia: "panama" };
    expect((await call(submit.action as H, formRequest("/mi-negocio/nuevo?tipo=negocio", business, ana.cookie))).status).toBe(302);
    const [row] = await db.select().from(businesses).where(eq(businesses.nombre, nombre));
    const res = await call(
      requests.action as H,
      formRequest(
        "/admin/solicitudes",
        { intent: "refuse-submission", kind: "business", id: row!.id, reason: "Ya está en el directorio" },
        admin.cookie,
      ),
    );
    expect(res.status).toBe(302);
    const [after] = await db.select().from(businesses).where(eq(businesses.id, row!.id));
    expect(after).toMatchObject({ is_active: false, review_status: "refused" });
    expect(mailsTo(ana.email)[0]!.text).toContain("Motivo: Ya está en el directorio");
    expect(await isManager(ana.id, { kind: "business", listingId: row!.id })).toBe(false);
  });
});

// A listing with managers: any claim on it goes to the admins.
describe("a listing that has managers", () => {
  it("never offers the proof by e-mail", async () => {
    const owner = await makeUser({ emailVerified: true });
    const ana = await makeUser({ signedIn: true, confirmed: true });
    const fonda = await makeRestaurant({ website_url: "https://fonda-con-dueno.test" });
    await addManager({ kind: "restaurant", listingId: fonda.id, userId: owner.id, source: "assignment" });
    expect((await openPage(fonda.slug, ana.cookie)).data.state).toEqual({ step: "choose", domain: null });
  });
});
