/**
 * Decision 025: icons come from one committed sprite. It must be exactly what names.ts produces (a new
 * name without `npm run icons` would draw nothing), and the Icon component must reference it.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/components/icons/icon";
import { ICON_NAMES } from "~/components/icons/names";
import { buildSprite, SPRITE_PATH } from "../../scripts/icons";

describe("icon sprite", () => {
  it("is up to date with names.ts (run `npm run icons` after adding a name)", () => {
    expect(fs.readFileSync(SPRITE_PATH, "utf8")).toBe(buildSprite());
  });

  it("has one symbol with paths for every name, and nothing else", () => {
    const sprite = fs.readFileSync(SPRITE_PATH, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(ids.map((m) => m[1])).toEqual([...ICON_NAMES]);
    for (const m of ids) expect(m[2], m[1]).toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
    // Stroke and fill belong to the referencing <svg>, so pages can restyle an icon.
    expect(sprite).not.toMatch(/stroke-width=|stroke="/);
  });

  it("renders a decorative reference to the sprite, or a labelled image", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "map-pin", className: "size-4", strokeWidth: 1.5 }));
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*><use href="[^"]*sprite[^"]*\.svg#map-pin"><\/use><\/svg>$/);
    // Fill and stroke come from .icon (decision 029); a non-default stroke width is a style.
    expect(html).toContain('class="icon size-4"');
    expect(html).toContain('style="stroke-width:1.5"');
    expect(html).not.toMatch(/ (fill|stroke|stroke-linecap|stroke-linejoin|focusable)=/);
    const plain = renderToStaticMarkup(createElement(Icon, { name: "map-pin" }));
    expect(plain).toBe(plain.replace(/ style="[^"]*"/, "")); // the default width needs no style
    expect(plain).toContain('class="icon"');
    // …and the stylesheet draws them as lucide does; without it icons would be filled black.
    const css = fs.readFileSync(path.resolve("app/app.css"), "utf8");
    const rule = /\.icon \{([^}]*)\}/.exec(css)?.[1] ?? "";
    for (const decl of ["fill: none", "stroke: currentColor", "stroke-width: 2", "stroke-linecap: round", "stroke-linejoin: round"])
      expect(rule).toContain(decl);
    const labelled = renderToStaticMarkup(createElement(Icon, { name: "star", "aria-label": "Destacado" }));
    expect(labelled).toContain('role="img"');
    expect(labelled).not.toContain("aria-hidden");
  });
});
