/**
 * Fuzzing the machine interfaces (fast-check, seeded; values from tests/setup/fuzz.ts): the public
 * API's query strings and paths, the writing API's JSON, better-auth's own JSON endpoints, the
 * Stripe webhook, the Google search endpoint, the MCP tools through the official client and raw
 * JSON-RPC at /mcp, and every loader of app/routes.ts with hostile query strings and parameters.
 * No answer may be a server error (an MCP tool answers isError instead), and every stored row must
 * still pass the schema that let it in.
 */
import { SEARCH_PARAMS } from "~/server/machine/api-v1.server";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import * as authApi from "~/routes/api/auth";
import * as blogsApi from "~/routes/api/blogs";
import * as checkSubscription from "~/routes/api/check-subscription";
import * as googleSearch from "~/routes/api/google-business-profile";
import * as mcp from "~/routes/api/mcp";
import * as stripeWebhook from "~/routes/api/stripe-webhook";
import * as buscar from "~/routes/api/v1/buscar";
import * as catalogo from "~/routes/api/v1/catalogo";
import * as entry from "~/routes/api/v1/entry";
import * as apiNotFound from "~/routes/api/v1/not-found";
import * as openapi from "~/routes/api/v1/openapi";
import { catalogSchema, errorBodySchema, searchAnswerSchema } from "~/schemas/directory-answer";
import { createApiToken } from "~/server/models/api-tokens.server";
import { seedDemo } from "~/server/seed/seed.server";
import { makeUser, type SignedInUser } from "../setup/factories";
import {
  expectUnpolluted,
  FUZZ_SEED,
  hostileJson,
  hostileKey,
  hostileObject,
  hostileString,
  POLLUTION_KEYS,
  prototypeSnapshot,
  segment,
  storedRowProblems,
} from "../setup/fuzz";
import { call, ORIGIN, resetConfig, routeArgs } from "../setup/route";

const RUNS = 60;
const options = { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true };

let ipSeq = 0;
const nextIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
/** Header values carry visible ASCII only: fetch refuses anything else before a server sees it. */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e]/g, "").slice(0, 4000);

let user: SignedInUser;
let admin: SignedInUser;
let tokens: string[] = [];
let snapshot: string[];

beforeAll(async () => {
  resetConfig({
    API_RATE_LIMIT: "1000000",
    STRIPE_SECRET_KEY: "sk_test_fuzz",
    STRIPE_WEBHOOK_SECRET: "whsec_fuzz",
    STRIPE_PRICE_ID: "price_fuzz",
  });
  await seedDemo();
  user = await makeUser({ signedIn: true, name: "Usuaria API" });
  admin = await makeUser({ signedIn: true, name: "Admin API", admin: true });
  // The writing API allows 30 requests a minute per token: enough tokens for every run.
  tokens = [];
  for (let i = 0; i < Math.ceil((RUNS * 2) / 30) + 1; i++) tokens.push((await createApiToken(user.id, `fuzz ${i}`)).token);
  snapshot = prototypeSnapshot();
});

afterAll(() => {
  resetConfig({ API_RATE_LIMIT: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PRICE_ID: undefined });
});

/** Fails with the request and the error when the answer is a server error or a redirect off the site. */
function expectNoServerError(res: { status: number; data: unknown; location: string | null }, what: string) {
  expect(res.status >= 500 ? res.data : null, what).toBeNull();
  expect(res.status, what).toBeLessThan(500);
  // Read as a browser reads a Location (tabs and line breaks dropped).
  if (res.location) expect(new URL(res.location, ORIGIN).origin, what).toBe(ORIGIN);
}

/** Query-string pairs: the API's own parameters (and unknown ones) with hostile values, keys repeated now and then. */
const API_PARAMS = [...SEARCH_PARAMS, "formato"];
const queryPairs = fc.array(
  fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...API_PARAMS), weight: 4 }, { arbitrary: hostileKey, weight: 1 }), hostileString),
  { maxLength: 6 },
);
/** Raw pieces no URLSearchParams would write: broken percent-encoding, encoded NUL and surrogates. */
const rawQuery = fc.constantFrom(
  "",
  "&%",
  "&q=%zz",
  "&q=%FF%FE",
  "&q=%ED%A0%80",
  "&q=%00",
  "&q=%C0%AF",
  "&&&=&=",
  "&q[]=a&q[]=b",
  "&__proto__[x]=1",
);

function queryString(pairs: [string, string][], raw: string) {
  return new URLSearchParams(pairs).toString() + raw;
}

describe("the public API (/api/v1) with hostile query strings and paths", () => {
  const readRoutes = [
    ["/api/v1/buscar", buscar.loader, searchAnswerSchema],
    ["/api/v1/catalogo", catalogo.loader, catalogSchema],
    ["/api/v1/openapi.json", openapi.loader, null],
  ] as const;
  for (const [pathname, loader, contract] of readRoutes) {
    it(`GET ${pathname}`, async () => {
      await fc.assert(
        fc.asyncProperty(queryPairs, rawQuery, fc.option(hostileString), async (pairs, raw, etag) => {
          const headers: Record<string, string> = {};
          if (etag !== null) headers["If-None-Match"] = headerSafe(etag);
          const request = new Request(`${ORIGIN}${pathname}?${queryString(pairs, raw)}`, { headers });
          const res = await call(loader, request, { ip: nextIp() });
          const what = `${pathname}?${queryString(pairs, raw).slice(0, 300)}`;
          expectNoServerError(res, what);
          expect([200, 304, 400], what).toContain(res.status);
          // Refusals are Spanish and name their parameter, as the contract says.
          if (res.status === 400) expect(errorBodySchema.safeParse(res.data).error, what).toBeUndefined();
          // Every answer is the contract's, whatever was asked.
          if (res.status === 200 && contract) expect(contract.safeParse(res.data).error, what).toBeUndefined();
          expectUnpolluted(snapshot);
        }),
        options,
      );
    });
  }

  it("GET /api/v1/{restaurantes,negocios}/{slug} and unknown paths", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("restaurantes", "negocios"), hostileString, queryPairs, async (tipo, slug, pairs) => {
        const url = `${ORIGIN}/api/v1/${tipo}/${segment(slug)}?${queryString(pairs, "")}`;
        const found = await call(entry.loader, new Request(url), { ip: nextIp(), params: { slug } });
        expectNoServerError(found, url);
        expect([200, 304, 400, 404], url).toContain(found.status);
        const unknown = await call(apiNotFound.loader, new Request(`${ORIGIN}/api/v1/${segment(slug)}`), { params: { "*": slug } });
        expect(unknown.status).toBe(404);
      }),
      options,
    );
  });
});

describe("the writing API (POST /api/blogs) with hostile JSON", () => {
  const article = fc.record(
    {
      title: fc.oneof(hostileString, hostileJson),
      excerpt: fc.oneof(hostileString, hostileJson),
      content: fc.oneof(hostileString, hostileJson),
      category: fc.oneof(fc.constantFrom("Turismo", "IA", "turismo", ""), hostileJson),
      tags: fc.oneof(fc.array(hostileString, { maxLength: 12 }), hostileString, hostileJson),
      image_url: fc.oneof(fc.constantFrom("https://imagen.test/a.png", "javascript:alert(1)"), hostileJson),
      is_published: fc.oneof(fc.boolean(), hostileJson),
      author_id: fc.constant(admin?.id ?? "otro"),
    },
    { requiredKeys: [] },
  );
  /** A valid article with one field made hostile, so that most requests get past the first check. */
  const nearlyValid = fc
    .tuple(fc.constantFrom("title", "excerpt", "content", "tags", "image_url", "category"), fc.oneof(hostileString, hostileJson))
    .map(([key, value]) => ({
      title: "Artículo",
      excerpt: "Resumen",
      content: "<p>Texto</p>",
      category: "IA",
      tags: ["a", "b"],
      is_published: true,
      [key]: value,
    }));
  const body = fc.oneof(
    nearlyValid.map((o) => JSON.stringify(o)),
    article.map((o) => JSON.stringify(o)),
    hostileJson.map((v) => JSON.stringify(v) ?? "null"),
    fc.constantFrom(...POLLUTION_KEYS.map((k) => `{"${k}":{"polluted":1},"title":"x","excerpt":"y","content":"z"}`)),
    hostileString,
  );

  it("answers 201, 400, 413 or 429, never a server error", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const token = tokens[Math.floor(n++ / 25) % tokens.length]!;
        const request = new Request(`${ORIGIN}/api/blogs`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: text,
        });
        const res = await call(blogsApi.action, request);
        const what = text.slice(0, 300);
        expectNoServerError(res, what);
        expect([201, 400, 413, 429], what).toContain(res.status);
        expectUnpolluted(snapshot);
      }),
      options,
    );
  });
});

describe("better-auth's own endpoints (/api/auth/*) with hostile JSON", () => {
  // A valid body of each, made hostile field by field; signed in where the endpoint needs it. Not
  // the endpoints that end the fuzzing user's sessions: the next runs need them.
  const endpoints: Record<string, { signedIn: boolean; runs?: number; body: Record<string, unknown> }> = {
    "sign-up/email": { signedIn: false, body: { name: "Nueva Persona", email: "nueva@ejemplo.test", password: "clave-segura-123" } },
    "sign-in/email": { signedIn: false, body: { email: "nueva@ejemplo.test", password: "clave-segura-123", rememberMe: true } },
    "request-password-reset": { signedIn: false, body: { email: "nueva@ejemplo.test", redirectTo: "/auth/nueva-contrasena" } },
    "reset-password": { signedIn: false, body: { token: "token-falso", newPassword: "clave-segura-456" } },
    "update-user": { signedIn: true, body: { name: "Otro Nombre", image: null } },
    "change-email": { signedIn: true, body: { newEmail: "otra@ejemplo.test", callbackURL: "/profile" } },
    // Each run checks a password hash: fewer runs keep it to a few seconds.
    "change-password": { signedIn: true, runs: 10, body: { currentPassword: "clave-segura-123", newPassword: "clave-segura-789" } },
    "revoke-session": { signedIn: true, body: { token: "token-ajeno" } },
  };
  for (const [endpoint, spec] of Object.entries(endpoints)) {
    it(`POST /api/auth/${endpoint}: never a server error`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ arbitrary: hostileObject(spec.body), weight: 4 }, { arbitrary: hostileJson, weight: 1 }),
          async (json) => {
            const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "application/json", "X-Forwarded-For": nextIp() };
            if (spec.signedIn) headers.Cookie = user.cookie;
            const body = JSON.stringify(json) ?? "null";
            const res = await call(authApi.action, new Request(`${ORIGIN}/api/auth/${endpoint}`, { method: "POST", headers, body }));
            expectNoServerError(res, `${endpoint} ${body.slice(0, 300)}`);
            expectUnpolluted(snapshot);
          },
        ),
        // Besides the random runs: every field a NUL, which PostgreSQL refuses in text.
        { ...options, numRuns: spec.runs ?? 30, examples: [[Object.fromEntries(Object.keys(spec.body).map((k) => [k, "\u0000"]))]] },
      );
    });
  }

  it("GET endpoints with hostile query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("get-session", "verify-email", "reset-password/x", "list-sessions"),
        queryPairs,
        async (endpoint, pairs) => {
          const url = `${ORIGIN}/api/auth/${endpoint}?${queryString(pairs, "")}`;
          const res = await call(authApi.loader, new Request(url, { headers: { Cookie: user.cookie, "X-Forwarded-For": nextIp() } }));
          expectNoServerError(res, url);
        },
      ),
      options,
    );
  });
});

describe("the other JSON endpoints", () => {
  it("POST /api/stripe/webhook: a forged event is refused, never a server error", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, fc.option(hostileString), async (json, signature) => {
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (signature !== null) headers["Stripe-Signature"] = headerSafe(signature);
        const request = new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: JSON.stringify(json) ?? "" });
        const res = await call(stripeWebhook.action, request);
        expectNoServerError(res, JSON.stringify(json)?.slice(0, 300) ?? "");
        expect(res.status).toBe(400);
      }),
      options,
    );
  });

  it("POST /api/google-business-profile as an admin", async () => {
    const body = fc.oneof(
      fc.record(
        { query: fc.oneof(hostileString, hostileJson), location: fc.oneof(hostileString, hostileJson), offset: hostileJson },
        { requiredKeys: [] },
      ),
      hostileJson,
    );
    await fc.assert(
      fc.asyncProperty(body, async (json) => {
        const request = new Request(`${ORIGIN}/api/google-business-profile`, {
          method: "POST",
          headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify(json) ?? "",
        });
        const res = await call(googleSearch.action, request);
        expectNoServerError(res, JSON.stringify(json)?.slice(0, 300) ?? "");
        expectUnpolluted(snapshot);
      }),
      options,
    );
  });

  it("GET /api/check-subscription with hostile Authorization headers", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (value) => {
        const auth = headerSafe(value);
        for (const header of [auth, `Bearer ${auth}`, `Bearer pvb_${auth}`]) {
          const res = await call(
            checkSubscription.loader,
            new Request(`${ORIGIN}/api/check-subscription`, { headers: { Authorization: header } }),
          );
          expectNoServerError(res, header.slice(0, 200));
          expect([200, 401]).toContain(res.status);
        }
      }),
      options,
    );
  });
});

describe("the MCP server (/mcp)", () => {
  /** A fetch that hands the request to the route module, as React Router would. */
  const viaRoute = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const args = routeArgs(request, { ip: nextIp() }) as never;
    return request.method === "GET" || request.method === "HEAD" ? mcp.loader(args) : mcp.action(args);
  };
  let client: Client;
  let tools: Awaited<ReturnType<Client["listTools"]>>["tools"];

  beforeAll(async () => {
    client = new Client({ name: "fuzz", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch: viaRoute }));
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
  });

  it("every tool answers hostile arguments with a result (isError for refusals), never a protocol failure", async () => {
    expect(tools.length).toBeGreaterThan(0);
    const args = fc.constantFrom(...tools).chain((tool) =>
      fc.tuple(
        fc.constant(tool.name),
        fc.dictionary(
          // Its own argument names mostly (a tool without arguments gets strangers only).
          Object.keys(tool.inputSchema.properties ?? {}).length
            ? fc.oneof(
                { arbitrary: fc.constantFrom(...Object.keys(tool.inputSchema.properties ?? {})), weight: 4 },
                { arbitrary: hostileKey, weight: 1 },
              )
            : hostileKey,
          hostileJson,
          { maxKeys: 5 },
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(args, async ([name, toolArgs]) => {
        const what = `${name} ${JSON.stringify(toolArgs).slice(0, 300)}`;
        const result = await client.callTool({ name, arguments: toolArgs });
        const content = result.content as { type: string; text?: string }[];
        expect(content.length, what).toBeGreaterThan(0);
        if (result.isError) expect(content[0]!.text, what).toMatch(/\S/);
        else expect(result.structuredContent, what).toBeTruthy();
        expectUnpolluted(snapshot);
      }),
      options,
    );
  });

  it("raw JSON-RPC bodies are answered with a JSON-RPC error, never a server error", async () => {
    const message = fc.oneof(
      fc.record(
        {
          jsonrpc: fc.oneof(fc.constant("2.0"), hostileJson),
          id: hostileJson,
          method: fc.oneof(fc.constantFrom("tools/call", "tools/list", "initialize", "ping"), hostileString),
          params: hostileJson,
        },
        { requiredKeys: [] },
      ),
      hostileJson,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          message.map((m) => JSON.stringify(m) ?? ""),
          hostileString,
        ),
        async (body) => {
          const request = new Request(`${ORIGIN}/mcp`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Accept: "application/json, text/event-stream",
              "MCP-Protocol-Version": "2026-07-28",
            },
            body,
          });
          const res = await call(mcp.action, request, { ip: nextIp() });
          expectNoServerError(res, body.slice(0, 300));
          expectUnpolluted(snapshot);
        },
      ),
      options,
    );
  });
});

type ConfigEntry = { id?: string; file: string; path?: string; children?: ConfigEntry[] };
const flatten = (list: ConfigEntry[]): ConfigEntry[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const loaders: { id: string; path: string; loader: (args: unknown) => unknown }[] = [];
for (const r of flatten(routes as ConfigEntry[])) {
  const mod = (await import(/* @vite-ignore */ path.resolve("app", r.file))) as { loader?: (args: unknown) => unknown };
  if (mod.loader) loaders.push({ id: r.id ?? r.file.replace(/\.[^.]+$/, ""), path: `/${r.path ?? ""}`, loader: mod.loader });
}

describe("every loader of app/routes.ts with hostile query strings and parameters", () => {
  it("finds the loaders", () => {
    expect(loaders.length).toBeGreaterThan(40);
  });

  for (const route of loaders) {
    it(`${route.id} (GET ${route.path})`, async () => {
      const keys = [...route.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: keys.length, maxLength: keys.length }),
          queryPairs,
          fc.constantFrom<"visitor" | "user" | "admin">("visitor", "user", "admin"),
          async (values, pairs, who) => {
            const params = Object.fromEntries(keys.map((k, i) => [k, values[i]!]));
            let n = 0;
            const pathname = route.path.replace(/:(\w+)|\*/g, () => segment(values[n++]!));
            const url = `${ORIGIN}${pathname}?${queryString(pairs, "")}`;
            const cookie = who === "user" ? user.cookie : who === "admin" ? admin.cookie : undefined;
            const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
            const res = await call(route.loader, request, { params, ip: nextIp() });
            expectNoServerError(res, `${who} ${url.slice(0, 300)}`);
          },
        ),
        { ...options, numRuns: 12 },
      );
    });
  }

  it("every row stored on the way passes the schema that let it in", async () => {
    expect(await storedRowProblems()).toEqual([]);
  });
});
