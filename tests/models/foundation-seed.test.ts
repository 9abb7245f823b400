import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { isDatabaseEmpty, seedDemo } from "~/server/seed/seed.server";

describe("demo seed", () => {
  it("fills an empty database with the demo set, idempotently", async () => {
    expect(await isDatabaseEmpty()).toBe(true);
    await seedDemo();
    const counts = async () =>
      (
        await queryRows<{ r: number; b: number; g: number }>(
          sql`select (select count(*) from restaurants)::int r, (select count(*) from businesses)::int b, (select count(*) from blogs)::int g`,
        )
      )[0]!;
    const first = await counts();
    await seedDemo();
    expect(await counts()).toEqual(first);
    expect(await isDatabaseEmpty()).toBe(false);

    const provinces = await queryRows<{ provincia: string; active: number; inactive: number; verified: number }>(sql`
      select provincia, count(*) filter (where is_active)::int active, count(*) filter (where not is_active)::int inactive,
             count(*) filter (where is_verified)::int verified from restaurants group by provincia`);
    expect(provinces).toHaveLength(10);
    expect(provinces.some((p) => p.active > 6)).toBe(true);
    expect(provinces.some((p) => p.inactive > 0)).toBe(true);
    expect(provinces.reduce((s, p) => s + p.verified, 0)).toBeGreaterThan(0);

    const industries = await queryRows<{ industria: string; active: number; inactive: number }>(sql`
      select industria, count(*) filter (where is_active)::int active, count(*) filter (where not is_active)::int inactive
      from businesses group by industria`);
    expect(industries).toHaveLength(10);
    expect(industries.some((i) => i.active > 6)).toBe(true);
    expect(industries.some((i) => i.inactive > 0)).toBe(true);

    const authors = await queryRows<{ author_id: string; published: number; drafts: number }>(sql`
      select author_id, count(*) filter (where is_published)::int published, count(*) filter (where not is_published)::int drafts
      from blogs group by author_id`);
    expect(authors).toHaveLength(2);
    expect(authors.every((a) => a.published > 0 && a.drafts > 0)).toBe(true);
  });
});
