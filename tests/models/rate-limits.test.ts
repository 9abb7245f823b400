import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { clearHits, peekHits, recordHit } from "~/server/models/rate-limits.server";

describe("rate limits in the database", () => {
  it("counts hits within a window and starts over after it", async () => {
    expect((await peekHits("k1")).count).toBe(0);
    for (let i = 1; i <= 3; i++) expect((await recordHit("k1", 60)).count).toBe(i);
    expect((await peekHits("k1")).count).toBe(3);
    // A window of 0 seconds has always expired: the next hit starts a new window.
    expect((await recordHit("k1", 0)).count).toBe(1);
    await clearHits("k1");
    expect((await peekHits("k1")).count).toBe(0);
  });

  it("keeps separate keys apart", async () => {
    await recordHit("a");
    await recordHit("a");
    await recordHit("b");
    expect((await peekHits("a")).count).toBe(2);
    expect((await peekHits("b")).count).toBe(1);
  });

  it("drops windows long over now and then, on an ordinary hit", async () => {
    await queryRows(sql`insert into rate_limits (key, window_start, count) values ('viejo', now() - interval '2 hours', 4)`);
    const keys = async () =>
      (await queryRows<{ key: string }>(sql`select key from rate_limits where key in ('viejo', 'nuevo')`)).map((r) => r.key);
    const dice = vi.spyOn(Math, "random");
    try {
      dice.mockReturnValue(0.5); // most hits leave the table alone
      await recordHit("nuevo");
      expect((await keys()).sort()).toEqual(["nuevo", "viejo"]);
      dice.mockReturnValue(0); // the one in PRUNE_EVERY that prunes
      await recordHit("nuevo");
      expect(await keys()).toEqual(["nuevo"]);
    } finally {
      dice.mockRestore();
    }
  });
});
