/**
 * The visibility pages: «Mi negocio»'s view of a listing is for its managers only (anyone else, an
 * admin too, gets what they get for a listing that does not exist); the admin's pages are for admins;
 * 30 or 90 days by a link; and the chart drawn on the server holds exactly the figures of its table.
 */
import crypto from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, panamaToday } from "~/catalog/holidays";
import { EntryVisibilityView, ImpressionsChart } from "~/components/owners/visibility-view";
import * as adminOverview from "~/routes/admin/visibility";
import * as adminEntry from "~/routes/admin/visibility-entry";
import * as ownerView from "~/routes/owners/visibility";
import { addManager } from "~/server/models/listing-managers.server";
import { queryRows } from "~/server/platform/db.server";
import { countAction, countAnswer, flushVisibility } from "~/server/visibility/counter.server";
import { makeRestaurant, makeUser } from "../setup/factories";
import { call, getRequest } from "../setup/route";

const path = (id: string, query = "") => `/mi-negocio/restaurante/${id}/visibilidad${query}`;
const params = (id: string) => ({ tipo: "restaurante", id });

async function managed(nombre: string) {
  const user = await makeUser({ signedIn: true, confirmed: true });
  const listing = await makeRestaurant({ nombre, categoria: "mariscos", provincia: "colon" });
  await addManager({ kind: "restaurant", listingId: listing.id, userId: user.id, source: "assignment" });
  return { user, listing };
}

/** Shows the listing on three days of the last 30, with others of its category. */
async function countSome(id: string) {
  const today = panamaToday();
  const noon = (day: string) => new Date(`${day}T17:00:00Z`);
  const entry = { kind: "restaurant" as const, id, segment: "mariscos", provincia: "colon" };
  const other = { ...entry, id: crypto.randomUUID() };
  for (let i = 0; i < 7; i++) countAnswer({ channel: "api", question: "ceviche en colon", entries: [entry, other], total: 2 }, noon(today));
  for (let i = 0; i < 3; i++)
    countAnswer({ channel: "mcp", question: "mariscos colon", entries: [other, entry], total: 2 }, noon(addDays(today, -3)));
  countAnswer({ channel: "listado", entries: [other, other, other, entry] }, noon(addDays(today, -12)));
  countAnswer({ channel: "buscar", question: "pulpo", entries: [entry], total: 1 }, noon(addDays(today, -45)));
  countAction({ kind: "restaurant", id }, "llamada", { ip: "10.1.1.1", userAgent: "t" }, noon(today));
  await flushVisibility();
}

describe("the owner's visibility page", () => {
  it("is for the listing's managers; anyone else gets the same as for a listing that does not exist", async () => {
    const { user, listing } = await managed("Marisquería Visible");
    await countSome(listing.id);
    const own = await call(ownerView.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    expect(own.status).toBe(200);
    expect(own.data.nombre).toBe("Marisquería Visible");
    expect(own.data.data.period).toBe(30);
    expect(own.data.data.byChannel).toEqual({ api: 7, mcp: 3, buscar: 0, listado: 1, ficha: 0 });
    expect(own.data.data.actions.llamada).toBe(1);
    expect(own.data.data.share).toMatchObject({ segmentTotal: 24, entryTotal: 11, share: 11 / 24 });
    expect(own.data.segmentLabel).toBe("Mariscos");

    const ninety = await call(ownerView.loader, getRequest(path(listing.id, "?dias=90"), user.cookie), { params: params(listing.id) });
    expect(ninety.data.data.period).toBe(90);
    expect(ninety.data.data.byChannel.buscar).toBe(1);
    expect(ninety.data.data.daily).toHaveLength(90);

    const other = await makeUser({ signedIn: true, confirmed: true });
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const missing = crypto.randomUUID();
    const answers = [];
    for (const [cookie, id] of [
      [other.cookie, listing.id],
      [admin.cookie, listing.id],
      [user.cookie, missing],
      [user.cookie, "no-es-un-id"],
    ] as const) {
      const r = await call(ownerView.loader, getRequest(path(id), cookie), { params: params(id) });
      expect(JSON.stringify(r.data ?? "")).not.toContain("Marisquería Visible");
      answers.push([r.status, r.location]);
    }
    expect(answers).toEqual(Array(4).fill([302, "/mi-negocio"]));

    const anon = await call(ownerView.loader, getRequest(path(listing.id)), { params: params(listing.id) });
    expect(anon.location).toMatch(/^\/auth/);
    const badKind = await call(ownerView.loader, getRequest(`/mi-negocio/hotel/${listing.id}/visibilidad`, user.cookie), {
      params: { tipo: "hotel", id: listing.id },
    });
    expect(badKind.status).toBe(404);
  });

  it("draws a chart whose bars hold exactly the figures of its table", async () => {
    const { user, listing } = await managed("Marisquería Gráfica");
    await countSome(listing.id);
    const own = await call(ownerView.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    const html = renderToStaticMarkup(createElement(ImpressionsChart, { daily: own.data.data.daily, id: "t" }));

    const bars = new Map<string, number>();
    for (const m of html.matchAll(/<rect[^>]*data-day="([^"]+)" data-channel="([^"]+)" data-count="(\d+)"/g)) {
      bars.set(`${m[1]}|${m[2]}`, Number(m[3]));
    }
    const cells = new Map<string, number>();
    for (const row of html.matchAll(/<tr[^>]*data-day="([^"]+)">(.*?)<\/tr>/g)) {
      for (const cell of row[2]!.matchAll(/<td[^>]*data-channel="([^"]+)">([^<]*)<\/td>/g)) {
        const n = Number(cell[2]!.replace(/\D/g, ""));
        if (n > 0) cells.set(`${row[1]}|${cell[1]}`, n);
      }
    }
    expect(cells.size).toBe(3);
    expect([...bars].sort()).toEqual([...cells].sort());
    const today = panamaToday();
    expect(Object.fromEntries(bars)).toEqual({
      [`${today}|api`]: 7,
      [`${addDays(today, -3)}|mcp`]: 3,
      [`${addDays(today, -12)}|listado`]: 1,
    });
    // Each bar's height is its share of the scale's top, stacked from the bottom.
    const top = Number(/<rect[^>]*y="([\d.]+)"[^>]*data-day="[^"]+" data-channel="api"/.exec(html)?.[1]);
    expect(top).toBeCloseTo(100 - (7 / 10) * 100);
  });

  it("compares a listing that moved today with its new province only from tomorrow, and says so", async () => {
    const { user, listing } = await managed("Marisquería Mudada");
    await countSome(listing.id);
    await queryRows(sql`update restaurants set provincia = 'chiriqui' where id = ${listing.id}`);
    const own = await call(ownerView.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    expect(own.data.data.total).toBe(11);
    expect(own.data.data.share).toBeNull();
    expect(own.data.data.shareFrom).toBe(addDays(panamaToday(), 1));
    const html = renderToStaticMarkup(
      createElement(EntryVisibilityView, { data: own.data.data, segmentLabel: "Mariscos", provinceLabel: "Chiriquí", emptyHint: "Pista." }),
    );
    expect(html).toContain("La ficha cambió hoy de categoría o provincia: desde mañana verás su parte");
    expect(html).not.toContain("Todavía no hay apariciones de mariscos");
  });

  it("says so when nothing was counted yet", async () => {
    const { user, listing } = await managed("Marisquería Nueva");
    const own = await call(ownerView.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    expect(own.data.data.total).toBe(0);
    // Others of its category were shown: its share is nought, not missing.
    expect(own.data.data.share).toMatchObject({ entryTotal: 0, share: 0 });
    const html = renderToStaticMarkup(
      createElement(EntryVisibilityView, { data: own.data.data, segmentLabel: "Mariscos", provinceLabel: "Colón", emptyHint: "Pista." }),
    );
    expect(html).toContain("Aún no hay apariciones que contar");
    expect(html).not.toContain("data-chart");
  });
});

describe("the admin's visibility pages", () => {
  it("are for admins; an entry that does not exist is a 404", async () => {
    const { user, listing } = await managed("Marisquería Admin");
    await countSome(listing.id);
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const overview = await call(adminOverview.loader, getRequest("/admin/visibilidad?dias=90", admin.cookie));
    expect(overview.status).toBe(200);
    expect(overview.data.directory.period).toBe(90);
    expect(overview.data.directory.byChannel.api).toBeGreaterThanOrEqual(14);

    const one = await call(adminEntry.loader, getRequest(`/admin/visibilidad/restaurante/${listing.id}`, admin.cookie), {
      params: params(listing.id),
    });
    expect(one.status).toBe(200);
    expect(one.data.data.byChannel).toEqual({ api: 7, mcp: 3, buscar: 0, listado: 1, ficha: 0 });
    const missing = crypto.randomUUID();
    for (const id of [missing, "x'"]) {
      const r = await call(adminEntry.loader, getRequest(`/admin/visibilidad/restaurante/${id}`, admin.cookie), { params: params(id) });
      expect(r.status).toBe(404);
    }

    for (const cookie of [user.cookie]) {
      expect((await call(adminOverview.loader, getRequest("/admin/visibilidad", cookie))).location).toBe("/");
      const r = await call(adminEntry.loader, getRequest(`/admin/visibilidad/restaurante/${listing.id}`, cookie), {
        params: params(listing.id),
      });
      expect(r.location).toBe("/");
    }
    expect((await call(adminOverview.loader, getRequest("/admin/visibilidad"))).location).toMatch(/^\/auth/);
  });
});
