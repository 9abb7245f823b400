/**
 * /mcp through its route module, with the SDK's own client (v2) of each protocol revision: the
 * 2026-07-28 one without a handshake and the 2025-11-25 one with `initialize`. The client's fetch
 * calls the route's loader and action with real Requests, so the whole stack below the HTTP server
 * runs (tests/e2e/mcp.spec.ts does the same against the production server).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { restaurants } from "~/db/schema";
import * as mcp from "~/routes/api/mcp";
import { db } from "~/server/platform/db.server";
import { invalidatePublicPages } from "~/server/http/page-cache.server";
import { fondas, MARISQUERIA_AZUL, makeBusinesses, makeRestaurants } from "../setup/factories";
import { ORIGIN, resetConfig, routeArgs } from "../setup/route";

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;
type Era = "2026-07-28" | "2025-11-25";

const ERAS: Era[] = ["2026-07-28", "2025-11-25"];
const TOOLS = ["buscar", "detalle", "fetch", "listar_catalogo", "search"];

/** A fetch that hands the request to the route module, as React Router would, from `ip`. */
function viaRoute(ip: string) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const args = routeArgs(request, { ip }) as never;
    return request.method === "GET" || request.method === "HEAD" ? mcp.loader(args) : mcp.action(args);
  };
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

let ipCounter = 0;
async function connect(era: Era): Promise<Client> {
  const client = new Client(
    { name: "prueba", version: "1.0.0" },
    era === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  // One address per client: the tests stay far below the per-IP limit.
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch: viaRoute(`198.51.100.${++ipCounter}`) });
  await client.connect(transport);
  open.push(client);
  return client;
}

function textOf(result: ToolResult): string {
  const first = (result.content as { type: string; text?: string }[])[0];
  expect(first?.type).toBe("text");
  return first!.text!;
}

function structured<T = any>(result: ToolResult): T {
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent as T;
}

/** Deactivates or reactivates an entry, then invalidates the public caches as every model write does. */
async function setActive(slug: string, active: boolean) {
  await db.update(restaurants).set({ is_active: active }).where(eq(restaurants.slug, slug));
  invalidatePublicPages();
}

beforeAll(async () => {
  await makeRestaurants([
    ...fondas(12, () => ({ descripcion: "Comida casera panameña." })),
    {
      ...MARISQUERIA_AZUL,
      descripcion: "Ceviche fresco frente al mar.",
      // In Colón city, open around the clock.
      latitud: 9.3592,
      longitud: -79.9014,
      horario_semanal: [{ open: { day: 0, hour: 0, minute: 0 } }],
    },
    {
      slug: "el-puerto",
      nombre: "El Puerto",
      descripcion: "Pescado frito.",
      direccion: "Muelle 3",
      provincia: "colon",
      categoria: "mariscos",
      // 600 m away, closed every day.
      latitud: 9.3646,
      longitud: -79.9014,
      horario_semanal: [],
    },
  ]);
  await makeBusinesses([
    {
      slug: "constructora-istmo",
      nombre: "Constructora Istmo",
      descripcion: "Obras civiles y remodelaciones.",
      direccion: "Vía Interamericana",
      provincia: "chiriqui",
      industria: "construccion",
    },
    {
      slug: "el-puerto",
      nombre: "El Puerto Abogados",
      descripcion: "Derecho marítimo.",
      direccion: "Calle 1",
      provincia: "panama",
      industria: "abogados",
    },
  ]);
});

describe("the negotiated revision", () => {
  it("is 2026-07-28 without initialize for the modern client and 2025-11-25 after initialize for the legacy one", async () => {
    const modern = await connect("2026-07-28");
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(modern.getProtocolEra()).toBe("modern");
    const legacy = await connect("2025-11-25");
    expect(legacy.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect(legacy.getProtocolEra()).toBe("legacy");
    expect(legacy.getServerVersion()?.name).toBe("panama-vip-ia");
    expect(legacy.getInstructions()).toMatch(/buscar/);
  });
});

describe.each(ERAS)("tools over revision %s", (era) => {
  it("lists five read-only tools described in Spanish with an English line, each with an output schema", async () => {
    const client = await connect(era);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.description).toMatch(/\n[A-Z][a-z]+ .+/);
      expect(tool.outputSchema?.type).toBe("object");
    }
    const buscar = tools.find((t) => t.name === "buscar")!;
    expect(Object.keys(buscar.inputSchema.properties ?? {}).sort()).toEqual([
      "abierto_ahora",
      "categoria",
      "cerca",
      "cerca_de",
      "cursor",
      "idioma",
      "industria",
      "provincia",
      "q",
      "radio",
      "tipo",
    ]);
    expect(buscar.description).toMatch(/10 resultados/);
    for (const name of ["search", "detalle", "listar_catalogo"]) {
      expect(Object.keys(tools.find((t) => t.name === name)!.inputSchema.properties ?? {}), name).toContain("idioma");
    }
    // The answers are the API's contract, advertised open to fields added later.
    expect(Object.keys(buscar.outputSchema?.properties ?? {}).sort()).toEqual([
      "atribucion",
      "consulta",
      "resultados",
      "siguiente_cursor",
      "sugerencia",
    ]);
    expect(JSON.stringify(buscar.outputSchema)).toContain('"linea"');
    expect(JSON.stringify(buscar.outputSchema)).not.toContain('"additionalProperties":false');
  });

  it("buscar answers ten results with structured content, a line per result citing its page and a Markdown link each; the cursor brings the rest", async () => {
    const client = await connect(era);
    const first = await client.callTool({ name: "buscar", arguments: { q: "fonda" } });
    const page = structured(first);
    expect(page.resultados).toHaveLength(10);
    expect(page.siguiente_cursor).toEqual(expect.any(String));
    const lines = textOf(first).split("\n\n");
    for (const item of page.resultados) {
      expect(lines.some((l) => l.includes(item.nombre) && l.includes(`${ORIGIN}/restaurante/${item.slug}`))).toBe(true);
    }
    const links = first.content.filter((c) => c.type === "resource_link");
    expect(links).toHaveLength(10);
    expect(links[0]).toMatchObject({ mimeType: "text/markdown", uri: page.resultados[0].markdown_url, title: page.resultados[0].nombre });

    const second = structured(await client.callTool({ name: "buscar", arguments: { q: "fonda", cursor: page.siguiente_cursor } }));
    expect(second.siguiente_cursor).toBeNull();
    const slugs = [...page.resultados, ...second.resultados].map((r: { slug: string }) => r.slug);
    expect(new Set(slugs)).toEqual(new Set(Array.from({ length: 12 }, (_, i) => `fonda-${i}`)));
  });

  it("buscar answers near a shared location, nearest first with the distance, and open now", async () => {
    const client = await connect(era);
    const near = structured(await client.callTool({ name: "buscar", arguments: { q: "", cerca: "9.3600,-79.9014", radio: 2 } }));
    expect(near.resultados.map((r: { slug: string }) => r.slug)).toEqual(["marisqueria-azul", "el-puerto"]);
    expect(near.resultados[0].distancia_km).toBeLessThan(0.2);
    expect(near.resultados[1].distancia_km).toBeGreaterThan(0.4);
    expect(near.consulta.cerca).toEqual({ latitud: 9.36, longitud: -79.9014, radio_km: 2 });
    const open = await client.callTool({ name: "buscar", arguments: { q: "mariscos", cerca: "9.3600,-79.9014", abierto_ahora: true } });
    expect(structured(open).resultados.map((r: { slug: string }) => r.slug)).toEqual(["marisqueria-azul"]);
    expect(textOf(open)).toMatch(/Marisquería Azul.*A 0,1 km\. Abierto ahora\./);
    // Nothing within 1 km of a point in the sea off Colón: the reason, not an empty «» to try.
    const nothing = await client.callTool({ name: "buscar", arguments: { q: "", cerca: "9.4500,-79.9014", radio: 1 } });
    expect(textOf(nothing)).toMatch(/^Sin resultados\.\n\nNingún resultado/);
    expect(textOf(nothing)).not.toContain("«»");
    const outside = await client.callTool({ name: "buscar", arguments: { q: "", cerca: "40.71,-74.00" } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain("dentro de Panamá");
  });

  it("buscar applies the filters and reads places and categories in the text", async () => {
    const client = await connect(era);
    const byText = structured(await client.callTool({ name: "buscar", arguments: { q: "ceviche en colón" } }));
    expect(byText.resultados[0].slug).toBe("marisqueria-azul");
    expect(byText.consulta.interpretacion.provincia).toBe("colon");
    const filtered = structured(await client.callTool({ name: "buscar", arguments: { q: "", tipo: "negocios", provincia: "chiriqui" } }));
    expect(filtered.resultados.map((r: { slug: string }) => r.slug)).toEqual(["constructora-istmo"]);
  });

  it("buscar and search answer in English with idioma=en: labels, lines and text; Spanish otherwise", async () => {
    const client = await connect(era);
    const english = await client.callTool({ name: "buscar", arguments: { q: "ceviche en colón", idioma: "en" } });
    const answer = structured(english);
    expect(answer.consulta.idioma).toBe("en");
    expect(answer.resultados[0]).toMatchObject({
      slug: "marisqueria-azul",
      categoria: { slug: "mariscos", nombre: "Seafood" },
      provincia: { nombre: "Colón" },
      abierto: { texto: "Open now" },
      linea: "Seafood restaurant in Colón · open now",
      // The business's own words stay as written.
      resumen: "Ceviche fresco frente al mar.",
    });
    const text = textOf(english);
    expect(text).toMatch(/^\d+ results? for «ceviche en colón», most relevant first:/);
    expect(text).toContain("1. Marisquería Azul: seafood in Colón,");
    expect(text).toContain("Open now.");
    expect(text).toMatch(/Cite each result with a link to its page/);

    const spanish = await client.callTool({ name: "buscar", arguments: { q: "ceviche en colón" } });
    expect(structured(spanish).consulta.idioma).toBe("es");
    expect(structured(spanish).resultados[0].linea).toBe("Marisquería en Colón · abierto ahora");
    expect(textOf(spanish)).toContain("1. Marisquería Azul: mariscos en Colón,");

    const near = structured(
      await client.callTool({ name: "buscar", arguments: { q: "", cerca: "9.3600,-79.9014", radio: 2, idioma: "en" } }),
    );
    expect(near.resultados[0].linea).toBe("Seafood restaurant in Colón · open now · 0.1 km away");

    const found = await client.callTool({ name: "search", arguments: { query: "ceviche en colón", idioma: "en" } });
    expect(JSON.parse(textOf(found)).results[0].text).toBe("Seafood restaurant in Colón · open now. Ceviche fresco frente al mar.");
  });

  it("buscar names the arguments it does not know and ignores them", async () => {
    const client = await connect(era);
    const answer = structured(await client.callTool({ name: "buscar", arguments: { q: "ceviche en colón", lang: "en", limite: 3 } }));
    expect(answer.consulta.ignorados).toEqual(["lang", "limite"]);
    expect(answer.consulta.idioma).toBe("es");
    expect(answer.resultados[0].slug).toBe("marisqueria-azul");
  });

  it("detalle and listar_catalogo label in English with idioma=en", async () => {
    const client = await connect(era);
    const detail = await client.callTool({ name: "detalle", arguments: { slug: "marisqueria-azul", idioma: "en" } });
    expect(structured(detail)).toMatchObject({ categoria: { nombre: "Seafood" }, linea: "Seafood restaurant in Colón · open now" });
    expect(textOf(detail)).toMatch(/^Marisquería Azul: seafood in Colón\.\nAddress: /);
    expect(textOf(detail)).toMatch(/Cite each result/);
    const catalog = await client.callTool({ name: "listar_catalogo", arguments: { idioma: "en" } });
    expect(structured(catalog).categorias).toContainEqual({ slug: "mariscos", nombre: "Seafood" });
    expect(textOf(catalog)).toMatch(/^Provinces: panama \(Panama\)/);
  });

  it("wrong arguments are tool errors with a Spanish message, never protocol errors", async () => {
    const client = await connect(era);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["buscar", { q: 5 }, /q debe ser texto/],
      ["buscar", { q: "fonda", provincia: "narnia" }, /provincia no es una provincia conocida.*listar_catalogo/],
      ["buscar", { q: "fonda", tipo: "restaurantes", industria: "construccion" }, /industria solo se aplica a negocios/],
      ["buscar", { q: "fonda", cursor: "no-es-un-cursor" }, /cursor no es válido/],
      ["buscar", { q: "x".repeat(201) }, /como máximo 200/],
      ["buscar", { q: "fonda", idioma: "fr" }, /idioma debe ser es \(español\) o en \(inglés\)/],
      ["search", { query: "fonda", idioma: "de" }, /idioma debe ser es/],
      ["detalle", { slug: "fonda-1", idioma: 3 }, /idioma debe ser es/],
      ["detalle", {}, /Indica slug/],
      ["detalle", { slug: "No Vale!" }, /slug no es válido/],
      ["detalle", { slug: "fonda-1", tipo: "hoteles" }, /tipo debe ser restaurantes o negocios/],
      ["detalle", { slug: "no-existe" }, /No hay ninguna entrada activa/],
      ["search", { query: ["fonda"] }, /query debe ser texto/],
      ["fetch", { id: 7 }, /id debe ser texto/],
      ["fetch", { id: "restaurante/no-existe" }, /No hay ninguna entrada activa/],
    ];
    for (const [name, args, message] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(textOf(result)).not.toMatch(/validation|invalid|expected/i);
    }
  });

  it("detalle finds an entry by slug, by slug and tipo, and by id; a slug of both kinds needs tipo", async () => {
    const client = await connect(era);
    const bySlug = await client.callTool({ name: "detalle", arguments: { slug: "marisqueria-azul" } });
    const entry = structured(bySlug);
    expect(entry).toMatchObject({
      id: "restaurante/marisqueria-azul",
      telefono: "6206-6274",
      url: `${ORIGIN}/restaurante/marisqueria-azul`,
    });
    expect(textOf(bySlug)).toMatch(/Marisquería Azul: mariscos en Colón/);
    expect(textOf(bySlug)).toContain(`Página: ${ORIGIN}/restaurante/marisqueria-azul`);
    expect(bySlug.content.find((c) => c.type === "resource_link")).toMatchObject({ uri: `${ORIGIN}/restaurante/marisqueria-azul.md` });

    expect(structured(await client.callTool({ name: "detalle", arguments: { id: "negocio/constructora-istmo" } })).nombre).toBe(
      "Constructora Istmo",
    );
    const ambiguous = await client.callTool({ name: "detalle", arguments: { slug: "el-puerto" } });
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toMatch(/indica tipo/);
    expect(structured(await client.callTool({ name: "detalle", arguments: { slug: "el-puerto", tipo: "negocio" } })).nombre).toBe(
      "El Puerto Abogados",
    );
    expect(structured(await client.callTool({ name: "detalle", arguments: { slug: "el-puerto", tipo: "restaurantes" } })).nombre).toBe(
      "El Puerto",
    );
  });

  it("search and fetch answer in the shapes ChatGPT's connectors read: one JSON text item, the same as structuredContent", async () => {
    const client = await connect(era);
    const found = await client.callTool({ name: "search", arguments: { query: "ceviche en colón" } });
    expect(found.content).toHaveLength(1);
    const results = JSON.parse(textOf(found)) as { results: Record<string, string>[] };
    expect(found.structuredContent).toEqual(results);
    expect(results.results.length).toBeGreaterThan(0);
    expect(Object.keys(results.results[0]!).sort()).toEqual(["id", "text", "title", "url"]);
    expect(results.results[0]).toMatchObject({ id: "restaurante/marisqueria-azul", title: "Marisquería Azul" });

    const fetched = await client.callTool({ name: "fetch", arguments: { id: results.results[0]!.id } });
    expect(fetched.content).toHaveLength(1);
    const document = JSON.parse(textOf(fetched));
    expect(fetched.structuredContent).toEqual(document);
    expect(Object.keys(document).sort()).toEqual(["id", "metadata", "text", "title", "url"]);
    expect(document).toMatchObject({ id: "restaurante/marisqueria-azul", url: `${ORIGIN}/restaurante/marisqueria-azul` });
    expect(document.text).toContain("Teléfono: 6206-6274");
    expect(document.metadata).toMatchObject({ provincia: "Colón", categoria: "Mariscos", telefono: "6206-6274" });
  });

  it("listar_catalogo lists provinces, industries, categories and plans with their slugs", async () => {
    const client = await connect(era);
    const result = await client.callTool({ name: "listar_catalogo", arguments: {} });
    const catalog = structured(result);
    expect(catalog.provincias).toContainEqual(expect.objectContaining({ slug: "bocas-del-toro", nombre: "Bocas del Toro" }));
    expect(catalog.industrias).toContainEqual(expect.objectContaining({ slug: "construccion", url: `${ORIGIN}/negocios/construccion` }));
    expect(catalog.categorias).toContainEqual({ slug: "mariscos", nombre: "Mariscos" });
    expect(catalog.planes.map((p: { slug: string }) => p.slug)).toEqual(["free_local", "starter_local", "max_local"]);
    expect(textOf(result)).toMatch(/^Provincias: panama \(Panamá\)/);
  });

  it("an entry deactivated in the database is gone from buscar, detalle, search and fetch", async () => {
    const client = await connect(era);
    expect(structured(await client.callTool({ name: "buscar", arguments: { q: "ceviche" } })).resultados[0].slug).toBe("marisqueria-azul");
    await setActive("marisqueria-azul", false);
    try {
      const answer = structured(await client.callTool({ name: "buscar", arguments: { q: "ceviche en colón" } }));
      expect(answer.resultados.map((r: { slug: string }) => r.slug)).not.toContain("marisqueria-azul");
      const search = await client.callTool({ name: "search", arguments: { query: "marisquería azul" } });
      expect(textOf(search)).not.toContain("marisqueria-azul");
      for (const [name, args] of [
        ["detalle", { slug: "marisqueria-azul" }],
        ["detalle", { slug: "marisqueria-azul", tipo: "restaurantes" }],
        ["detalle", { id: "restaurante/marisqueria-azul" }],
        ["fetch", { id: "restaurante/marisqueria-azul" }],
      ] as const) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(textOf(result)).toMatch(/No hay ninguna entrada activa/);
      }
    } finally {
      await setActive("marisqueria-azul", true);
    }
  });
});

/** A raw POST of one JSON-RPC message (2025-11-25 unless headers say otherwise). */
function post(body: string, headers: Record<string, string> = {}, url = `${ORIGIN}/mcp`, ip = "203.0.113.50") {
  return viaRoute(ip)(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
  });
}

async function rpcOf(response: Response): Promise<any> {
  const text = await response.text();
  // The 2025 leg answers over a one-event stream.
  const data = /^data: (.+)$/m.exec(text)?.[1] ?? text;
  return JSON.parse(data);
}

describe("HTTP", () => {
  afterAll(() => resetConfig({ API_RATE_LIMIT: undefined, PUBLIC_URL: "http://localhost:3000" }));

  it("refuses a foreign Host or Origin (DNS rebinding) with 403, and serves the public host and localhost", async () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const foreign = await post(ping, {}, "http://evil.example.com/mcp");
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toMatch(/Host no permitido/);
    const foreignOrigin = await post(ping, { Origin: "http://evil.example.com" });
    expect(foreignOrigin.status).toBe(403);
    expect((await post(ping, { Origin: "null" })).status).toBe(403);

    resetConfig({ PUBLIC_URL: "https://directorio.example.pa" });
    for (const url of ["https://directorio.example.pa/mcp", "http://127.0.0.1:3000/mcp", "http://localhost:8080/mcp"]) {
      const ok = await post(ping, { Origin: new URL(url).origin }, url);
      expect(ok.status, url).toBe(200);
      expect((await rpcOf(ok)).result).toEqual({});
    }
    expect((await post(ping, {}, "http://localhost.evil.example.com/mcp")).status).toBe(403);
    resetConfig({ PUBLIC_URL: "http://localhost:3000" });
  });

  it("past API_RATE_LIMIT requests a minute from one address answers 429 with Retry-After and a Spanish message", async () => {
    resetConfig({ API_RATE_LIMIT: "3" });
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(ping, {}, undefined, "192.0.2.77")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post(ping, {}, undefined, "192.0.2.77");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/Demasiadas solicitudes: máximo 3 por minuto/);
    // Another address is counted apart.
    expect((await post(ping, {}, undefined, "192.0.2.78")).status).toBe(200);
    resetConfig({ API_RATE_LIMIT: undefined });
  });

  it("answers bad requests with a 4xx or a JSON-RPC error, never a 500", async () => {
    const notJson = await post("esto no es JSON");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);

    const plain = await viaRoute("203.0.113.51")(`${ORIGIN}/mcp`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "text/plain" },
    });
    expect(plain.status).toBe(415);

    expect((await viaRoute("203.0.113.51")(`${ORIGIN}/mcp`, { method: "GET" })).status).toBe(405);

    const unknownTool = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "borrar", arguments: {} } }),
    );
    expect(unknownTool.status).toBeLessThan(500);
    expect((await rpcOf(unknownTool)).error.code).toBe(-32602);

    const unknownMethod = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "prompts/list" }));
    expect((await rpcOf(unknownMethod)).error.code).toBe(-32601);

    // No MCP-Protocol-Version header and no _meta: served as the oldest revision, not an error.
    const versionless = await post(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }));
    expect(versionless.status).toBe(200);
    expect((await rpcOf(versionless)).result.tools).toHaveLength(5);

    const unsupported = await post(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list" }), {
      "MCP-Protocol-Version": "1999-01-01",
    });
    expect(unsupported.status).toBe(400);

    const badArguments = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "buscar", arguments: "q" } }),
    );
    expect(badArguments.status).toBeLessThan(500);
    expect((await rpcOf(badArguments)).error.code).toBe(-32602);
  });
});
