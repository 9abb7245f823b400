/** Seeds the demo data set. Idempotent: rows are keyed by slug or e-mail and never duplicated. */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { blogs, businesses, profiles, restaurants, users } from "~/db/schema";
import { slugify } from "~/lib/slugify";
import { db, queryRows } from "../platform/db.server";
import { DEMO_AUTHORS, DEMO_BLOGS, demoBusinesses, demoRestaurants } from "./demo-data.server";
import { seedDemoVisibility } from "./demo-visibility.server";

export async function isDatabaseEmpty(): Promise<boolean> {
  const r = await queryRows<{ n: number }>(sql`
    select (select count(*) from (select 1 from restaurants limit 1) a)
         + (select count(*) from (select 1 from businesses limit 1) b)
         + (select count(*) from (select 1 from users limit 1) c) as n`);
  return Number(r[0]?.n ?? 0) === 0;
}

export async function seedDemo(log: (msg: string) => void = () => {}): Promise<void> {
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000);

  const rs = demoRestaurants();
  await db
    .insert(restaurants)
    .values(rs.map((r, i) => ({ ...r, slug: slugify(r.nombre), created_at: minutesAgo(i * 37 + 5), updated_at: minutesAgo(i * 37 + 5) })))
    .onConflictDoNothing({ target: restaurants.slug });
  log(`restaurantes: ${rs.length}`);

  const bs = demoBusinesses();
  await db
    .insert(businesses)
    .values(bs.map((b, i) => ({ ...b, slug: slugify(b.nombre), created_at: minutesAgo(i * 41 + 3), updated_at: minutesAgo(i * 41 + 3) })))
    .onConflictDoNothing({ target: businesses.slug });
  log(`negocios: ${bs.length}`);
  await seedDemoVisibility(
    [...rs, ...bs].map((l) => slugify(l.nombre)),
    log,
  );

  const authorIds: string[] = [];
  for (const a of DEMO_AUTHORS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
    if (existing) {
      authorIds.push(existing.id);
      continue;
    }
    // Demo authors have no password (no account row): they exist to sign articles, not to sign in.
    const id = crypto.randomUUID();
    await db.insert(users).values({ id, name: a.name, email: a.email, emailVerified: true });
    await db.insert(profiles).values({ id, email: a.email, full_name: a.name, is_admin: false }).onConflictDoNothing();
    authorIds.push(id);
  }

  await db
    .insert(blogs)
    .values(
      DEMO_BLOGS.map((b, i) => ({
        slug: slugify(b.title),
        title: b.title,
        excerpt: b.excerpt,
        content: b.content,
        category: b.category,
        tags: [...b.tags],
        author_id: authorIds[b.author]!,
        is_published: b.published,
        published_at: b.published ? minutesAgo(i * 1440 + 60) : null,
        views: b.published ? 20 + i * 13 : 0,
        created_at: minutesAgo(i * 1440 + 60),
        updated_at: minutesAgo(i * 1440 + 30),
      })),
    )
    .onConflictDoNothing({ target: blogs.slug });
  log(`blogs: ${DEMO_BLOGS.length}`);
}
