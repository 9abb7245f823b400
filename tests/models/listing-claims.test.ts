/** Claims (by e-mail at the website's domain, or decided by an admin) and submitted listings. */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listing_claims, listing_managers, restaurants } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import {
  claimableListing,
  confirmDomainClaim,
  createAdminClaim,
  createDomainClaim,
  decideClaim,
  listQueuedClaims,
  openClaimOf,
  withdrawClaim,
} from "~/server/models/listing-claims.server";
import { addManager, isManager } from "~/server/models/listing-managers.server";
import { createSubmission, decideSubmission, listQueuedSubmissions, listSubmissionsOf } from "~/server/models/listing-submissions.server";
import { businessSchema, restaurantSchema } from "~/schemas/admin";
import { emailMatchesWebsite, websiteDomain } from "~/server/owners/claim-domain.server";
import { makeBusiness, makeRestaurant, makeUser } from "../setup/factories";

const sourceOf = async (ref: { kind: string; listingId: string }, userId: string) =>
  (
    await db
      .select({ source: listing_managers.source })
      .from(listing_managers)
      .where(and(eq(listing_managers.kind, ref.kind), eq(listing_managers.listing_id, ref.listingId), eq(listing_managers.user_id, userId)))
  )[0]?.source ?? null;

const REQUEST = { full_name: "Ana Pérez", role: "Dueña", phone: "6000-1234", note: null };

describe("the website's domain", () => {
  it("matches the host without www, exactly, and never a shared platform", () => {
    expect(websiteDomain("https://www.FondaAzul.com.pa/menu")).toBe("fondaazul.com.pa");
    expect(emailMatchesWebsite("ana@fondaazul.com.pa", "https://www.fondaazul.com.pa")).toBe(true);
    expect(emailMatchesWebsite("ana@mail.fondaazul.com.pa", "https://fondaazul.com.pa")).toBe(false);
    expect(emailMatchesWebsite("ana@pa", "https://fondaazul.pa")).toBe(false);
    expect(emailMatchesWebsite("ana@facebook.com", "https://facebook.com/fondaazul")).toBe(false);
    expect(emailMatchesWebsite("ana@gmail.com", "https://sites.google.com/view/fonda")).toBe(false);
    expect(websiteDomain(null)).toBeNull();
    expect(websiteDomain("no es una url")).toBeNull();
  });
});

describe("claims", () => {
  it("only public listings can be claimed: an inactive or submitted one is not found", async () => {
    const open = await makeRestaurant();
    const inactive = await makeRestaurant({ is_active: false });
    const pending = await makeBusiness({ is_active: false, review_status: "pending" });
    expect((await claimableListing("restaurant", open.slug))?.id).toBe(open.id);
    expect(await claimableListing("restaurant", inactive.slug)).toBeNull();
    expect(await claimableListing("business", pending.slug)).toBeNull();
    expect(await claimableListing("business", open.slug)).toBeNull();
  });

  it("a mailed link makes its own account a manager, once; another account's session is refused", async () => {
    const ana = await makeUser({ emailVerified: true });
    const beto = await makeUser({ emailVerified: true });
    const fonda = await makeRestaurant({ website_url: "https://www.fonda-claim.test" });
    const ref = { kind: "restaurant" as const, listingId: fonda.id };
    const made = await createDomainClaim({ ...ref, userId: ana.id, email: "Ana@Fonda-Claim.test" });
    if (!made.ok) throw new Error("no claim");
    const stored = await db.select().from(listing_claims).where(eq(listing_claims.user_id, ana.id));
    // Only the token's hash is kept.
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(made.value.token);
    expect((await openClaimOf(ana.id, ref))?.method).toBe("domain");

    expect(await confirmDomainClaim(made.value.token, beto)).toEqual({ status: "other-account" });
    expect(await confirmDomainClaim("x".repeat(43), ana)).toEqual({ status: "invalid" });
    expect(await confirmDomainClaim("", ana)).toEqual({ status: "invalid" });
    expect(await isManager(ana.id, ref)).toBe(false);

    expect(await confirmDomainClaim(made.value.token, ana)).toMatchObject({ status: "done", already: false });
    expect(await sourceOf(ref, ana.id)).toBe("domain");
    expect(await confirmDomainClaim(made.value.token, ana)).toMatchObject({ status: "done", already: true });
    expect(await openClaimOf(ana.id, ref)).toBeNull();
  });

  it("an expired link does nothing and frees the way for a new claim", async () => {
    const ana = await makeUser({ emailVerified: true });
    const fonda = await makeRestaurant({ website_url: "https://fonda-vencida.test" });
    const ref = { kind: "restaurant" as const, listingId: fonda.id };
    const made = await createDomainClaim({ ...ref, userId: ana.id, email: "ana@fonda-vencida.test" });
    if (!made.ok) throw new Error("no claim");
    await db
      .update(listing_claims)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(listing_claims.user_id, ana.id));
    expect(await openClaimOf(ana.id, ref)).toBeNull();
    expect((await confirmDomainClaim(made.value.token, ana)).status).toBe("expired");
    expect(await isManager(ana.id, ref)).toBe(false);
    expect((await createAdminClaim({ ...ref, userId: ana.id, ...REQUEST })).ok).toBe(true);
  });

  it("a link opened after the listing got a manager goes to the admins instead", async () => {
    const ana = await makeUser({ emailVerified: true });
    const owner = await makeUser({ emailVerified: true });
    const fonda = await makeRestaurant({ website_url: "https://fonda-ocupada.test" });
    const ref = { kind: "restaurant" as const, listingId: fonda.id };
    const made = await createDomainClaim({ ...ref, userId: ana.id, email: "ana@fonda-ocupada.test" });
    if (!made.ok) throw new Error("no claim");
    await addManager({ ...ref, userId: owner.id, source: "approval" });
    expect((await confirmDomainClaim(made.value.token, ana)).status).toBe("needs-review");
    expect(await isManager(ana.id, ref)).toBe(false);
  });

  it("one open claim per person and listing; withdrawing it allows the other proof", async () => {
    const ana = await makeUser({ emailVerified: true });
    const fonda = await makeRestaurant({ website_url: "https://fonda-una.test" });
    const ref = { kind: "restaurant" as const, listingId: fonda.id };
    expect((await createDomainClaim({ ...ref, userId: ana.id, email: "ana@fonda-una.test" })).ok).toBe(true);
    expect(await createAdminClaim({ ...ref, userId: ana.id, ...REQUEST })).toEqual({ ok: false, reason: "open" });
    await withdrawClaim(ana.id, ref);
    expect((await createAdminClaim({ ...ref, userId: ana.id, ...REQUEST })).ok).toBe(true);
  });

  it("an admin decides a claim once: approval makes a manager, the second decision changes nothing", async () => {
    const admin = await makeUser({ admin: true });
    const ana = await makeUser({ emailVerified: true });
    const beto = await makeUser({ emailVerified: true });
    const taller = await makeBusiness({ nombre: "Taller Cola" });
    const ref = { kind: "business" as const, listingId: taller.id };
    const a = await createAdminClaim({ ...ref, userId: ana.id, ...REQUEST });
    const b = await createAdminClaim({ ...ref, userId: beto.id, ...REQUEST, note: "Soy el gerente" });
    if (!a.ok || !b.ok) throw new Error("no claim");
    const queued = await listQueuedClaims();
    expect(queued.filter((q) => q.listing_id === taller.id).map((q) => q.user_email)).toEqual([ana.email, beto.email]);

    const actor = { id: admin.id, email: admin.email };
    // Two admins at once: one decision wins.
    const both = await Promise.all([
      decideClaim({ id: a.value.id, decision: "approve", actor }),
      decideClaim({ id: a.value.id, decision: "refuse", actor }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["decided", "done"]);
    const status = (await db.select().from(listing_claims).where(eq(listing_claims.id, a.value.id)))[0]!.status;
    expect(await isManager(ana.id, ref)).toBe(status === "approved");

    expect(await decideClaim({ id: b.value.id, decision: "refuse", actor, reason: "No pudimos confirmarlo" })).toMatchObject({
      status: "done",
      email: beto.email,
      listing: { nombre: "Taller Cola" },
    });
    expect(await isManager(beto.id, ref)).toBe(false);
    expect(await decideClaim({ id: b.value.id, decision: "approve", actor })).toEqual({ status: "decided" });
    expect(await isManager(beto.id, ref)).toBe(false);
    expect((await listQueuedClaims()).some((q) => q.listing_id === taller.id)).toBe(false);
    expect(await decideClaim({ id: "no-es-un-id", decision: "approve", actor })).toEqual({ status: "gone" });
  });
});

describe("submitted listings", () => {
  const restaurant = restaurantSchema.parse({
    nombre: "Fonda Enviada",
    direccion: "Calle 50",
    provincia: "panama",
    // The admin's own fields are never taken from a submission.
    rating: "5",
    plan_type: "max_local",
    is_active: "on",
    is_verified: "on",
    customer_reviews: "Excelente",
  });

  it("are stored private and waiting, and approving one publishes it and makes its submitter a manager", async () => {
    const admin = await makeUser({ admin: true });
    const ana = await makeUser({ emailVerified: true });
    const made = await createSubmission("restaurant", restaurant, { id: ana.id, email: ana.email });
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, made.id));
    expect(row).toMatchObject({
      is_active: false,
      review_status: "pending",
      submitted_by: ana.id,
      rating: null,
      plan_type: "free_local",
      is_verified: false,
      customer_reviews: null,
    });
    expect((await listSubmissionsOf(ana.id)).map((s) => [s.nombre, s.review_status])).toEqual([["Fonda Enviada", "pending"]]);
    expect((await listQueuedSubmissions()).find((s) => s.id === made.id)?.user_email).toBe(ana.email);

    const actor = { id: admin.id, email: admin.email };
    const both = await Promise.all([
      decideSubmission({ kind: "restaurant", id: made.id, decision: "approve", actor }),
      decideSubmission({ kind: "restaurant", id: made.id, decision: "approve", actor }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["decided", "done"]);
    const [after] = await db.select().from(restaurants).where(eq(restaurants.id, made.id));
    expect(after).toMatchObject({ is_active: true, review_status: null });
    expect(await sourceOf({ kind: "restaurant", listingId: made.id }, ana.id)).toBe("submission");
    expect((await listQueuedSubmissions()).some((s) => s.id === made.id)).toBe(false);
  });

  it("a refused one stays private", async () => {
    const admin = await makeUser({ admin: true });
    const ana = await makeUser({ emailVerified: true });
    const input = businessSchema.parse({
      nombre: "Taller Rechazado",
      descripcion: "Reparaciones",
      direccion: "Vía España",
      industria: "servicios",
      provincia: "panama",
    });
    const made = await createSubmission("business", input, { id: ana.id, email: ana.email });
    const actor = { id: admin.id, email: admin.email };
    expect(await decideSubmission({ kind: "business", id: made.id, decision: "refuse", actor, reason: "Duplicado" })).toMatchObject({
      status: "done",
      email: ana.email,
    });
    expect((await listSubmissionsOf(ana.id))[0]).toMatchObject({ review_status: "refused", is_active: false });
    expect(await isManager(ana.id, { kind: "business", listingId: made.id })).toBe(false);
    expect(await decideSubmission({ kind: "business", id: made.id, decision: "approve", actor })).toEqual({ status: "decided" });
  });
});
