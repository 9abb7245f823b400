/**
 * The origin check of app/server/http/security.server.ts, mounted on a real Express app over real HTTP:
 * which requests count as coming from another site (decision 064). tests/e2e/csrf.spec.ts runs it
 * against every route of the production server.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import { securityHeaders } from "~/server/http/security.server";

const PUBLIC = "https://panamavipia.test";

async function serve(trustProxy: boolean) {
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  app.use(securityHeaders(parseEnv({ NODE_ENV: "production", PUBLIC_URL: PUBLIC })).sameOriginWrites);
  app.use((_req, res) => {
    res.send("hecho");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let direct: Awaited<ReturnType<typeof serve>>;
let proxied: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([serve(false), serve(true)]);
});
afterAll(() => {
  direct.server.close();
  proxied.server.close();
});

const HOST = () => new URL(direct.base).host;

describe("requests from another site", () => {
  const cases: [string, string, Record<string, string>, number][] = [
    ["a non-browser client (no Origin, no Sec-Fetch-Site)", "POST", {}, 200],
    ["our page, by fetch metadata", "POST", { "Sec-Fetch-Site": "same-origin" }, 200],
    ["the person's own doing (Sec-Fetch-Site: none)", "POST", { "Sec-Fetch-Site": "none" }, 200],
    ["our page, by Origin: PUBLIC_URL", "POST", { Origin: PUBLIC }, 200],
    ["another site, by fetch metadata", "POST", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["a sibling subdomain", "POST", { "Sec-Fetch-Site": "same-site" }, 403],
    ["another site claiming our Origin with fetch metadata", "POST", { "Sec-Fetch-Site": "cross-site", Origin: PUBLIC }, 403],
    ["another site, by Origin", "POST", { Origin: "https://evil.example" }, 403],
    ["our host name on another port", "POST", { Origin: "https://panamavipia.test:8443" }, 403],
    ["an opaque origin (sandboxed frame, data: URL)", "POST", { Origin: "null" }, 403],
    ["an Origin that is not a URL", "POST", { Origin: "no es un origen" }, 403],
    ["PUT from another site", "PUT", { Origin: "https://evil.example" }, 403],
    ["PATCH from another site", "PATCH", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["DELETE from another site", "DELETE", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["GET from another site (links must work)", "GET", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }, 200],
    ["HEAD from another site", "HEAD", { "Sec-Fetch-Site": "cross-site" }, 200],
    ["OPTIONS (CORS preflight) from another site", "OPTIONS", { Origin: "https://evil.example" }, 200],
  ];
  for (const [label, method, headers, status] of cases) {
    it(`${label}: ${status}`, async () => {
      const res = await fetch(`${direct.base}/contact`, { method, headers, body: method === "POST" ? "a=b" : undefined });
      expect(res.status).toBe(status);
      if (status === 403) {
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.text()).toBe("Solicitud rechazada: los cambios solo se aceptan desde las páginas de este sitio.");
      }
    });
  }

  it("an Origin equal to the Host (a server reached by another name than PUBLIC_URL) is ours", async () => {
    const res = await fetch(`${direct.base}/contact`, { method: "POST", headers: { Origin: `http://${HOST()}` } });
    expect(res.status).toBe(200);
  });

  it("X-Forwarded-Host counts only behind TRUST_PROXY", async () => {
    const headers = { Origin: "https://tienda.example", "X-Forwarded-Host": "tienda.example" };
    expect((await fetch(`${direct.base}/contact`, { method: "POST", headers })).status).toBe(403);
    expect((await fetch(`${proxied.base}/contact`, { method: "POST", headers })).status).toBe(200);
  });
});
