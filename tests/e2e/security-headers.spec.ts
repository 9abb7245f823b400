/**
 * Security headers on every response of the production server, and the chat widget and chat frames
 * working under its Content-Security-Policy (decision 064). Each test starts a server of its own: one
 * that believes it is behind HTTPS (HSTS) with third-party chats configured, one whose chats are a
 * local stand-in on another site, loaded in Chromium.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../setup/free-port";
import { type AppServer, parseCsp, startAppServer, startStandIn } from "./app-server";

test.describe.configure({ mode: "serial" });

const ONE_YEAR = 365 * 24 * 60 * 60;

type Answer = { label: string; status: number; headers: Headers };

/** The headers every answer carries, whatever it is. */
function expectBaseline({ label, headers }: Answer) {
  const hsts = headers.get("strict-transport-security") ?? "";
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${label}: HSTS max-age`).toBeGreaterThanOrEqual(ONE_YEAR);
  expect(hsts, `${label}: HSTS`).toMatch(/includeSubDomains/i);
  expect(headers.get("x-content-type-options"), `${label}: nosniff`).toBe("nosniff");
  expect(headers.get("referrer-policy"), `${label}: Referrer-Policy`).toBe("same-origin");
  const csp = parseCsp(headers.get("content-security-policy"));
  expect(csp.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("base-uri"), `${label}: base-uri`).toEqual(["'none'"]);
  expect(headers.get("x-powered-by"), `${label}: X-Powered-By`).toBeNull();
}

/** The page policy: scripts only from here (by nonce or hash) and the widget, frames only the chats. */
function expectPagePolicy(answer: Answer, frames: string[], widget: string) {
  expectBaseline(answer);
  const { label, headers } = answer;
  const csp = parseCsp(headers.get("content-security-policy"));
  expect(csp.get("default-src"), label).toEqual(["'self'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  const scripts = csp.get("script-src") ?? [];
  expect(scripts, label).toContain("'self'");
  expect(scripts, label).toContain(widget);
  for (const source of scripts) {
    expect(source, `${label}: script source`).toMatch(
      /^(?:'self'|'nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+')$|^https:\/\/widget\.example$/,
    );
  }
  expect([...(csp.get("frame-src") ?? [])].sort(), `${label}: frame-src`).toEqual([...frames].sort());
  expect(csp.has("upgrade-insecure-requests"), `${label}: upgrade-insecure-requests`).toBe(true);
  expect(headers.get("x-frame-options"), label).toBe("DENY");
}

test.describe("every response", () => {
  let app: AppServer;
  let dataDir: string;
  let base: string;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-headers-"));
    // Behind a TLS proxy in production: PUBLIC_URL says https, the proxy speaks plain HTTP to us.
    app = await startAppServer(port, {
      DATA_DIR: dataDir,
      PUBLIC_URL: `https://localhost:${port}`,
      CHAT_URL_AMY: "https://chat.example/amy",
      CHAT_URL_ROGER: "https://chat.example/roger?lang=es",
      CHAT_URL_YODDA: "https://yodda.example/embed",
      CHAT_WIDGET_SRC: "https://widget.example/loader.js",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("pages, errors, the API, /mcp, files and cached pages carry the page policy; /healthz and assets the short set", async () => {
    const frames = ["https://chat.example", "https://yodda.example", "https://widget.example"];
    const call = async (label: string, pathname: string, init: RequestInit = {}): Promise<Answer> => {
      const res = await fetch(`${base}${pathname}`, { redirect: "manual", ...init });
      await res.arrayBuffer();
      return { label, status: res.status, headers: res.headers };
    };

    const health = await call("healthz", "/healthz");
    expect(health.status).toBe(200);
    expectBaseline(health);
    expect(parseCsp(health.headers.get("content-security-policy")).get("default-src")).toEqual(["'none'"]);

    const html = await (await fetch(`${base}/auth`)).text();
    for (const asset of [html.match(/\/assets\/[\w.-]+\.js/)![0], html.match(/\/assets\/[\w.-]+\.css/)![0]]) {
      const answer = await call(`asset ${asset}`, asset, { headers: { "Accept-Encoding": "br" } });
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get("cache-control"), asset).toContain("immutable");
      expectBaseline(answer);
      expect(parseCsp(answer.headers.get("content-security-policy")).get("default-src"), asset).toEqual(["'none'"]);
    }

    const mcpInit = (method: string): RequestInit => ({
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: method === "POST" ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) : undefined,
    });
    const answers: [Answer, number][] = [
      [await call("home", "/"), 200],
      [await call("article list", "/blog"), 200],
      [await call("missing page", "/no-existe-esta-pagina"), 404],
      [await call("missing asset", "/assets/no-existe.js"), 404],
      [await call("malformed URL", "/%E0%A4%A"), 400],
      [
        await call("form of the wrong type", "/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
        415,
      ],
      [
        await call("forged form", "/contact", {
          method: "POST",
          headers: { Origin: "https://evil.example" },
          body: new URLSearchParams({ a: "b" }),
        }),
        403,
      ],
      [await call("action without a session", "/admin/leads", { method: "POST", body: new URLSearchParams({ id: "x" }) }), 302],
      [await call("API", "/api/v1/catalogo"), 200],
      [await call("API error", "/api/v1/restaurantes/no-existe"), 404],
      [await call("API unknown path", "/api/v1/nada"), 404],
      [await call("API method", "/api/v1/catalogo", { method: "DELETE" }), 405],
      [await call("OpenAPI", "/api/v1/openapi.json"), 200],
      [await call("MCP", "/mcp", mcpInit("POST")), 200],
      [await call("MCP GET", "/mcp", mcpInit("GET")), 405],
      [await call("public file", "/favicon.svg"), 200],
      [await call("robots.txt", "/robots.txt"), 200],
      [await call("sitemap", "/sitemap.xml"), 200],
      [await call("llms.txt", "/llms.txt"), 200],
      [await call("HEAD", "/about", { method: "HEAD" }), 200],
    ];
    for (const [answer, status] of answers) {
      expect(answer.status, answer.label).toBe(status);
      expectPagePolicy(answer, frames, "https://widget.example");
    }

    // A page from the in-process cache carries the stored policy, its inline scripts by hash.
    let cached: Answer | undefined;
    for (let i = 0; i < 3 && cached?.headers.get("x-page-cache") !== "HIT"; i++) cached = await call("cached page", "/services");
    expect(cached!.headers.get("x-page-cache")).toBe("HIT");
    expectPagePolicy(cached!, frames, "https://widget.example");
    expect(cached!.headers.get("content-security-policy")).toMatch(/'sha256-/);
    expect(cached!.headers.get("content-security-policy")).not.toMatch(/'nonce-/);
  });
});

test.describe("the chats under the policy", () => {
  let app: AppServer;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let dataDir: string;
  let base: string;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // A third party's widget: a script that adds its stylesheet, its own frame and a request to its
    // origin, as real chat widgets do; and the assistants' chat pages.
    standIn = await startStandIn({
      "/widget.js": {
        type: "text/javascript",
        body: `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = origin + "/widget.css";
  document.head.appendChild(css);
  var frame = document.createElement("iframe");
  frame.src = origin + "/widget-frame";
  frame.title = "Widget de chat";
  frame.id = "widget-de-chat";
  document.body.appendChild(frame);
  fetch(origin + "/widget-ping").then(function (r) { return r.text(); }).then(function (t) { document.body.dataset.widgetPing = t; });
  document.body.dataset.widget = "cargado";
})();`,
      },
      "/widget.css": { type: "text/css", body: "#widget-de-chat { outline: 3px solid rgb(255, 0, 0); }" },
      "/widget-frame": { type: "text/html", body: "<!doctype html><title>Widget</title><h1>Widget de chat</h1>" },
      "/widget-ping": { type: "text/plain", body: "pong", headers: { "Access-Control-Allow-Origin": "*" } },
      "/chat/yodda": { type: "text/html", body: "<!doctype html><title>Yodda</title><h1>Chat de Yodda (simulado)</h1>" },
    });
    const port = await freePort();
    // The app on localhost, the stand-in on 127.0.0.1: another site, as a real chat provider is.
    base = `http://localhost:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-chat-csp-"));
    app = await startAppServer(port, {
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      CHAT_URL_YODDA: `${standIn.origin}/chat/yodda`,
      CHAT_WIDGET_SRC: `${standIn.origin}/widget.js`,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await standIn?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the widget and Yodda's chat load with no CSP violation; inline scripts and other frames are refused", async ({ page }) => {
    const res = await fetch(`${base}/ai-solutions/yodda`);
    // Over plain HTTP (PUBLIC_URL http://) there is no HSTS to pin a developer's localhost.
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(parseCsp(res.headers.get("content-security-policy")).get("frame-src")).toEqual([standIn.origin]);

    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const consoleCsp: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

    await page.goto(`${base}/ai-solutions/yodda`);
    const chat = page.locator('iframe[title^="Chat con Yodda"]');
    await chat.scrollIntoViewIfNeeded();
    await expect(
      page.frameLocator('iframe[title^="Chat con Yodda"]').getByRole("heading", { name: "Chat de Yodda (simulado)" }),
    ).toBeVisible();
    // The widget ran (loaded after `load`, when idle), styled itself, framed its page and reached its origin.
    await expect(page.locator("body")).toHaveAttribute("data-widget", "cargado", { timeout: 15_000 });
    await expect(page.frameLocator("#widget-de-chat").getByRole("heading", { name: "Widget de chat" })).toBeVisible();
    await expect(page.locator("body")).toHaveAttribute("data-widget-ping", "pong");
    await expect(page.locator("#widget-de-chat")).toHaveCSS("outline-color", "rgb(255, 0, 0)");
    expect(standIn.hits).toEqual(expect.arrayContaining(["/widget.js", "/widget.css", "/widget-frame", "/widget-ping", "/chat/yodda"]));
    expect(await violations()).toEqual([]);
    expect(consoleCsp).toEqual([]);

    // The same policy refuses what it should, and the listener above sees it: an inline script
    // (no 'unsafe-inline') and a frame from a site that is not a configured chat.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true;";
      document.body.appendChild(script);
      const frame = document.createElement("iframe");
      frame.src = "https://not-a-chat.example/";
      document.body.appendChild(frame);
    });
    // (Chromium reports a blocked frame of another origin by its origin only.)
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining(["script-src-elem inline", expect.stringMatching(/^frame-src https:\/\/not-a-chat\.example/)]));
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  });
});
