/**
 * The production shape (decision 068): two `npm start` processes on one PostgreSQL, as two machines
 * behind a load balancer would run them, started together on an empty database. A session made through
 * one is good on the other; a change made through one (an admin deactivating an entry, an article
 * published) shows on the other at once, page caches included (PostgreSQL LISTEN/NOTIFY), also after
 * PostgreSQL restarts; the API's rate limit counts the hits of both.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, createDatabase, ensureProductionBuild, startApp, Visitor } from "../fixtures/production-app";
import { findPgBin, type PgServer, startPostgres } from "../setup/postgres";

const PASSWORD = "escala-horizontal-2026";

/** An anonymous request (no cookie: the page cache answers it) and the cache's verdict. */
async function anonymous(url: string) {
  const res = await fetch(url);
  return { status: res.status, cache: res.headers.get("x-page-cache"), body: await res.text() };
}

/** Asks until the page cache answers `url` with a stored copy, and returns that copy. */
async function cachedCopy(url: string) {
  for (let i = 0; i < 5; i++) {
    const r = await anonymous(url);
    expect(r.status, url).toBe(200);
    if (r.cache === "HIT") return r;
  }
  throw new Error(`${url} never came from the page cache`);
}

/**
 * How long after a write the other process stops answering with the old copy (ms, the last request's
 * own time included), and on which request after the write.
 */
async function timeUntil(url: string, changed: (body: string) => boolean, since: number) {
  for (let request = 1; ; request++) {
    const r = await anonymous(url);
    if (changed(r.body)) return { elapsed: performance.now() - since, request, ...r };
    if (performance.now() - since > 2_000) throw new Error(`${url} still shows the old copy after 2 s`);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL && !findPgBin())("two app processes on one PostgreSQL", () => {
  let server: PgServer;
  let databaseUrl: string;
  let a: AppProcess;
  let b: AppProcess;
  let sql: pg.Pool;
  const admin = new Visitor();
  /** The entry the admin deactivated (the restart test brings it back). */
  let deactivated: { id: string; slug: string } | null = null;

  beforeAll(async () => {
    [server] = await Promise.all([startPostgres(), ensureProductionBuild()]);
    databaseUrl = await createDatabase(server.url, "pv_scale_out");
    // A long page-cache TTL: only an invalidation can make the other process drop its copy in time.
    const shared = { API_RATE_LIMIT: "6", PAGE_CACHE_TTL_MS: "600000" };
    // Both start at once on the empty database, as a deployment does: one migrates, the other waits.
    a = await startApp(databaseUrl, { ...shared, SEED_DEMO: "1" });
    b = await startApp(databaseUrl, shared);
    await Promise.all([a.healthy(), b.healthy()]);
    // The test's own connections: a pool, which gets over the database's restart.
    sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    sql.on("error", () => {});
  }, 900_000);

  afterAll(async () => {
    await sql?.end().catch(() => {});
    a?.kill();
    b?.kill();
    server?.stop();
  });

  it("a session made through one process is good on the other", async () => {
    const writer = new Visitor();
    const signup = await writer.post(`${a.base}/auth?modo=registro`, {
      intent: "signup",
      full_name: "Rosa Escala",
      email: "rosa@escala.test",
      password: PASSWORD,
    });
    expect(signup.status, a.output()).toBe(302);
    for (const app of [b, a]) {
      const profile = await writer.fetch(`${app.base}/profile`);
      expect(profile.status, `/profile on ${app.port}`).toBe(200);
      expect(await profile.text()).toContain("rosa@escala.test");
    }

    // Signing in through B (a new browser) is recognised by A.
    const reader = new Visitor();
    expect((await reader.fetch(`${a.base}/profile`)).status).toBe(302);
    const login = await reader.post(`${b.base}/auth`, { intent: "login", email: "rosa@escala.test", password: PASSWORD });
    expect(login.status).toBe(302);
    const profile = await reader.fetch(`${a.base}/profile`);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("rosa@escala.test");
  });

  it("an entry an admin deactivates through one process disappears from the other's cached pages at once", async () => {
    expect(
      (
        await admin.post(`${a.base}/auth?modo=registro`, {
          intent: "signup",
          full_name: "Admin Escala",
          email: "admin@escala.test",
          password: PASSWORD,
        })
      ).status,
    ).toBe(302);
    await sql.query("update profiles set is_admin = true where email = 'admin@escala.test'");

    const province = `${b.base}/restaurantes-chiriqui`;
    const listed = await cachedCopy(province);
    const slug = listed.body.match(/href="\/restaurante\/([a-z0-9-]+)"/)?.[1];
    expect(slug).toBeTruthy();
    const { rows } = await sql.query<{ id: string; nombre: string }>("select id, nombre from restaurants where slug = $1", [slug]);
    const entry = rows[0]!;
    const entryPage = `${b.base}/restaurante/${slug}`;
    expect((await cachedCopy(entryPage)).body).toContain(entry.nombre);
    expect(listed.body).toContain(`/restaurante/${slug}"`);

    const toggled = await admin.post(`${a.base}/admin`, { intent: "toggle", kind: "restaurant", id: entry.id, active: "false" });
    const written = performance.now();
    expect(toggled.status).toBe(302);
    expect((await sql.query("select is_active from restaurants where id = $1", [entry.id])).rows[0].is_active).toBe(false);

    const gone = await timeUntil(province, (body) => !body.includes(`/restaurante/${slug}"`), written);
    const entryGone = await anonymous(entryPage);
    console.info(
      `[scale-out] the other process dropped its cached listing ${gone.elapsed.toFixed(0)} ms after the write's answer (request ${gone.request})`,
    );
    expect(gone.elapsed).toBeLessThan(1_000);
    expect(gone.cache).toBe("MISS");
    expect(entryGone.status).toBe(404);
    deactivated = { id: entry.id, slug: slug! };
  });

  it("an article published through one process is on the other's cached blog list at once", async () => {
    const author = new Visitor();
    await author.post(`${a.base}/auth?modo=registro`, {
      intent: "signup",
      full_name: "Autor Escala",
      email: "autor@escala.test",
      password: PASSWORD,
    });
    const blog = `${b.base}/blog`;
    const before = await cachedCopy(blog);
    const title = "Dos procesos, una base de datos";
    expect(before.body).not.toContain(title);

    const published = await author.post(`${a.base}/write-blog`, {
      intent: "publish",
      title,
      excerpt: "Lo que se publica en un proceso se ve en el otro.",
      content: "<p>Un artículo escrito para la prueba de escala horizontal.</p>",
      category: "Tecnología",
    });
    const written = performance.now();
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toMatch(/^\/blog\//);

    const shown = await timeUntil(blog, (body) => body.includes(title), written);
    console.info(
      `[scale-out] the other process showed the new article ${shown.elapsed.toFixed(0)} ms after the write's answer (request ${shown.request})`,
    );
    expect(shown.elapsed).toBeLessThan(1_000);
    expect((await anonymous(`${b.base}${published.headers.get("location")}`)).body).toContain(title);
  });

  it("after PostgreSQL restarts, both processes serve again and still hear each other", async () => {
    expect(deactivated, "runs after the deactivation test").not.toBeNull();
    await server.halt();
    expect((await fetch(`${b.base}/healthz`)).status).toBe(503);
    await server.resume();
    const resumedAt = performance.now();
    await Promise.all([a.healthy(10_000), b.healthy(10_000)]);
    // B's listening connection is open again (it retries within a second of the database's return).
    while (!b.output().includes("[cache] conexión de avisos restablecida")) {
      expect(performance.now() - resumedAt, b.output()).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 50));
    }

    const province = `${b.base}/restaurantes-chiriqui`;
    expect((await cachedCopy(province)).body).not.toContain(`/restaurante/${deactivated!.slug}"`);
    const toggled = await admin.post(`${a.base}/admin`, { intent: "toggle", kind: "restaurant", id: deactivated!.id, active: "true" });
    const written = performance.now();
    expect(toggled.status).toBe(302);
    const back = await timeUntil(province, (body) => body.includes(`/restaurante/${deactivated!.slug}"`), written);
    expect(back.elapsed).toBeLessThan(1_000);
  });

  it("the API's rate limit counts the requests of both processes together", async () => {
    const statuses: number[] = [];
    // Spaced out, so that each process has written its count before the next request (the limiter
    // batches writes for 250 ms).
    for (const app of [a, b, a, b, a, b, a, b]) {
      statuses.push((await fetch(`${app.base}/api/v1/catalogo`)).status);
      await new Promise((r) => setTimeout(r, 300));
    }
    // API_RATE_LIMIT=6 a minute: each process alone saw only four.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
