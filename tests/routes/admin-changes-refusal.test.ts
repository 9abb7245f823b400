/**
 * /admin/cambios: «Rechazar» asks first (a `?rechazar=` step that works without JavaScript) with an
 * optional reason, as /admin/solicitudes does: one stray click no longer refuses a change and mails
 * its owner. The reason reaches the managers' mail and the audit trail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { audit_log, listing_change_requests, restaurants } from "~/db/schema";
import * as changes from "~/routes/admin/changes";
import * as mineListing from "~/routes/owners/mine-listing";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import { makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest, renderPage } from "../setup/route";

async function queued(nombre: string) {
  const user = await makeUser({ signedIn: true, confirmed: true });
  const listing = await makeRestaurant({ nombre, provincia: "panama" });
  await addManager({ kind: "restaurant", listingId: listing.id, userId: user.id, source: "assignment" });
  const res = await call(
    mineListing.action,
    formRequest(
      `/mi-negocio/restaurante/${listing.id}`,
      { nombre: `${nombre} Nueva`, provincia: "panama", direccion: "Calle 50" },
      user.cookie,
    ),
    { params: { tipo: "restaurante", id: listing.id } },
  );
  expect(res.status).toBe(302);
  const [request] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.listing_id, listing.id));
  return { user, listing, request: request! };
}

describe("refusing a change in /admin/cambios", () => {
  it("is a link to a confirmation with a reason, not a button that refuses at once", async () => {
    const { request } = await queued("Fonda Un Clic");
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });

    const list = await call(changes.loader, getRequest("/admin/cambios", admin.cookie));
    const html = renderPage(changes.default as never, "/admin/cambios", list.data);
    expect(html).toContain(`href="/admin/cambios?rechazar=${request.id}#cambio-${request.id}"`);
    expect(html).not.toMatch(/name="decision" value="refuse"/);
    expect(html).not.toContain("¿Rechazar este cambio?");

    const asking = await call(changes.loader, getRequest(`/admin/cambios?rechazar=${request.id}`, admin.cookie));
    const step = renderPage(changes.default as never, `/admin/cambios?rechazar=${request.id}`, asking.data);
    expect(step).toContain("¿Rechazar este cambio?");
    expect(step).toContain('name="reason"');
    expect(step).toContain("Motivo (opcional, va en el email)");
    expect(step).toMatch(/<input type="hidden" name="decision" value="refuse"\/>/);
    const [still] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.id, request.id));
    expect(still!.status).toBe("pending");
  });

  it("sends the reason to the managers and keeps it in the audit; the listing stays as it was", async () => {
    const { user, listing, request } = await queued("Fonda Con Motivo");
    const admin = await makeUser({ signedIn: true, confirmed: true, admin: true });
    const mails = vi.spyOn(console, "info").mockImplementation(() => {});
    const reason = "El nombre debe coincidir con el aviso de operación.";
    const res = await call(changes.action, formRequest("/admin/cambios", { id: request.id, decision: "refuse", reason }, admin.cookie));
    expect(res.status).toBe(302);
    const sent = mails.mock.calls.map(([line]) => String(line)).filter((l) => l.includes(`para=${user.email.toLowerCase()}`));
    mails.mockRestore();
    expect(sent.some((l) => l.includes("No aprobamos los cambios") && l.includes(`Motivo: ${reason}`))).toBe(true);
    const [row] = await db.select({ nombre: restaurants.nombre }).from(restaurants).where(eq(restaurants.id, listing.id));
    expect(row!.nombre).toBe("Fonda Con Motivo");
    const entries = await db.select().from(audit_log).where(eq(audit_log.entity_id, request.id));
    const decided = entries.find((e) => e.action === "refuse");
    expect((decided!.after as { message?: string }).message).toBe(reason);
  });
});
