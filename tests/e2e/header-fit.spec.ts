/**
 * The site header fits at every width, for a visitor, a member and an admin: no word of a link,
 * button or badge wraps onto a second line, no two items overlap, nothing runs off the side. The
 * admin's header is the widest (ADMIN badge, 'Dashboard Admin', 'Mi Cuenta'). A classic scrollbar
 * takes its width from the page but not from the media queries (a 1280px window lays out 1263px at
 * xl), so each desktop width is checked again with a 17px gutter standing in for one (headless
 * Chromium's scrollbars take no room; phones' scrollbars take none either).
 */
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE, makeUser } from "./fixtures";

const WIDTHS = [320, 390, 768, 1023, 1024, 1180, 1240, 1265, 1279, 1280, 1440, 1920];

type Fit = { wrapped: string[]; overlaps: string[]; overflow: string[] };

const SCROLLBAR = 17;

/** What does not fit in the header at the page's current width, less `gutter` px on the right. */
function headerFit(page: Page, gutter: number): Promise<Fit> {
  return page.getByRole("banner").evaluate((header, gutter) => {
    document.documentElement.style.paddingRight = `${gutter}px`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const name = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim() || el.getAttribute("aria-label") || el.tagName;
    // Items: the links, buttons and menu triggers, and any other element that shows text of its own (the ADMIN badge).
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    const candidates = [...header.querySelectorAll("a, button, summary, span, p")].filter(
      (el) => visible(el) && (el.matches("a, button, summary") || ownText(el)),
    );
    const items = candidates.filter((el) => !candidates.some((other) => other !== el && other.contains(el)));

    const wrapped: string[] = [];
    for (const el of items) {
      // One line of text: every line box of its shown text shares (about) the same vertical middle.
      // Text for screen readers only (a 1px clipped box) is not shown, so it cannot wrap on screen.
      const middles: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent!.trim() || node.parentElement!.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) middles.push(r.top + r.height / 2);
      }
      if (middles.length && Math.max(...middles) - Math.min(...middles) > 4) wrapped.push(name(el));
    }

    const overlaps: string[] = [];
    const boxes = items.map((el) => ({ el, r: el.getBoundingClientRect() }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r;
        const b = boxes[j]!.r;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 0.5 && y > 0.5) overlaps.push(`${name(boxes[i]!.el)} × ${name(boxes[j]!.el)}`);
      }

    // Inside the bar's padding, which is the page's margin: an item in it has run out of room.
    const overflow: string[] = [];
    const bar = header.firstElementChild!;
    const box = bar.getBoundingClientRect();
    const style = getComputedStyle(bar);
    const left = box.left + Number.parseFloat(style.paddingLeft);
    const right = Math.min(box.right - Number.parseFloat(style.paddingRight), document.documentElement.clientWidth - gutter);
    for (const { el, r } of boxes) if (r.left < left - 0.5 || r.right > right + 0.5) overflow.push(name(el));
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth) overflow.push(`page ${page.scrollWidth}px > ${page.clientWidth}px`);
    if (bar.scrollWidth > bar.clientWidth) overflow.push(`header ${bar.scrollWidth}px > ${bar.clientWidth}px`);
    return { wrapped, overlaps, overflow };
  }, gutter);
}

/** Checks every width (and, from a desktop window's width, again with a scrollbar); reports them all at once. */
async function expectHeaderFits(page: Page, who: string) {
  const failures: Record<string, Fit> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const gutter of width >= 768 ? [0, SCROLLBAR] : [0]) {
      const fit = await headerFit(page, gutter);
      if (fit.wrapped.length || fit.overlaps.length || fit.overflow.length)
        failures[`${width}px${gutter ? " with a scrollbar" : ""}`] = fit;
    }
  }
  expect(failures, `${who}: what does not fit`).toEqual({});
}

test("a visitor's header fits at every width", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión / App" }).first()).toBeAttached();
  await expectHeaderFits(page, "visitor");
});

test("a member's header fits at every width", async ({ page }) => {
  await makeUser(page, "cabecera");
  await expectHeaderFits(page, "member");
});

test.describe("an admin", () => {
  test.use({ storageState: ADMIN_STATE });
  test("the admin's header fits at every width, on the site and in the admin area", async ({ page }) => {
    for (const path of ["/", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("banner").getByText("Mi Cuenta", { exact: true }).first()).toBeAttached();
      await expectHeaderFits(page, `admin on ${path}`);
    }
  });
});
