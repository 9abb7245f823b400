import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audit_log, restaurants } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import { deleteListing, ListingNotFoundError, setListingActive, uniqueListingSlug } from "~/server/models/listing-admin.server";
import { makeRestaurant, makeUser } from "../setup/factories";

describe("listing admin changes", () => {
  it("gives new listings unique transliterated slugs", async () => {
    expect(await uniqueListingSlug("restaurant", "Café Ñandú")).toBe("cafe-nandu");
    await makeRestaurant({ slug: "cafe-nandu", nombre: "Café Ñandú" });
    expect(await uniqueListingSlug("restaurant", "Café Ñandú")).toBe("cafe-nandu-2");
    await makeRestaurant({ slug: "cafe-nandu-2", nombre: "Café Ñandú" });
    expect(await uniqueListingSlug("restaurant", "Cafe Nandu")).toBe("cafe-nandu-3");
    // Businesses have their own namespace.
    expect(await uniqueListingSlug("business", "Café Ñandú")).toBe("cafe-nandu");
  });

  it("toggles and deletes with an audit entry, and refuses unknown ids", async () => {
    const actor = await makeUser();
    const r = await makeRestaurant({ nombre: "T", provincia: "colon" });
    await setListingActive("restaurant", r.id, false, actor);
    expect((await db.select().from(restaurants).where(eq(restaurants.id, r.id)))[0]!.is_active).toBe(false);
    await deleteListing("restaurant", r.id, actor);
    expect(await db.select().from(restaurants).where(eq(restaurants.id, r.id))).toHaveLength(0);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, r.id));
    expect(trail.map((t) => t.action).sort()).toEqual(["delete", "toggle"]);
    expect((trail.find((t) => t.action === "delete")!.before as { nombre: string }).nombre).toBe("T");
    await expect(setListingActive("restaurant", r.id, true, actor)).rejects.toBeInstanceOf(ListingNotFoundError);
    await expect(deleteListing("restaurant", r.id, actor)).rejects.toBeInstanceOf(ListingNotFoundError);
  });
});
