/**
 * Public XSS corpora (tests/fixtures/xss) through the editor's action and the writing API, then the
 * articles rendered in Chromium: 0 dialogs, 0 requests to other origins (except the http(s) images the
 * allowlist keeps on purpose, docs/decisions/033), and no dangerous markup in the rendered article.
 */
import { expect, test, type Page } from "@playwright/test";
import { forbiddenIn, loadXssCorpus } from "../fixtures/xss/corpus";
import { makeUser } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const corpus = loadXssCorpus();

/** Vectors grouped so that each article stays well under the content limit. */
function chunks(max = 40_000): string[] {
  const out: string[] = [];
  let current = "";
  for (const v of corpus) {
    const piece = `<p>${v.source}: ${v.title.replace(/[<>&]/g, "")}</p>\n${v.payload}\n`;
    if (current.length + piece.length > max) {
      out.push(current);
      current = "";
    }
    current += piece;
  }
  if (current) out.push(current);
  return out;
}

async function renderAndCheck(page: Page, path: string, origin: string) {
  const dialogs: string[] = [];
  const outside: { url: string; type: string }[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    outside.push({ url, type: route.request().resourceType() });
    return route.abort();
  });
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  const body = page.locator(".prose-content");
  await expect(body).toBeVisible();
  // Move over and focus everything in the article, so that handlers needing interaction would fire.
  await body.hover();
  await page.keyboard.press("Tab");
  const html = await body.innerHTML();
  expect(forbiddenIn(html)).toEqual([]);
  // The hostile title is also in the head's JSON-LD: escaped there, the block still parses whole.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.headline).toBe((await page.locator("h1").textContent())!.trim());
  const keptImages = await body.locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  await page.waitForLoadState("networkidle");
  const unexpected = outside.filter((r) => !(r.type === "image" && keptImages.includes(r.url)));
  expect(unexpected).toEqual([]);
  expect(dialogs).toEqual([]);
  await page.unroute("**/*");
}

test("hostile HTML never runs: editor action and API", async ({ page, baseURL }) => {
  await makeUser(page, "xss");
  await page.goto("/profile");
  await page.getByLabel("Nombre del token").fill("xss");
  await page.getByRole("button", { name: "Crear token" }).click();
  const token = ((await page.getByTestId("new-token").textContent()) ?? "").trim();
  expect(token).toMatch(/^pvb_/);

  const paths: string[] = [];
  for (const [i, content] of chunks().entries()) {
    // The editor's action, as the browser's form would post it.
    const viaForm = await page.request.post("/write-blog", {
      form: {
        title: `<script>alert(1)</script> XSS ${i}`,
        excerpt: "<img src=x onerror=alert(1)>",
        content,
        category: "IA",
        tags: "<svg onload=alert(1)>,<b>t</b>",
        image_url: "",
        intent: "publish",
      },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(viaForm.status()).toBe(302);
    paths.push(new URL(viaForm.headers().location!, baseURL).pathname);
    // The writing API.
    const viaApi = await page.request.post("/api/blogs", {
      data: {
        title: `"><img src=x onerror=alert(1)> API ${i}`,
        excerpt: "<script>alert(1)</script>",
        content,
        category: "IA",
        tags: ["<img src=x onerror=alert(1)>"],
        is_published: true,
      },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(viaApi.status()).toBe(201);
    paths.push(new URL((await viaApi.json()).url).pathname);
  }
  expect(paths.length).toBeGreaterThanOrEqual(4);

  for (const path of paths) await renderAndCheck(page, path, new URL(baseURL!).origin);

  // Titles, excerpts and tags are plain text on the list too.
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto("/blog?q=xss");
  await expect(page.getByRole("heading", { name: /<script>alert\(1\)<\/script> XSS/ }).first()).toBeVisible();
  await page.goto("/blog?q=api");
  await expect(page.getByText("<img src=x onerror=alert(1)>").first()).toBeVisible();
  expect(dialogs).toEqual([]);
});
