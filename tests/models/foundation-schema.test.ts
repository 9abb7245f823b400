import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { free_plan_subscriptions } from "~/db/schema";
import { db, queryRows } from "~/server/platform/db.server";
import { makeBlog, makeBusiness, makeRestaurant } from "../setup/factories";

describe("check constraints for the enumerations", () => {
  it("refuses an unknown province, category, industry, plan or an out-of-range rating", async () => {
    for (const bad of [{ provincia: "narnia" }, { categoria: "sushi" }, { rating: 5.5 }, { plan_type: "gold" }]) {
      await expect(makeRestaurant(bad), JSON.stringify(bad)).rejects.toThrow();
    }
    await expect(makeBusiness({ industria: "pesca" })).rejects.toThrow();
    await expect(
      db.insert(free_plan_subscriptions).values({ email: "x@y.pa", days_granted: 45, expires_at: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(free_plan_subscriptions).values({ email: "X@y.pa", days_granted: 30, expires_at: new Date() }),
    ).rejects.toThrow();
    await expect(makeBlog({ category: "Deportes" })).rejects.toThrow();
    // Valid values go in, rating keeps one decimal.
    const r = await makeRestaurant({ rating: 4.5, categoria: "mariscos" });
    expect(r.rating).toBe(4.5);
    expect(r.especialidades).toEqual([]);
    expect(r.is_active).toBe(true);
    expect(r.plan_type).toBe("free_local");
  });

  it("has the unaccent search helpers the indexes use", async () => {
    const [row] = await queryRows<{ v: string }>(sql`select immutable_unaccent('Marisquería Ñandú Café') as v`);
    expect(row!.v).toBe("Marisqueria Nandu Cafe");
  });
});
