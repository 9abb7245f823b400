import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogs, businesses, free_plan_subscriptions, restaurants } from "~/db/schema";
import { db, queryRows } from "~/server/db.server";

const base = { nombre: "Prueba", direccion: "Calle 1", provincia: "panama" };

describe("check constraints for the enumerations", () => {
  it("refuses an unknown province, category, industry, plan or an out-of-range rating", async () => {
    await expect(db.insert(restaurants).values({ ...base, slug: "a1", provincia: "narnia" })).rejects.toThrow();
    await expect(db.insert(restaurants).values({ ...base, slug: "a2", categoria: "sushi" })).rejects.toThrow();
    await expect(db.insert(restaurants).values({ ...base, slug: "a3", rating: 5.5 })).rejects.toThrow();
    await expect(db.insert(restaurants).values({ ...base, slug: "a4", plan_type: "gold" })).rejects.toThrow();
    await expect(db.insert(businesses).values({ ...base, slug: "b1", descripcion: "d", industria: "pesca" })).rejects.toThrow();
    await expect(
      db.insert(free_plan_subscriptions).values({ email: "x@y.pa", days_granted: 45, expires_at: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(free_plan_subscriptions).values({ email: "X@y.pa", days_granted: 30, expires_at: new Date() }),
    ).rejects.toThrow();
    await expect(db.insert(blogs).values({ slug: "s", title: "t", content: "c", category: "Deportes" })).rejects.toThrow();
    // Valid values go in, rating keeps one decimal.
    const [r] = await db
      .insert(restaurants)
      .values({ ...base, slug: "ok", rating: 4.5, categoria: "mariscos" })
      .returning();
    expect(r!.rating).toBe(4.5);
    expect(r!.especialidades).toEqual([]);
    expect(r!.is_active).toBe(true);
    expect(r!.plan_type).toBe("free_local");
  });

  it("has the unaccent search helpers the indexes use", async () => {
    const [row] = await queryRows<{ v: string }>(sql`select immutable_unaccent('Marisquería Ñandú Café') as v`);
    expect(row!.v).toBe("Marisqueria Nandu Cafe");
  });
});
