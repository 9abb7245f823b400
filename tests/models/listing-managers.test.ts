/** Who runs which listing: the managers' link, and the admin's owner assignment kept in step with it. */
import { describe, expect, it } from "vitest";
import { assignOwner } from "~/server/models/admin-members.server";
import {
  addManager,
  hasManagers,
  isManager,
  listManagedListings,
  managerEmails,
  removeManager,
} from "~/server/models/listing-managers.server";
import { makeBusiness, makeRestaurant, makeUser } from "../setup/factories";

describe("listing managers", () => {
  it("links any number of people to a listing of either kind, once each, and lists a person's listings by name", async () => {
    const ana = await makeUser({ emailVerified: true });
    const beto = await makeUser();
    const fonda = await makeRestaurant({ nombre: "Fonda Zeta" });
    const taller = await makeBusiness({ nombre: "Taller Alfa" });
    const fondaRef = { kind: "restaurant" as const, listingId: fonda.id };
    const tallerRef = { kind: "business" as const, listingId: taller.id };

    expect(await hasManagers(fondaRef)).toBe(false);
    await addManager({ ...fondaRef, userId: ana.id, source: "domain" });
    await addManager({ ...fondaRef, userId: ana.id, source: "approval" });
    await addManager({ ...fondaRef, userId: beto.id, source: "approval" });
    await addManager({ ...tallerRef, userId: ana.id, source: "submission" });

    expect(await hasManagers(fondaRef)).toBe(true);
    expect(await isManager(ana.id, fondaRef)).toBe(true);
    expect(await isManager(beto.id, tallerRef)).toBe(false);
    // The same id under the other kind is another listing.
    expect(await isManager(ana.id, { kind: "business", listingId: fonda.id })).toBe(false);
    expect((await listManagedListings(ana.id)).map((l) => [l.kind, l.nombre])).toEqual([
      ["restaurant", "Fonda Zeta"],
      ["business", "Taller Alfa"],
    ]);
    // Mails go to confirmed addresses only.
    expect(await managerEmails(fondaRef)).toEqual([ana.email]);

    await removeManager({ ...fondaRef, userId: beto.id });
    expect(await isManager(beto.id, fondaRef)).toBe(false);
  });

  it("the admin's owner assignment makes a manager, and a new assignment ends the previous one's", async () => {
    const admin = await makeUser({ admin: true });
    const first = await makeUser({ emailVerified: true });
    const second = await makeUser({ emailVerified: true });
    const taller = await makeBusiness();
    const ref = { kind: "business" as const, listingId: taller.id };
    const actor = { id: admin.id, email: admin.email };

    await assignOwner(actor, taller.id, first.email);
    expect(await isManager(first.id, ref)).toBe(true);
    await assignOwner(actor, taller.id, second.email);
    expect(await isManager(first.id, ref)).toBe(false);
    expect(await isManager(second.id, ref)).toBe(true);
  });
});
