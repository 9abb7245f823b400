/**
 * Faults on the production shape (`npm start` on a PostgreSQL server the test starts and stops):
 * PostgreSQL stopped at once under load (pages answer a Spanish 503 within 5 s, /healthz says 503
 * without the database's own words, and the app is back by itself within 5 s of the database's
 * return); SIGTERM under load (requests in flight finish, new ones are refused, exit 0); and the app
 * killed in the middle of a write of several rows (nothing of it stays).
 */
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "~/lib/user-error";
import { type AppProcess, createDatabase, ensureProductionBuild, startApp, Visitor } from "../fixtures/production-app";
import { findPgBin, type PgServer, startPostgres } from "../setup/postgres";

const PASSWORD = "fallos-controlados-2026";
/** Longest a page may take while the database is down, and to come back once it returns. */
const LIMIT_MS = 5_000;

type Outcome = { path: string; startedAt: number; endedAt: number; status: number | null; error?: string; body: string };

/**
 * `concurrency` loops that request `paths` in turn until `stop()`; every outcome is kept (a request
 * that fails to connect has status null). `visitor` sends cookies (one signed-in page is in the mix).
 */
function load(base: string, paths: { path: string; visitor?: Visitor }[], concurrency: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, n) => {
    for (let i = n; running; i++) {
      const { path, visitor } = paths[i % paths.length]!;
      const startedAt = performance.now();
      try {
        const init = { signal: AbortSignal.timeout(15_000) };
        const res = await (visitor ? visitor.fetch(`${base}${path}`, init) : fetch(`${base}${path}`, { ...init, redirect: "manual" }));
        const body = await res.text();
        outcomes.push({ path, startedAt, endedAt: performance.now(), status: res.status, body });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        outcomes.push({ path, startedAt, endedAt: performance.now(), status: null, error: e.cause?.code ?? e.name, body: "" });
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

const summary = (rows: Outcome[]) =>
  rows.map((o) => `${o.path} ${o.status ?? o.error} ${(o.endedAt - o.startedAt).toFixed(0)}ms`).join("\n");

describe.skipIf(!process.env.TEST_DATABASE_URL && !findPgBin())("the app when PostgreSQL or the app itself fails", () => {
  let server: PgServer;
  let databaseUrl: string;
  let sql: pg.Pool;
  const apps: AppProcess[] = [];

  /**
   * A new app process, healthy. Pages and API answers are made every time (no page or answer cache),
   * so that each one needs the database; the load comes from one address, above the API's rate limit.
   */
  async function freshApp(env: Record<string, string> = {}) {
    const app = await startApp(databaseUrl, { PAGE_CACHE: "0", API_CACHE_TTL_MS: "0", API_RATE_LIMIT: "100000", ...env });
    apps.push(app);
    await app.healthy();
    return app;
  }

  /** A signed-in member, made admin when asked. */
  async function member(app: AppProcess, email: string, admin = false) {
    const visitor = new Visitor();
    const res = await visitor.post(`${app.base}/auth?modo=registro`, {
      intent: "signup",
      full_name: "Prueba Fallos",
      email,
      password: PASSWORD,
    });
    expect(res.status, app.output()).toBe(302);
    if (admin) await sql.query("update profiles set is_admin = true where email = $1", [email]);
    return visitor;
  }

  beforeAll(async () => {
    [server] = await Promise.all([startPostgres(), ensureProductionBuild()]);
    databaseUrl = await createDatabase(server.url, "pv_faults");
    // The test's own connections: a pool, which gets over the database's restart like the app's.
    sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    sql.on("error", () => {});
    // The first app migrates and seeds the demo data.
    await freshApp({ SEED_DEMO: "1" });
  }, 900_000);

  afterAll(async () => {
    await sql?.end().catch(() => {});
    for (const app of apps) app.kill();
    server?.stop();
  });

  /** What the app says while PostgreSQL is down: the health check, a page and the API. */
  async function whileDown(app: AppProcess, entryPath: string) {
    const health = await fetch(`${app.base}/healthz`);
    const healthText = await health.text();
    expect(health.status).toBe(503);
    expect(JSON.parse(healthText)).toEqual({ status: "error", detalle: "La base de datos no responde." });
    expect(healthText).not.toMatch(/ECONN|connect|terminat|127\.0\.0\.1|5432/i);
    const entryPage = await fetch(`${app.base}${entryPath}`);
    const entryHtml = await entryPage.text();
    expect(entryPage.status).toBe(503);
    expect(entryHtml).toContain('<html lang="es"');
    expect(entryHtml).toContain("<title>Servicio no disponible");
    expect(entryHtml).toContain(SERVICE_UNAVAILABLE);
    const api = await fetch(`${app.base}/api/v1/buscar?q=pizza`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { codigo: "servicio_no_disponible", mensaje: SERVICE_UNAVAILABLE } });
  }

  it("with PostgreSQL stopped, pages answer a Spanish 503 fast, /healthz says 503, and the app recovers by itself", async () => {
    const app = apps[0]!;
    const signedIn = await member(app, "caida@fallos.test");
    const { rows } = await sql.query<{ restaurant: string; blog: string }>(
      `select (select slug from restaurants where is_active order by slug limit 1) as restaurant,
              (select slug from blogs where is_published order by slug limit 1) as blog`,
    );
    const paths = [
      { path: `/restaurante/${rows[0]!.restaurant}` },
      { path: "/restaurantes-chiriqui" },
      { path: `/blog/${rows[0]!.blog}` },
      { path: "/buscar?q=ceviche" },
      { path: "/api/v1/buscar?q=ceviche" },
      { path: "/profile", visitor: signedIn },
    ];
    for (const { path, visitor } of paths) {
      const res = await (visitor ?? new Visitor()).fetch(`${app.base}${path}`);
      expect(res.status, path).toBe(200);
    }

    const traffic = load(app.base, paths, 6);
    await new Promise((r) => setTimeout(r, 1_500));
    await server.halt();
    const haltedAt = performance.now();
    let resumingAt = Number.NaN;
    let resumedAt = Number.NaN;
    try {
      await new Promise((r) => setTimeout(r, 3_000));
      await whileDown(app, paths[0]!.path);
    } finally {
      // PostgreSQL accepts connections a moment before pg_ctl says so: "down" ends when it is started.
      resumingAt = performance.now();
      await server.resume();
      resumedAt = performance.now();
    }

    let healthyAfter = Number.NaN;
    while (performance.now() - resumedAt < LIMIT_MS + 5_000) {
      if ((await fetch(`${app.base}/healthz`)).status === 200) {
        healthyAfter = performance.now() - resumedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, LIMIT_MS + 1_000 - (performance.now() - resumedAt)));
    const outcomes = await traffic.stop();

    expect(app.child.exitCode, app.output()).toBeNull(); // the same process throughout
    const down = outcomes.filter((o) => o.startedAt > haltedAt && o.endedAt < resumingAt);
    const back = outcomes.filter((o) => o.startedAt > resumedAt + LIMIT_MS);
    const firstOk = Math.min(...outcomes.filter((o) => o.startedAt > resumedAt && o.status === 200).map((o) => o.endedAt - resumedAt));
    console.info(
      `[faults] ${down.length} requests while PostgreSQL was down: slowest ${Math.max(...down.map((o) => o.endedAt - o.startedAt)).toFixed(0)} ms; ` +
        `after its return /healthz said 200 in ${healthyAfter.toFixed(0)} ms, the first page in ${firstOk.toFixed(0)} ms`,
    );
    expect(down.length).toBeGreaterThan(20);
    expect(summary(down.filter((o) => o.status !== 503 || o.endedAt - o.startedAt >= LIMIT_MS))).toBe("");
    // Every 503 page is the site's own, in Spanish; the API answers in its own format.
    for (const o of down) {
      if (o.path.startsWith("/api/")) expect(JSON.parse(o.body).error.codigo).toBe("servicio_no_disponible");
      else expect(o.body, o.path).toContain('<html lang="es"');
    }
    expect(healthyAfter).toBeLessThan(LIMIT_MS);
    expect(firstOk).toBeLessThan(LIMIT_MS);
    expect(back.length).toBeGreaterThan(6);
    expect(summary(back.filter((o) => o.status !== 200))).toBe("");
  }, 120_000);

  it("on SIGTERM under load, the requests in flight finish, new ones are refused and the process exits 0", async () => {
    const app = await freshApp();
    const traffic = load(app.base, [{ path: "/restaurantes-chiriqui" }, { path: "/buscar?q=pizza" }, { path: "/api/v1/catalogo" }], 6);
    // Form posts whose body is still arriving when SIGTERM comes: in flight for certain.
    const body = "intent=login&email=&password=";
    const posts = Array.from({ length: 3 }, () => {
      const req = http.request({
        host: "127.0.0.1",
        port: app.port,
        path: "/auth",
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        });
        req.on("error", reject);
      });
      req.write(body.slice(0, 10));
      return { req, answer };
    });
    for (let i = 0; i < 300 && traffic.outcomes.length < 20; i++) await new Promise((r) => setTimeout(r, 100));

    const signalledAt = performance.now();
    app.child.kill("SIGTERM");
    // The server logs the signal once it stops taking requests: what the test sends from then on is new.
    for (let i = 0; i < 100 && !app.output().includes("[server] SIGTERM"); i++) await new Promise((r) => setTimeout(r, 10));
    const stoppingAt = performance.now();
    await new Promise((r) => setTimeout(r, 500));
    for (const { req } of posts) req.end(body.slice(10));
    for (const { answer } of posts) {
      const done = await answer;
      expect(done.status).toBe(400);
      expect(done.text).toContain("El email es obligatorio");
    }
    expect(await app.exited).toBe(0);
    const exitedAfter = performance.now() - signalledAt;
    const outcomes = await traffic.stop();
    expect(app.output()).toContain("[server] cerrado");

    const before = outcomes.filter((o) => o.endedAt < signalledAt);
    const inFlight = outcomes.filter((o) => o.startedAt < signalledAt && o.endedAt > signalledAt);
    const after = outcomes.filter((o) => o.startedAt > stoppingAt);
    console.info(
      `[faults] SIGTERM: ${before.length} requests before it, ${inFlight.filter((o) => o.status === 200).length} of ${inFlight.length} in flight answered 200, ` +
        `the process exited ${exitedAfter.toFixed(0)} ms after it; requests started after it: ` +
        `${after.filter((o) => o.status === 503).length} answered 503, ${after.filter((o) => o.status === null).length} refused`,
    );
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(summary(before.filter((o) => o.status !== 200))).toBe("");
    // Whatever started after the server stopped taking requests was refused: a 503 or no connection.
    expect(after.length).toBeGreaterThan(0);
    expect(summary(after.filter((o) => o.status !== 503 && o.status !== null))).toBe("");
    // Nothing answered with an error page at any time.
    expect(summary(outcomes.filter((o) => o.status !== null && o.status !== 200 && o.status !== 503))).toBe("");
    await expect(fetch(`${app.base}/healthz`)).rejects.toThrow();
  }, 120_000);

  it("an app killed in the middle of a write of several rows leaves none of them", async () => {
    const app = await freshApp();
    const admin = await member(app, "admin@fallos.test", true);
    const { rows } = await sql.query<{ id: string }>("select id from restaurants where is_active order by slug desc limit 1");
    const entry = rows[0]!.id;
    const audits = async () => Number((await sql.query("select count(*) from audit_log where entity_id = $1", [entry])).rows[0].count);
    expect(await audits()).toBe(0);

    // Deactivating writes the entry and its audit row in one transaction. The test holds the audit
    // table, so the app's transaction stops between the two rows: the entry updated, the audit row
    // waiting.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table audit_log in share mode");
    const toggle = admin.post(`${app.base}/admin`, { intent: "toggle", kind: "restaurant", id: entry, active: "false" }).catch(() => null);
    let waiting: { pid: number } | undefined;
    for (let i = 0; i < 200 && !waiting; i++) {
      const r = await sql.query<{ pid: number }>(
        `select a.pid from pg_stat_activity a
          where a.datname = current_database() and a.wait_event_type = 'Lock' and a.query ilike 'insert into "audit_log"%'
            and exists (select 1 from pg_locks l where l.pid = a.pid and l.relation = 'restaurants'::regclass and l.mode = 'RowExclusiveLock' and l.granted)`,
      );
      waiting = r.rows[0];
      if (!waiting) await new Promise((r) => setTimeout(r, 50));
    }
    expect(waiting, "the app's transaction never reached the audit row").toBeDefined();

    app.child.kill("SIGKILL");
    await app.exited;
    await toggle;
    await holder.query("commit");
    await holder.end();
    // PostgreSQL ends the dead client's transaction once it finds the connection gone.
    for (let i = 0; i < 200; i++) {
      const r = await sql.query("select 1 from pg_stat_activity where pid = $1", [waiting!.pid]);
      if (r.rowCount === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    expect((await sql.query("select is_active from restaurants where id = $1", [entry])).rows[0].is_active).toBe(true);
    expect(await audits()).toBe(0);

    // And the same write, uninterrupted, makes both rows.
    const again = await freshApp();
    const admin2 = await member(again, "admin2@fallos.test", true);
    expect((await admin2.post(`${again.base}/admin`, { intent: "toggle", kind: "restaurant", id: entry, active: "false" })).status).toBe(
      302,
    );
    expect((await sql.query("select is_active from restaurants where id = $1", [entry])).rows[0].is_active).toBe(false);
    expect(await audits()).toBe(1);
  }, 180_000);
});
