/**
 * «Mi negocio» refuses a phone customers could not call («abc», «12») in Spanish, keeping what was
 * typed, and still takes the ways people write a real one (with spaces, +507, an extension).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "~/db/schema";
import * as mineListing from "~/routes/owners/mine-listing";
import { PHONE_INVALID } from "~/schemas/owner-listing";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import { makeBusiness, makeUser } from "../setup/factories";
import { call, formRequest } from "../setup/route";

describe("the phone in «Mi negocio»", () => {
  it("is refused without a number's digits and saved when it has them", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const listing = await makeBusiness({ telefono: "+507 225-0000" });
    await addManager({ kind: "business", listingId: listing.id, userId: user.id, source: "assignment" });
    const save = (telefono: string) =>
      call(
        mineListing.action,
        formRequest(
          `/mi-negocio/negocio/${listing.id}`,
          {
            nombre: listing.nombre,
            provincia: listing.provincia,
            industria: listing.industria,
            direccion: "Vía España",
            descripcion: "Algo",
            telefono,
          },
          user.cookie,
        ),
        { params: { tipo: "negocio", id: listing.id } },
      );
    const stored = async () => (await db.select({ t: businesses.telefono }).from(businesses).where(eq(businesses.id, listing.id)))[0]!.t;

    for (const bad of ["abc", "12", "tel: 60-00"]) {
      const res = await save(bad);
      expect(res.status, bad).toBe(400);
      expect(res.data.result.error.telefono).toEqual([PHONE_INVALID]);
      expect(res.data.result.initialValue.telefono).toBe(bad);
    }
    expect(await stored()).toBe("+507 225-0000");

    for (const good of ["225-1234", "+507 6000-0000", "6000-0000 ext. 12"]) {
      expect((await save(good)).status, good).toBe(302);
      expect(await stored()).toBe(good);
    }
    expect((await save("")).status).toBe(302);
    expect(await stored()).toBeNull();
  });
});
