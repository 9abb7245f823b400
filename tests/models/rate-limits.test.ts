import { describe, expect, it } from "vitest";
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
});
