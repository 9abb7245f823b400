/**
 * Counted contact taps in Chromium with JavaScript off, at 1280 and 390 px (decision 099): on an entry
 * page WhatsApp, «Cómo llegar» and «Sitio web» open the directory's /ir/ path, which redirects to the
 * stored target (the tabs end at wa.me, Google Maps and the entry's own site), and «Llamar» keeps its
 * tel: link and is counted by its ping; on a card the same for WhatsApp and the phone. The server is
 * this spec's own: its database is read before and after (with the server stopped), and each width,
 * another visitor, adds exactly one tap per action and entry, however often it taps.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { PGLITE_EXTENSIONS } from "../../app/server/platform/pglite-extensions.server.mjs";
import { freePort } from "../setup/free-port";
import { type AppServer, startAppServer } from "./app-server";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.VIS_SHOTS_DIR;
const WIDTHS = [
  {
    width: 1280,
    height: 900,
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  },
  {
    width: 390,
    height: 844,
    ua: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  },
];

type Entry = { id: string; slug: string; provincia: string; website: string; nombre: string };
type Counts = Record<string, number>;

let tmp: string;
let dataDir: string;
let port: number;
let app: AppServer | undefined;
let entry: Entry;
let card: { id: string } | undefined;
let before: Counts;

async function withDb<T>(read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** Every tap counted today, as 'listing:action' -> count (the demo seeds counts of its own). */
const taps = () =>
  withDb(async (db) => {
    const { rows } = await db.query<{ k: string; count: number }>(
      `select listing_id::text || ':' || action as k, count from visibility_actions
        where day = (now() at time zone 'America/Panama')::date`,
    );
    return Object.fromEntries(rows.map((r) => [r.k, r.count]));
  });

const start = () =>
  startAppServer(port, { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: "1", API_RATE_LIMIT: "1000" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-taps-"));
  dataDir = path.join(tmp, "data");
  port = await freePort();
  // A first start seeds the demo; stopped, its database tells the entry and the counts before.
  app = await start();
  await app.stop();
  entry = await withDb(async (db) => {
    const { rows } = await db.query<Entry>(
      `select id::text as id, slug, provincia, website_url as website, nombre from restaurants
        where is_active and website_url like 'https://%' and telefono like '+507 6%' order by created_at desc limit 1`,
    );
    return rows[0]!;
  });
  before = await taps();
  app = await start();
});

test.afterAll(async () => {
  await app?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A context without JavaScript whose tabs to other sites end at a stand-in page (no network here). */
async function visitor(browser: Browser, w: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: w.width, height: w.height },
    userAgent: w.ua,
    baseURL: `http://127.0.0.1:${port}`,
  });
  await context.route(/^https:\/\/(wa\.me|www\.google\.com|example\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>destino</title>" }),
  );
  return context;
}

/** Clicks a link that opens a new tab and returns where the tab ended, after our redirect. */
async function tabOf(context: BrowserContext, link: Locator): Promise<string> {
  await expect(link).toHaveAttribute("href", /^\/ir\//);
  await expect(link).toHaveAttribute("rel", /nofollow/);
  const opened = context.waitForEvent("page");
  await link.click();
  const tab = await opened;
  await tab.waitForURL(/^https:\/\//);
  const url = tab.url();
  await tab.close();
  return url;
}

/** Clicks a call link: it stays tel:, and its ping reaches our /api/ir/ path. */
async function call(page: Page, link: Locator) {
  await expect(link).toHaveAttribute("href", /^tel:\+507/);
  const ping = await link.getAttribute("ping");
  // Absolute, as the HTML standard wants a ping: the site's own origin.
  expect(ping).toMatch(/^https?:\/\/[^/]+\/api\/ir\/llamada\//);
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(ping!));
  await link.click();
  await sent;
}

for (const w of WIDTHS) {
  test(`taps on an entry page and a card without JavaScript at ${w.width} px go to their targets`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await visitor(browser, w);
    let page = await context.newPage();
    await page.goto(`/restaurante/${entry.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: entry.nombre })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/entry-${w.width}.png`, fullPage: true });

    const wide = w.width >= 1024;
    // The site's footer has the company's own WhatsApp: the entry's links are in the page's main part.
    const main = page.getByRole("main");
    const whatsapp = wide
      ? main.getByRole("link", { name: "Escribir por WhatsApp" })
      : main.getByRole("link", { name: "WhatsApp", exact: true });
    const phoneDigits = (await main.getByRole("link", { name: "Llamar" }).first().getAttribute("href"))!.replace(/\D/g, "");
    expect(await tabOf(context, whatsapp)).toMatch(new RegExp(`^https://wa\\.me/${phoneDigits}\\?text=`));
    // The same visitor again within the hour: the tab opens, the tap is not counted twice.
    expect(await tabOf(context, whatsapp)).toMatch(/^https:\/\/wa\.me\//);
    const directions = wide ? main.getByRole("link", { name: "Cómo llegar" }) : main.getByRole("link", { name: "Mapa", exact: true });
    expect(await tabOf(context, directions)).toMatch(/^https:\/\/www\.google\.com\/maps\//);
    expect(await tabOf(context, main.getByRole("link", { name: "Sitio web" }))).toBe(entry.website);
    // The call last: headless Chromium, with no app for tel:, opens no other tab from this one after it.
    await call(page, main.getByRole("link", { name: "Llamar" }).first());
    await expect(page).toHaveURL(new RegExp(`/restaurante/${entry.slug}$`));

    // A card of another entry of the province's page.
    await page.close();
    page = await context.newPage();
    await page.goto(`/restaurantes-${entry.provincia}`);
    const cards = page.getByTestId("listing-card").filter({ has: page.getByRole("link", { name: "Escribir por WhatsApp" }) });
    const first = cards.filter({ hasNot: page.getByRole("link", { name: entry.nombre, exact: true }) }).first();
    await first.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cards-${w.width}.png` });
    const cardWhatsapp = first.getByRole("link", { name: "Escribir por WhatsApp" });
    const cardId = (await cardWhatsapp.getAttribute("href"))!.split("/").pop()!;
    if (card) expect(cardId).toBe(card.id);
    card = { id: cardId };
    expect(await tabOf(context, cardWhatsapp)).toMatch(/^https:\/\/wa\.me\/507/);
    await call(page, first.getByRole("link", { name: /^\+507/ }));
    await context.close();
  });
}

test("an unknown contact link is the Spanish 404, not indexed", async ({ browser }) => {
  const context = await visitor(browser, WIDTHS[1]!);
  const page = await context.newPage();
  const res = await page.goto(`/ir/fax/restaurante/${entry.id}`);
  expect(res!.status()).toBe(404);
  expect(res!.headers()["x-robots-tag"]).toMatch(/noindex/);
  await expect(page.getByRole("heading", { name: "Enlace no disponible" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/not-found-390.png` });
  await context.close();
});

test("each width's visitor counted one tap per action and entry", async () => {
  test.setTimeout(60_000);
  await app!.stop();
  app = undefined;
  const after = await taps();
  const added = (id: string, action: string) => (after[`${id}:${action}`] ?? 0) - (before[`${id}:${action}`] ?? 0);
  for (const action of ["whatsapp", "direcciones", "sitio_web", "llamada"]) expect(added(entry.id, action), action).toBe(WIDTHS.length);
  expect(added(card!.id, "whatsapp")).toBe(WIDTHS.length);
  expect(added(card!.id, "llamada")).toBe(WIDTHS.length);
  expect(added(card!.id, "direcciones")).toBe(0);
});
