/** A manager's edits and the queue of reviewed changes, on both databases: one decision per request, one reminder per listing. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listing_change_requests } from "~/db/schema";
import { decideChange, listPendingChanges } from "~/server/models/listing-change-requests.server";
import { addManager } from "~/server/models/listing-managers.server";
import { confirmOwnerListing, pendingChangeOf, saveOwnerListing } from "~/server/models/owner-listings.server";
import type { OwnerBusinessInput } from "~/schemas/owner-listing";
import { claimDueReminders } from "~/server/owners/info-reminders.server";
import { db } from "~/server/platform/db.server";
import { makeBusiness, makeUser } from "../setup/factories";

function inputOf(b: { nombre: string; industria: string; provincia: string; descripcion: string; direccion: string }): OwnerBusinessInput {
  return {
    nombre: b.nombre,
    industria: b.industria as OwnerBusinessInput["industria"],
    provincia: b.provincia as OwnerBusinessInput["provincia"],
    descripcion: b.descripcion,
    direccion: b.direccion,
    telefono: null,
    whatsapp: "+507 6000-0002",
    horario: null,
    imagen: null,
    facebook_url: null,
    instagram_url: null,
    website: null,
    ubicacion: null,
    horario_semanal: null,
    especialidades: ["Llaves"],
  };
}

describe("owner listings", () => {
  it("applies own fields, queues reviewed ones, and a request is decided once even when two admins press at once", async () => {
    const user = await makeUser({ emailVerified: true });
    const admin = await makeUser({ admin: true });
    const b = await makeBusiness({ nombre: "Cerrajería Uno" });
    await addManager({ kind: "business", listingId: b.id, userId: user.id, source: "assignment" });
    const { queued } = await saveOwnerListing(
      "business",
      b.id,
      { ...inputOf(b), nombre: "Cerrajería Dos" },
      { id: user.id, email: user.email },
    );
    expect(queued).toEqual({ nombre: "Cerrajería Dos" });
    const [row] = await db.select().from(businesses).where(eq(businesses.id, b.id));
    expect([row!.nombre, row!.whatsapp, row!.especialidades]).toEqual(["Cerrajería Uno", "+507 6000-0002", ["Llaves"]]);
    const pending = await pendingChangeOf("business", b.id);
    expect((await listPendingChanges()).map((p) => p.id)).toContain(pending!.id);

    const actor = { id: admin.id, email: admin.email };
    const results = await Promise.all([decideChange(pending!.id, "approve", actor), decideChange(pending!.id, "refuse", actor)]);
    expect(results.filter((r) => r.status === "done")).toHaveLength(1);
    const [decided] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.id, pending!.id));
    const [after] = await db.select().from(businesses).where(eq(businesses.id, b.id));
    expect(after!.nombre).toBe(decided!.status === "approved" ? "Cerrajería Dos" : "Cerrajería Uno");
    expect(await decideChange(pending!.id, "refuse", actor)).toEqual({ status: "already", previous: decided!.status });
  });

  it("confirming stamps the date; due listings are claimed by one pass only", async () => {
    const user = await makeUser({ emailVerified: true });
    const old = new Date(Date.now() - 100 * 86_400_000);
    const b = await makeBusiness({ nombre: "Vidriería Vieja", created_at: old });
    await addManager({ kind: "business", listingId: b.id, userId: user.id, source: "assignment" });
    const now = new Date();
    const [first, second] = await Promise.all([claimDueReminders("business", now), claimDueReminders("business", now)]);
    expect([...first!, ...second!].filter((l) => l.id === b.id)).toHaveLength(1);
    await confirmOwnerListing("business", b.id, { id: user.id });
    const [row] = await db.select().from(businesses).where(eq(businesses.id, b.id));
    expect(row!.info_confirmed_at).toBeInstanceOf(Date);
    // A fresh confirmation is not due, reminded or not.
    await db.update(businesses).set({ info_reminded_at: null }).where(eq(businesses.id, b.id));
    expect((await claimDueReminders("business", new Date())).map((l) => l.id)).not.toContain(b.id);
  });
});
