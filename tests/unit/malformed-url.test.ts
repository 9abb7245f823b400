/**
 * The malformed-URL guard of server.ts on a real Express app over real HTTP: a NUL byte or broken
 * percent-encoding is a 400, in the API's JSON under /api/v1 (where a NUL in a query value is left
 * for the API to name its parameter) and in Spanish text elsewhere. tests/e2e/api-languages.spec.ts
 * checks the same on the production server.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseMalformedUrls } from "~/server/http/malformed-url.server";

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(refuseMalformedUrls);
  app.use((_req, res) => {
    res.send("siguió");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

describe("malformed URLs", () => {
  it.each(["/api/v1/restaurantes/%00", "/api/v1/negocios/a%E0%A4%A", "/api/v1/%zz", "/api/v1/buscar%00?q=cafe"])(
    "%s: the API's JSON 400",
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({
        error: { codigo: "solicitud_invalida", mensaje: "Solicitud inválida: la dirección está mal formada." },
      });
    },
  );

  it.each(["/api/v1/buscar?q=caf%C3%A9%00", "/api/v1/catalogo?idioma=%00en"])(
    "%s: a NUL in a query value goes on to the API, which names the parameter",
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("siguió");
    },
  );

  it.each(["/buscar?q=%00", "/contact%00", "/restaurantes-panama/%E0%A4%A"])("%s: a 400 in Spanish text", async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("Solicitud inválida: la dirección está mal formada.");
  });

  it("lets a well-formed URL through", async () => {
    expect(await (await fetch(`${base}/api/v1/buscar?q=caf%C3%A9`)).text()).toBe("siguió");
    expect(await (await fetch(`${base}/buscar?q=caf%C3%A9`)).text()).toBe("siguió");
  });
});
