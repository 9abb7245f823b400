/**
 * Openings counted while no connection is free (a burst, PostgreSQL restarting) are not lost: the
 * page is answered at once with the count it read, and the openings are written once a connection
 * frees up. The pool holds one connection here, so a transaction holding it starves the count.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { blogs } from "~/db/schema";
import { countBlogView } from "~/server/models/blogs.server";
import { db } from "~/server/platform/db.server";
import { makeBlog } from "../setup/factories";

const POOL_WAIT = 400;
// Read when tests/setup/db.ts opens the database, after this file is loaded.
const saved = { DB_POOL_MAX: process.env.DB_POOL_MAX, DB_POOL_TIMEOUT_MS: process.env.DB_POOL_TIMEOUT_MS };
Object.assign(process.env, { DB_POOL_MAX: "1", DB_POOL_TIMEOUT_MS: String(POOL_WAIT) });
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const viewsOf = async (id: string) => (await db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, id)))[0]!.views;

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("blog views when the database has no free connection", () => {
  it("answers the openings without a count, then writes every one of them", async () => {
    const blog = await makeBlog({ is_published: true, category: "Turismo" });
    expect(await countBlogView(blog.id)).toBe(1);

    let starved: (number | null)[] = [];
    let later: (number | null)[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const started = performance.now();
      starved = await Promise.all(Array.from({ length: 5 }, () => countBlogView(blog.id)));
      expect(performance.now() - started).toBeLessThan(POOL_WAIT + 1500);
      // Arrivals during the back-off are not made to wait for it.
      const next = performance.now();
      later = await Promise.all(Array.from({ length: 3 }, () => countBlogView(blog.id)));
      expect(performance.now() - next).toBeLessThan(100);
    });
    expect(starved).toEqual(Array(5).fill(null));
    expect(later).toEqual(Array(3).fill(null));

    expect(await until(async () => (await viewsOf(blog.id)) === 9, 5000)).toBe(true);
    // Counting goes on as before once written.
    expect(await countBlogView(blog.id)).toBe(10);
  });
});
