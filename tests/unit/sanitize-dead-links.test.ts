/** A link whose target the sanitizer removes is no link any more: its text stays, without the <a>. */
import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "~/server/blog/sanitize.server";

describe("links without a usable target", () => {
  it.each([
    '<a href="javascript:alert(1)">mira esto</a>',
    '<a href=" JaVaScRiPt:alert(1)" title="t">mira esto</a>',
    '<a href="data:text/html,x">mira esto</a>',
    "<a>mira esto</a>",
    '<a name="ancla">mira esto</a>',
  ])("%s becomes plain text", (html) => {
    expect(sanitizeBlogHtml(`<p>Antes ${html} después</p>`)).toBe("<p>Antes mira esto después</p>");
  });
  it("keeps the formatting inside and is idempotent", () => {
    const once = sanitizeBlogHtml('<p><a href="javascript:x"><strong>negrita</strong> y texto</a></p>');
    expect(once).toBe("<p><strong>negrita</strong> y texto</p>");
    expect(sanitizeBlogHtml(once)).toBe(once);
  });
  it("a link with a safe target is still a link", () => {
    expect(sanitizeBlogHtml('<a href="https://ejemplo.pa">sí</a>')).toBe(
      '<a href="https://ejemplo.pa/" rel="noopener nofollow ugc">sí</a>',
    );
  });
});
