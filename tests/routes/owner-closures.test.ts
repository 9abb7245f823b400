/**
 * «Cierres y feriados» (/mi-negocio/:tipo/:id/cierres): only the listing's managers read or change it;
 * dates in the past, malformed or ranges too long get Spanish errors with what was typed, never a 500;
 * each change is audited and shows at once in the API's 'abierto ahora' (its answer cache emptied).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, panamaToday } from "~/catalog/holidays";
import { audit_log, listing_closures, restaurants } from "~/db/schema";
import * as buscar from "~/routes/api/v1/buscar";
import * as apiEntry from "~/routes/api/v1/entry";
import * as entryPage from "~/routes/directory/entry";
import * as entryMd from "~/routes/directory/entry-markdown";
import * as closures from "~/routes/owners/closures";
import { CLOSURE_MESSAGES } from "~/schemas/owner-closures";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import type { WeeklyPeriod } from "~/db/schema";
import { makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN, resetConfig } from "../setup/route";

/** Open every minute of the week. */
const ALWAYS: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  open: { day, hour: 0, minute: 0 },
  close: { day: (day + 1) % 7, hour: 0, minute: 0 },
}));

const path = (id: string) => `/mi-negocio/restaurante/${id}/cierres`;
const params = (id: string) => ({ tipo: "restaurante", id });

async function managed(nombre: string) {
  const user = await makeUser({ signedIn: true, confirmed: true });
  const listing = await makeRestaurant({ nombre, horario_semanal: ALWAYS });
  await addManager({ kind: "restaurant", listingId: listing.id, userId: user.id, source: "assignment" });
  return { user, listing };
}

const post = (id: string, fields: Record<string, string>, cookie?: string) =>
  call(closures.action, formRequest(path(id), fields, cookie), { params: params(id) });

const closuresOf = (id: string) =>
  db
    .select({ day: listing_closures.day, reason: listing_closures.reason })
    .from(listing_closures)
    .where(and(eq(listing_closures.kind, "restaurant"), eq(listing_closures.listing_id, id)))
    .orderBy(listing_closures.day);

describe("who reaches a listing's closures", () => {
  it("only its managers; others go to «Mi negocio» and learn nothing, signed out to sign in", async () => {
    const { user, listing } = await managed("Fonda Cierres Propia");
    const own = await call(closures.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    expect(own.status).toBe(200);
    expect(own.data.nombre).toBe("Fonda Cierres Propia");
    expect(own.data.holidays.length).toBeGreaterThan(0);

    const other = await makeUser({ signedIn: true, confirmed: true });
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    for (const cookie of [other.cookie, admin.cookie]) {
      const read = await call(closures.loader, getRequest(path(listing.id), cookie), { params: params(listing.id) });
      expect(read.location).toBe("/mi-negocio");
      expect(JSON.stringify(read.data ?? "")).not.toContain("Fonda Cierres Propia");
      const write = await post(listing.id, { intent: "add", desde: panamaToday(), hasta: "", motivo: "" }, cookie);
      expect(write.location).toBe("/mi-negocio");
    }
    const anon = await call(closures.loader, getRequest(path(listing.id)), { params: params(listing.id) });
    expect(anon.location).toMatch(/^\/auth/);
    expect(await closuresOf(listing.id)).toEqual([]);

    const forged = await call(closures.loader, getRequest("/mi-negocio/restaurante/x'/cierres", user.cookie), {
      params: { tipo: "restaurante", id: "x'" },
    });
    expect(forged.status).toBe(404);
    const badKind = await call(closures.loader, getRequest(`/mi-negocio/hotel/${listing.id}/cierres`, user.cookie), {
      params: { tipo: "hotel", id: listing.id },
    });
    expect(badKind.status).toBe(404);
  });
});

describe("adding and removing closures", () => {
  it("refuses dates in the past, malformed, backwards, too far or too long, in Spanish, keeping what was typed", async () => {
    const { user, listing } = await managed("Fonda Fechas Malas");
    const today = panamaToday();
    const cases: [Record<string, string>, string, string][] = [
      [{ desde: "" }, "desde", CLOSURE_MESSAGES.fromRequired],
      [{ desde: addDays(today, -1) }, "desde", CLOSURE_MESSAGES.past],
      [{ desde: "31/12/2026" }, "desde", CLOSURE_MESSAGES.malformed],
      [{ desde: "2026-02-30" }, "desde", CLOSURE_MESSAGES.malformed],
      [{ desde: addDays(today, 400) }, "desde", CLOSURE_MESSAGES.tooFar],
      [{ desde: addDays(today, 5), hasta: addDays(today, 2) }, "hasta", CLOSURE_MESSAGES.backwards],
      [{ desde: addDays(today, 1), hasta: addDays(today, 32) }, "hasta", CLOSURE_MESSAGES.tooLong],
      [{ desde: today, motivo: "x".repeat(121) }, "motivo", CLOSURE_MESSAGES.reasonLong],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(listing.id, { intent: "add", hasta: "", motivo: "Vacaciones", ...fields }, user.cookie);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.data.result.error[field]).toEqual([message]);
      // What was typed comes back (an empty field is left out).
      expect(res.data.result.initialValue.desde ?? "").toBe(fields.desde);
      expect(res.data.result.initialValue.motivo).toBe(fields.motivo ?? "Vacaciones");
    }
    // A remove of a malformed day, and a form without intent, are no 500 either.
    expect((await post(listing.id, { intent: "remove", dia: "ayer" }, user.cookie)).status).toBe(400);
    expect((await post(listing.id, {}, user.cookie)).status).toBe(400);
    expect(await closuresOf(listing.id)).toEqual([]);
  });

  it("adds a day and a 31-day range, removes one, toggles holidays: audited, past days not shown", async () => {
    const { user, listing } = await managed("Fonda Vacaciones");
    const today = panamaToday();
    const one = await post(listing.id, { intent: "add", desde: addDays(today, 3), hasta: "", motivo: "  Inventario " }, user.cookie);
    expect(one.status).toBe(302);
    expect(one.location).toBe(path(listing.id));
    const range = await post(listing.id, { intent: "add", desde: addDays(today, 10), hasta: addDays(today, 40), motivo: "" }, user.cookie);
    expect(range.status).toBe(302);
    const rows = await closuresOf(listing.id);
    expect(rows).toHaveLength(32);
    expect(rows[0]).toEqual({ day: addDays(today, 3), reason: "Inventario" });

    // A closure in the past (left from before) is kept but not shown.
    await db.insert(listing_closures).values({ kind: "restaurant", listing_id: listing.id, day: addDays(today, -2), reason: "Pasado" });
    const page = await call(closures.loader, getRequest(path(listing.id), user.cookie), { params: params(listing.id) });
    expect(page.data.closures).toHaveLength(32);
    expect(page.data.closures[0].day).toBe(addDays(today, 3));

    const removed = await post(listing.id, { intent: "remove", dia: addDays(today, 3) }, user.cookie);
    expect(removed.status).toBe(302);
    expect((await closuresOf(listing.id)).map((r) => r.day)).not.toContain(addDays(today, 3));

    const on = await post(listing.id, { intent: "holidays", cierra_feriados: "on" }, user.cookie);
    expect(on.status).toBe(302);
    const [row] = await db.select({ closes: restaurants.closes_on_holidays }).from(restaurants).where(eq(restaurants.id, listing.id));
    expect(row!.closes).toBe(true);
    await post(listing.id, { intent: "holidays" }, user.cookie);
    const [after] = await db.select({ closes: restaurants.closes_on_holidays }).from(restaurants).where(eq(restaurants.id, listing.id));
    expect(after!.closes).toBe(false);

    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, listing.id));
    expect(trail.map((t) => t.actor_id)).toEqual(Array(trail.length).fill(user.id));
    expect(trail).toHaveLength(5);
  });

  it("a closure today drops the listing from the API's 'abierto_ahora' at once, and its card says «Cerrado hoy»", async () => {
    resetConfig({ API_RATE_LIMIT: "1000" });
    const { user, listing } = await managed("Fonda Zarzaparrilla Nocturna");
    const ask = async (open: boolean) => {
      const r = await call(
        buscar.loader,
        new Request(`http://localhost:3000/api/v1/buscar?q=zarzaparrilla${open ? "&abierto_ahora=true" : ""}`),
        { ip: "198.51.100.41" },
      );
      expect(r.status).toBe(200);
      return r.data.resultados as { id: string; abierto: { estado: string; texto: string } | null }[];
    };
    expect((await ask(true)).map((r) => r.id)).toContain(`restaurante/${listing.slug}`);
    await post(listing.id, { intent: "add", desde: panamaToday(), hasta: "", motivo: "" }, user.cookie);
    expect((await ask(true)).map((r) => r.id)).not.toContain(`restaurante/${listing.slug}`);
    const all = await ask(false);
    expect(all.find((r) => r.id === `restaurante/${listing.slug}`)?.abierto).toEqual({ estado: "cerrado", texto: "Cerrado hoy" });
  });

  it("a closure added is in the entry page's notice, the API's entry and its Markdown twin at once", async () => {
    const { user, listing } = await managed("Fonda Cierre Anunciado");
    const slug = listing.slug;
    const day = addDays(panamaToday(), 3);
    expect((await post(listing.id, { intent: "add", desde: day, hasta: "", motivo: "Fumigación" }, user.cookie)).status).toBe(302);

    const page = await call(entryPage.loader, getRequest(`/restaurante/${slug}`), { params: { slug } });
    expect(page.data.closures.closures).toEqual([{ day, reason: "Fumigación" }]);
    const api = await call(apiEntry.loader, getRequest(`/api/v1/restaurantes/${slug}`), { params: { slug }, ip: "198.51.100.42" });
    expect(api.data.cierres).toEqual([{ dia: day, motivo: "Fumigación" }]);
    expect(api.data.cierra_feriados).toBe(false);
    const md = await call(entryMd.loader, new Request(`${ORIGIN}/restaurante/${slug}.md`), { params: { slug } });
    expect(md.data).toContain(`**Cierra:** ${day} (Fumigación)`);

    // Closing on holidays adds the next one, by its name.
    expect((await post(listing.id, { intent: "holidays", cierra_feriados: "on" }, user.cookie)).status).toBe(302);
    const again = await call(apiEntry.loader, getRequest(`/api/v1/restaurantes/${slug}`), { params: { slug }, ip: "198.51.100.42" });
    expect(again.data.cierra_feriados).toBe(true);
  });
});
