/**
 * Decision 043: the HTTP server builds its requests and responses with Express's prototypes already in
 * place, so Express's per-request `setPrototypeOf` changes nothing (on Node 20 a re-prototyped object
 * and all it reaches outlive every young-generation GC). Checked where it matters: the objects as they
 * arrive, before Express touches them, and Express still working on them (query, body, json, headers).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "~/server/http-server.server";

type Seen = { req: object | null; res: object | null };

function makeApp() {
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.get("/eco", (req, res) => {
    res.set("X-Eco", "si").json({ q: req.query.q ?? null, ip: typeof req.ip, path: req.path });
  });
  app.post("/eco", (req, res) => {
    res.status(201).json({ nombre: (req.body as { nombre?: string }).nombre ?? null });
  });
  return app;
}

async function start(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Records the prototypes of the first request and response, before Express's own listener runs. */
function observe(server: http.Server): Seen {
  const seen: Seen = { req: null, res: null };
  server.prependListener("request", (req, res) => {
    seen.req ??= Object.getPrototypeOf(req) as object;
    seen.res ??= Object.getPrototypeOf(res) as object;
  });
  return seen;
}

describe("createHttpServer", () => {
  const app = makeApp();
  const server = createHttpServer(app);
  const seen = observe(server);
  // The control: Express's own app.listen builds plain Node objects and re-prototypes them.
  const controlApp = makeApp();
  const control = http.createServer(controlApp);
  const controlSeen = observe(control);
  let url = "";
  let controlUrl = "";

  beforeAll(async () => {
    url = await start(server);
    controlUrl = await start(control);
  });
  afterAll(async () => {
    for (const s of [server, control]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it("hands Express requests and responses that already have its prototypes", async () => {
    await fetch(`${url}/eco?q=1`);
    await fetch(`${controlUrl}/eco?q=1`);
    expect(seen.req).toBe(app.request);
    expect(seen.res).toBe(app.response);
    expect(controlSeen.req).toBe(http.IncomingMessage.prototype);
    expect(controlSeen.res).toBe(http.ServerResponse.prototype);
  });

  it("keeps them Node requests and responses that Express can use", async () => {
    let instances: boolean[] = [];
    server.prependOnceListener("request", (req, res) => {
      instances = [req instanceof http.IncomingMessage, res instanceof http.ServerResponse];
    });
    const got = await fetch(`${url}/eco?q=caf%C3%A9`);
    expect(instances).toEqual([true, true]);
    expect(got.status).toBe(200);
    expect(got.headers.get("x-eco")).toBe("si");
    expect(await got.json()).toEqual({ q: "café", ip: "string", path: "/eco" });

    const posted = await fetch(`${url}/eco`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "nombre=Fonda+Lo+Que+Hay",
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ nombre: "Fonda Lo Que Hay" });

    const missing = await fetch(`${url}/no-existe`);
    expect(missing.status).toBe(404);
  });
});
