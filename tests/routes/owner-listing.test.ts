/**
 * «Mi negocio»: a listing's managers edit it and confirm it; nobody else learns anything of it; name,
 * category or industry and province wait in /admin/cambios; every change is audited and shows at once
 * on the page, the API, MCP and the Markdown twin; the daily reminder mails stale listings' managers.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { audit_log, businesses, listing_change_requests, listing_slug_history, restaurants } from "~/db/schema";
import * as changes from "~/routes/admin/changes";
import * as mcp from "~/routes/api/mcp";
import * as apiEntry from "~/routes/api/v1/entry";
import * as entryPage from "~/routes/directory/entry";
import * as entryMd from "~/routes/directory/entry-markdown";
import * as mineListing from "~/routes/owners/mine-listing";
import * as mine from "~/routes/owners/mine";
import { addManager } from "~/server/models/listing-managers.server";
import { claimDueReminders, remindStaleListings } from "~/server/owners/info-reminders.server";
import { db } from "~/server/platform/db.server";
import { makeBusiness, makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN, routeArgs } from "../setup/route";

type Kind = "restaurant" | "business";
const tipoOf = (kind: Kind) => (kind === "business" ? "negocio" : "restaurante");
const editPath = (kind: Kind, id: string) => `/mi-negocio/${tipoOf(kind)}/${id}`;
const params = (kind: Kind, id: string) => ({ tipo: tipoOf(kind), id });

async function managerOf(kind: Kind = "business", overrides: Record<string, unknown> = {}) {
  const user = await makeUser({ signedIn: true, confirmed: true });
  const listing = kind === "business" ? await makeBusiness(overrides) : await makeRestaurant(overrides);
  await addManager({ kind, listingId: listing.id, userId: user.id, source: "assignment" });
  return { user, listing };
}

/** The edit form's fields for `listing`, as the page sends them, with `over` on top. */
function formOf(kind: Kind, listing: Record<string, any>, over: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  const days: Record<string, string> = {};
  for (let i = 0; i < 7; i++) {
    days[`horario_semanal[${i}].rangos[0].abre`] = "";
    days[`horario_semanal[${i}].rangos[0].cierra`] = "";
  }
  return {
    nombre: listing.nombre,
    provincia: listing.provincia,
    ...(kind === "business" ? { industria: listing.industria, website: "" } : { categoria: listing.categoria ?? "", website_url: "" }),
    descripcion: listing.descripcion ?? "Una descripción.",
    direccion: listing.direccion,
    telefono: "",
    whatsapp: "",
    horario: "",
    imagen: "",
    facebook_url: "",
    instagram_url: "",
    ubicacion: "",
    ...days,
    ...over,
  };
}

/** Monday to Friday 08:00-17:00, the rest closed. */
const WEEKDAYS: Record<string, string> = {};
for (let i = 0; i < 7; i++) {
  if (i < 5) {
    WEEKDAYS[`horario_semanal[${i}].rangos[0].abre`] = "08:00";
    WEEKDAYS[`horario_semanal[${i}].rangos[0].cierra`] = "17:00";
  } else WEEKDAYS[`horario_semanal[${i}].cerrado`] = "on";
}

const save = (kind: Kind, id: string, fields: Record<string, string | string[]>, cookie?: string) =>
  call(mineListing.action, formRequest(editPath(kind, id), fields, cookie), { params: params(kind, id) });

async function rowOf(kind: Kind, id: string) {
  const table = kind === "business" ? businesses : restaurants;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  // Both kinds' columns: each test reads the ones its kind has.
  return row! as typeof businesses.$inferSelect & typeof restaurants.$inferSelect;
}

async function mcpClient() {
  const client = new Client({ name: "prueba", version: "1.0.0" });
  const fetchVia = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const args = routeArgs(request, { ip: "198.51.100.77" }) as never;
    return request.method === "GET" || request.method === "HEAD" ? mcp.loader(args) : mcp.action(args);
  };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch: fetchVia }));
  return client;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("who sees a listing in «Mi negocio»", () => {
  it("/mi-negocio lists the person's listings with their status; signed out goes to sign in", async () => {
    const { user, listing } = await managerOf("business", { nombre: "Taller Propio" });
    const res = await call(mine.loader, getRequest("/mi-negocio", user.cookie));
    expect(res.data.listings.map((l: { id: string }) => l.id)).toEqual([listing.id]);
    const out = await call(mine.loader, getRequest("/mi-negocio"));
    expect(out.location).toMatch(/^\/auth/);
  });

  it("anyone but its managers gets nothing of the listing, to read or to change", async () => {
    const { listing } = await managerOf("restaurant", { nombre: "Fonda Ajena" });
    const other = await makeUser({ signedIn: true, confirmed: true });
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    for (const cookie of [other.cookie, admin.cookie]) {
      const res = await call(mineListing.loader, getRequest(editPath("restaurant", listing.id), cookie), {
        params: params("restaurant", listing.id),
      });
      expect(res.location).toBe("/mi-negocio");
      expect(JSON.stringify(res.data ?? "")).not.toContain("Fonda Ajena");
      const post = await save("restaurant", listing.id, formOf("restaurant", listing, { descripcion: "Cambiada" }), cookie);
      expect(post.location).toBe("/mi-negocio");
    }
    const anon = await call(mineListing.loader, getRequest(editPath("restaurant", listing.id)), {
      params: params("restaurant", listing.id),
    });
    expect(anon.location).toMatch(/^\/auth/);
    // The same id under the other kind, and a forged id, are no one's.
    const { user } = await managerOf("business");
    const wrongKind = await call(mineListing.loader, getRequest(editPath("business", listing.id), user.cookie), {
      params: params("business", listing.id),
    });
    expect(wrongKind.location).toBe("/mi-negocio");
    const forged = await call(mineListing.loader, getRequest("/mi-negocio/negocio/x'", user.cookie), {
      params: { tipo: "negocio", id: "x'" },
    });
    expect(forged.location).toBe("/mi-negocio");
    const badKind = await call(mineListing.loader, getRequest(`/mi-negocio/hotel/${listing.id}`, user.cookie), {
      params: { tipo: "hotel", id: listing.id },
    });
    expect(badKind.status).toBe(404);
    expect((await rowOf("restaurant", listing.id)).descripcion).not.toBe("Cambiada");
  });

  it("the entry page offers «Editar mi negocio» to its managers and «¿Es tu negocio?» to everyone else", async () => {
    const { user, listing } = await managerOf("business");
    const path = `/negocio/${listing.slug}`;
    const mineView = await call(entryPage.loader, getRequest(path, user.cookie), { params: { slug: listing.slug } });
    expect(mineView.data.manages).toBe(true);
    const other = await makeUser({ signedIn: true });
    expect((await call(entryPage.loader, getRequest(path, other.cookie), { params: { slug: listing.slug } })).data.manages).toBe(false);
    expect((await call(entryPage.loader, getRequest(path), { params: { slug: listing.slug } })).data.manages).toBe(false);
  });
});

describe("a manager's edit", () => {
  it("applies hours, WhatsApp and links at once, audited, and shows them on the page, the API, MCP and the Markdown twin", async () => {
    const { user, listing } = await managerOf("business", { nombre: "Ferretería Horario", descripcion: "Todo para la obra." });
    const res = await save(
      "business",
      listing.id,
      formOf("business", listing, {
        ...WEEKDAYS,
        whatsapp: "6123-4567",
        instagram_url: "instagram.com/ferreteria",
        ubicacion: "8.9824, -79.5199",
      }),
      user.cookie,
    );
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    expect(res.location).toBe(editPath("business", listing.id));

    const row = await rowOf("business", listing.id);
    expect(row.whatsapp).toBe("+507 6123-4567");
    expect(row.instagram_url).toBe("https://instagram.com/ferreteria");
    expect(row.latitud).toBe(8.9824);
    expect(row.horario_semanal).toHaveLength(5);
    // Saving counts as confirming.
    expect(row.info_confirmed_at).toBeInstanceOf(Date);
    const audits = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, "business"), eq(audit_log.entity_id, listing.id)));
    expect(audits.map((a) => [a.action, a.actor_id])).toEqual([["update", user.id]]);

    const page = await call(entryPage.loader, getRequest(`/negocio/${listing.slug}`), { params: { slug: listing.slug } });
    expect(page.data.week.map((d: { text: string }) => d.text ?? d)).toBeTruthy();
    expect(JSON.stringify(page.data.week)).toContain("17:00");
    expect(page.data.entry.whatsapp).toBe("+507 6123-4567");
    const ld = page.data.jsonLd.find((n: { "@type": string }) => n["@type"] === "WebPage");
    expect(ld.dateModified).toBe(row.info_confirmed_at!.toISOString());

    const api = await call(apiEntry.loader, getRequest(`/api/v1/negocios/${listing.slug}`), { params: { slug: listing.slug } });
    expect(api.status).toBe(200);
    expect(api.data.horario_semanal[0]).toEqual({ dia: "lunes", cerrado: false, rangos: [{ abre: "08:00", cierra: "17:00" }] });
    expect(api.data.horario_semanal[6].cerrado).toBe(true);
    expect(api.data.whatsapp_url).toMatch(/^https:\/\/wa\.me\/50761234567\?text=/);
    expect(api.data.redes.instagram).toBe("https://instagram.com/ferreteria");
    expect(api.data.confirmado).toBe(row.info_confirmed_at!.toISOString());

    const client = await mcpClient();
    try {
      const detalle = await client.callTool({ name: "detalle", arguments: { slug: listing.slug, tipo: "negocios" } });
      const detail = detalle.structuredContent as { horario_semanal: { rangos: { cierra: string }[] }[]; confirmado: string };
      expect(detail.horario_semanal[0]!.rangos[0]!.cierra).toBe("17:00");
      expect(detail.confirmado).toBe(row.info_confirmed_at!.toISOString());
      const fetched = await client.callTool({ name: "fetch", arguments: { id: `negocio/${listing.slug}` } });
      expect(JSON.stringify(fetched.content)).toContain("17:00");
    } finally {
      await client.close();
    }

    const md = await call(entryMd.loader, new Request(`${ORIGIN}/negocio/${listing.slug}.md`), { params: { slug: listing.slug } });
    expect(md.data).toContain("**Horario semanal:** lunes 08:00-17:00");
    expect(md.data).toContain("sábado cerrado");
    expect(md.data).toContain("**Información confirmada por el negocio:**");
  });

  it("queues name, industry and province for an admin instead of applying them; a later save replaces or withdraws the request", async () => {
    const { user, listing } = await managerOf("business", { nombre: "Estudio Viejo", industria: "servicios", provincia: "panama" });
    const res = await save(
      "business",
      listing.id,
      formOf("business", listing, { nombre: "Estudio Nuevo", industria: "tecnologia", provincia: "chiriqui", telefono: "6000-1111" }),
      user.cookie,
    );
    expect(res.status).toBe(302);
    const row = await rowOf("business", listing.id);
    expect([row.nombre, row.industria, row.provincia, row.telefono]).toEqual(["Estudio Viejo", "servicios", "panama", "6000-1111"]);
    const queued = await db.select().from(listing_change_requests).where(eq(listing_change_requests.listing_id, listing.id));
    expect(queued.map((q) => [q.status, q.changes])).toEqual([
      ["pending", { nombre: "Estudio Nuevo", industria: "tecnologia", provincia: "chiriqui" }],
    ]);
    const audited = await db.select().from(audit_log).where(eq(audit_log.entity_id, queued[0]!.id));
    expect(audited.map((a) => [a.entity, a.action])).toEqual([["change_request", "create"]]);

    // The page shows what waits for review, with the asked values in the form.
    const page = await call(mineListing.loader, getRequest(editPath("business", listing.id), user.cookie), {
      params: params("business", listing.id),
    });
    expect(page.data.pending).toEqual({ nombre: "Estudio Nuevo", industria: "tecnologia", provincia: "chiriqui" });
    expect(page.data.values.nombre).toBe("Estudio Nuevo");
    expect(page.data.published.nombre).toBe("Estudio Viejo");

    // Only the name now: the one request is replaced.
    await save("business", listing.id, formOf("business", row, { nombre: "Estudio Nuevo" }), user.cookie);
    const replaced = await db.select().from(listing_change_requests).where(eq(listing_change_requests.listing_id, listing.id));
    expect(replaced.map((q) => q.changes)).toEqual([{ nombre: "Estudio Nuevo" }]);
    // Back to what is published: withdrawn.
    await save("business", listing.id, formOf("business", row), user.cookie);
    expect(await db.select().from(listing_change_requests).where(eq(listing_change_requests.listing_id, listing.id))).toEqual([]);
  });

  it("bad input gets Spanish field errors, keeps what was typed, and changes nothing", async () => {
    const { user, listing } = await managerOf("restaurant", { nombre: "Fonda Errores" });
    const res = await save(
      "restaurant",
      listing.id,
      formOf("restaurant", listing, {
        whatsapp: "12345",
        website_url: "javascript:alert(1)",
        ubicacion: "40.4, -3.7",
        "horario_semanal[0].rangos[0].abre": "25:00",
        "horario_semanal[0].rangos[0].cierra": "18:00",
        nombre: "",
        provincia: "marte",
      }),
      user.cookie,
    );
    expect(res.status).toBe(400);
    const errors = res.data.result.error;
    expect(errors.whatsapp[0]).toMatch(/número de WhatsApp de Panamá/);
    expect(errors.website_url[0]).toMatch(/URL válida/);
    expect(errors.ubicacion[0]).toMatch(/dentro de Panamá/);
    expect(errors["horario_semanal[0]"][0]).toBeTruthy();
    expect(errors.nombre[0]).toBe("El nombre es obligatorio");
    expect(errors.provincia[0]).toBe("Selecciona una provincia válida");
    expect(res.data.result.initialValue.whatsapp).toBe("12345");
    // A list index past any form's is refused by the parser: a 400, not a failed save.
    const huge = await save("restaurant", listing.id, formOf("restaurant", listing, { "especialidades[999]": "x" }), user.cookie);
    expect(huge.status).toBe(400);
    const row = await rowOf("restaurant", listing.id);
    expect([row.whatsapp, row.info_confirmed_at]).toEqual([null, null]);
  });

  it("«Confirmar que la información está al día» stamps the date, audited, shown on the page and in the API", async () => {
    const { user, listing } = await managerOf("restaurant");
    const res = await call(mineListing.action, formRequest(editPath("restaurant", listing.id), { intent: "confirm" }, user.cookie), {
      params: params("restaurant", listing.id),
    });
    expect(res.status).toBe(302);
    const row = await rowOf("restaurant", listing.id);
    expect(row.info_confirmed_at).toBeInstanceOf(Date);
    const audits = await db.select().from(audit_log).where(eq(audit_log.entity_id, listing.id));
    expect(audits.map((a) => a.action)).toEqual(["confirm"]);
    const page = await call(entryPage.loader, getRequest(`/restaurante/${listing.slug}`), { params: { slug: listing.slug } });
    expect(page.data.entry.info_confirmed_at).toBe(row.info_confirmed_at!.toISOString());
    const api = await call(apiEntry.loader, getRequest(`/api/v1/restaurantes/${listing.slug}`), { params: { slug: listing.slug } });
    expect(api.data.confirmado).toBe(row.info_confirmed_at!.toISOString());
  });
});

describe("/admin/cambios", () => {
  async function queued(nombre = "Cocina Antes") {
    const { user, listing } = await managerOf("restaurant", { nombre, provincia: "panama" });
    await save("restaurant", listing.id, formOf("restaurant", listing, { nombre: `${nombre} Después`, provincia: "cocle" }), user.cookie);
    const [request] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.listing_id, listing.id));
    return { user, listing, request: request! };
  }

  it("is for admins only", async () => {
    const { user, request } = await queued("Cocina Solo Admin");
    expect((await call(changes.loader, getRequest("/admin/cambios", user.cookie))).location).toBe("/");
    const post = await call(changes.action, formRequest("/admin/cambios", { id: request.id, decision: "approve" }, user.cookie));
    expect(post.location).toBe("/");
    const [still] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.id, request.id));
    expect(still!.status).toBe("pending");
  });

  it("approving applies the change with a new slug (the old one kept for 301), audited, the managers mailed; a second decision is told", async () => {
    const { user, listing, request } = await queued("Cocina Aprobada");
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const list = await call(changes.loader, getRequest("/admin/cambios", admin.cookie));
    expect(list.data.items.some((i: { id: string }) => i.id === request.id)).toBe(true);
    const mails = vi.spyOn(console, "info").mockImplementation(() => {});
    const res = await call(changes.action, formRequest("/admin/cambios", { id: request.id, decision: "approve" }, admin.cookie));
    expect(res.status).toBe(302);
    const row = await rowOf("restaurant", listing.id);
    expect([row.nombre, row.provincia, row.slug]).toEqual(["Cocina Aprobada Después", "cocle", "cocina-aprobada-despues"]);
    const history = await db.select().from(listing_slug_history).where(eq(listing_slug_history.listing_id, listing.id));
    expect(history.map((h) => h.old_slug)).toEqual([listing.slug]);
    const decisions = await db.select().from(audit_log).where(eq(audit_log.entity_id, request.id));
    expect(decisions.map((a) => [a.action, a.actor_id])).toContainEqual(["approve", admin.id]);
    const sent = mails.mock.calls.map(([line]) => String(line)).filter((l) => l.startsWith("[mail]"));
    expect(sent.some((l) => l.includes(`para=${user.email.toLowerCase()}`) && l.includes("Aprobamos los cambios"))).toBe(true);

    const again = await call(changes.action, formRequest("/admin/cambios", { id: request.id, decision: "refuse" }, admin.cookie));
    expect(again.status).toBe(302);
    const [still] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.id, request.id));
    expect(still!.status).toBe("approved");
  });

  it("refusing leaves the listing as it was and tells the managers", async () => {
    const { user, listing, request } = await queued("Cocina Rechazada");
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const mails = vi.spyOn(console, "info").mockImplementation(() => {});
    await call(changes.action, formRequest("/admin/cambios", { id: request.id, decision: "refuse" }, admin.cookie));
    const row = await rowOf("restaurant", listing.id);
    expect([row.nombre, row.provincia]).toEqual(["Cocina Rechazada", "panama"]);
    const sent = mails.mock.calls.map(([line]) => String(line));
    expect(sent.some((l) => l.includes(`para=${user.email.toLowerCase()}`) && l.includes("No aprobamos los cambios"))).toBe(true);
    const bad = await call(changes.action, formRequest("/admin/cambios", { id: "nope", decision: "maybe" }, admin.cookie));
    expect(bad.status).toBe(400);
  });
});

describe("the reminder to confirm", () => {
  it("mails the managers of listings unconfirmed for 90 days, once per 90 days", async () => {
    const old = new Date(Date.now() - 120 * 86_400_000);
    const { user, listing } = await managerOf("business", { nombre: "Taller Olvidado", created_at: old });
    const fresh = await managerOf("business", { nombre: "Taller Confirmado", created_at: old, info_confirmed_at: new Date() });
    const unmanaged = await makeBusiness({ nombre: "Taller Sin Dueño", created_at: old });
    const mails = vi.spyOn(console, "info").mockImplementation(() => {});
    await remindStaleListings();
    const sent = mails.mock.calls.map(([line]) => String(line)).filter((l) => l.startsWith("[mail]"));
    expect(sent.filter((l) => l.includes("Taller Olvidado")).length).toBe(1);
    expect(sent.find((l) => l.includes("Taller Olvidado"))).toContain(`para=${user.email.toLowerCase()}`);
    expect(sent.some((l) => l.includes("Taller Confirmado") || l.includes("Taller Sin Dueño"))).toBe(false);
    expect((await rowOf("business", listing.id)).info_reminded_at).toBeInstanceOf(Date);
    expect((await rowOf("business", fresh.listing.id)).info_reminded_at).toBeNull();
    expect((await rowOf("business", unmanaged.id)).info_reminded_at).toBeNull();
    // Not again within 90 days; again after them.
    expect((await claimDueReminders("business", new Date())).map((l) => l.id)).not.toContain(listing.id);
    const later = new Date(Date.now() + 91 * 86_400_000);
    expect((await claimDueReminders("business", later)).map((l) => l.id)).toContain(listing.id);
  });
});
