/**
 * /mcp on the production server (the e2e server with the demo data), with the MCP SDKs' own clients
 * of each protocol revision: v2 (`@modelcontextprotocol/client`) speaking 2026-07-28 without a
 * handshake, v1 (`@modelcontextprotocol/sdk`) speaking 2025-11-25 after `initialize`. Then the
 * official conformance suite against the same URL, and the rate limit on a server of its own.
 *
 * Every request here counts against the e2e server's API_RATE_LIMIT (120 a minute from 127.0.0.1):
 * these tests make about 40, the no-500 sweep of foundation-no-500.spec.ts 20 more.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { freePort } from "../setup/free-port";
import { startAppServer } from "./app-server";

const MCP_URL = new URL("/mcp", BASE_URL);
const TOOLS = ["buscar", "detalle", "fetch", "listar_catalogo", "search"];

type Content = { type: string; text?: string; uri?: string; mimeType?: string };
type ToolResult = { content: Content[]; structuredContent?: any; isError?: boolean };
type AnyClient = {
  listTools(): Promise<{ tools: { name: string; annotations?: { readOnlyHint?: boolean; openWorldHint?: boolean } }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
};

/** A fetch that notes the JSON-RPC method of every request it sends. */
function recordingFetch(methods: string[]) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    if (typeof init?.body === "string") methods.push(JSON.parse(init.body).method);
    return fetch(input, init);
  };
}

/** Lists the tools and calls each one as an assistant would: search, then details of what it found. */
async function exerciseEveryTool(client: AnyClient) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;

  const found = await call("buscar", { q: "restaurante en panamá" });
  expect(found.isError ?? false).toBe(false);
  expect(found.structuredContent.resultados).toHaveLength(10);
  const first = found.structuredContent.resultados[0];
  expect(first.url).toBe(`${BASE_URL}/${first.tipo}/${first.slug}`);
  expect(found.content[0]!.text).toContain(first.url);
  expect(found.content.filter((c) => c.type === "resource_link")).toHaveLength(10);

  const detail = await call("detalle", { slug: first.slug, tipo: first.tipo });
  expect(detail.structuredContent).toMatchObject({ id: first.id, nombre: first.nombre, url: first.url });
  expect(detail.content.find((c) => c.type === "resource_link")).toMatchObject({ uri: first.markdown_url, mimeType: "text/markdown" });

  const catalog = await call("listar_catalogo", {});
  expect(catalog.structuredContent.provincias.map((p: { slug: string }) => p.slug)).toContain("chiriqui");

  const searched = await call("search", { query: "restaurante en panamá" });
  const { results } = JSON.parse(searched.content[0]!.text!);
  expect(searched.structuredContent).toEqual({ results });
  expect(results[0]).toEqual({ id: expect.any(String), title: expect.any(String), text: expect.any(String), url: expect.any(String) });

  const fetched = await call("fetch", { id: results[0].id });
  expect(JSON.parse(fetched.content[0]!.text!)).toEqual(fetched.structuredContent);
  expect(fetched.structuredContent).toMatchObject({ id: results[0].id, title: results[0].title, url: results[0].url });

  const wrong = await call("buscar", { q: "cafe", provincia: "narnia" });
  expect(wrong.isError).toBe(true);
  expect(wrong.content[0]!.text).toMatch(/provincia no es una provincia conocida/);
}

test("a 2026-07-28 client (SDK v2) lists the tools and calls each one, with no initialize handshake", async () => {
  const methods: string[] = [];
  const client = new Client({ name: "e2e-moderno", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(MCP_URL, { fetch: recordingFetch(methods) }));
  try {
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getProtocolEra()).toBe("modern");
    await exerciseEveryTool(client);
    expect(methods).not.toContain("initialize");
    expect(methods).toContain("tools/call");
  } finally {
    await client.close();
  }
});

test("a 2025-11-25 client (SDK v1) initializes, lists the tools and calls each one", async () => {
  const methods: string[] = [];
  const transport = new TransportV1(MCP_URL, { fetch: recordingFetch(methods) });
  const client = new ClientV1({ name: "e2e-2025", version: "1.0.0" });
  await client.connect(transport);
  try {
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(methods[0]).toBe("initialize");
    expect(client.getServerVersion()?.name).toBe("panama-vip-ia");
    await exerciseEveryTool(client);
  } finally {
    await client.close();
  }
});

/** One raw POST with the Host header of our choice (fetch does not let a caller set it). */
function rawPost(pathname: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: MCP_URL.port,
        path: pathname,
        method: "POST",
        headers: { Accept: "application/json, text/event-stream", "Content-Length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("JSON posted to /mcp reaches the MCP server (not the pages' 415), and a foreign Host is refused with 403", async () => {
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  const ok = await rawPost("/mcp", ping, { "Content-Type": "application/json", Host: MCP_URL.host });
  expect(ok.status).toBe(200);
  expect(ok.body).toContain('"result":{}');

  const rebound = await rawPost("/mcp", ping, { "Content-Type": "application/json", Host: "evil.example.com" });
  expect(rebound.status).toBe(403);
  expect(JSON.parse(rebound.body).error.message).toMatch(/Host no permitido/);

  const notJson = await rawPost("/mcp", "{esto no es json", { "Content-Type": "application/json", Host: MCP_URL.host });
  expect(notJson.status).toBe(400);
});

const CONFORMANCE_SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

test("the official MCP conformance suite passes its server scenarios that apply to this server", async () => {
  test.setTimeout(120_000);
  const cli = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
  const results = fs.mkdtempSync(path.join(os.tmpdir(), "pv-mcp-conformance-"));
  // The suite needs Node 22 or later: the repository's own Node 26 runs the tests.
  expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(22);
  try {
    for (const scenario of CONFORMANCE_SCENARIOS) {
      const run = spawnSync(process.execPath, [cli, "server", "--url", MCP_URL.href, "--scenario", scenario, "-o", results], {
        encoding: "utf8",
        timeout: 60_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, `${scenario}:\n${output}`).toBe(0);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    }
  } finally {
    fs.rmSync(results, { recursive: true, force: true });
  }
});

test("past API_RATE_LIMIT requests a minute from one address, /mcp answers 429 with Retry-After", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-mcp-"));
  const app = await startAppServer(port, { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, API_RATE_LIMIT: "3" });
  try {
    const ping = () =>
      fetch(`http://127.0.0.1:${port}/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ping()).status);
    expect(statuses, app.output()).toEqual([200, 200, 200]);
    const limited = await ping();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/Demasiadas solicitudes: máximo 3 por minuto/);
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
