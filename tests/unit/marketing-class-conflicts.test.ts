/**
 * cn() joins classes without tailwind-merge (docs/decisions/014): no variant, size or tone of the UI
 * primitives may carry two Tailwind classes that fight each other, or the CSS order would decide.
 * tailwind-merge (a dev dependency only) tells which classes it would drop.
 */
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonClass, buttonSizes, buttonVariants, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { menuItemClass, menuItemDangerClass } from "~/components/disclosure-menu";
import {
  dialogContentClass,
  dialogDescriptionClass,
  dialogFooterClass,
  dialogHeaderClass,
  dialogOverlayClass,
  dialogSizes,
  dialogTitleClass,
  type DialogSize,
} from "~/components/ui/dialog";
import { cn } from "~/lib/cn";

/** The classes twMerge would drop from `classes` (duplicates aside). */
function conflictingClasses(classes: string): string[] {
  const list = [...new Set(classes.split(/\s+/).filter(Boolean))];
  const kept = new Set(twMerge(list.join(" ")).split(/\s+/));
  return list.filter((c) => !kept.has(c));
}

describe("UI primitives without tailwind-merge", () => {
  it("cn joins and drops falsy values, keeping every class", () => {
    expect(cn("px-4", false, null, undefined, "py-2", { "text-white": true, hidden: false })).toBe("px-4 py-2 text-white");
  });

  it("every button variant and size combine without conflicting classes", () => {
    for (const variant of Object.keys(buttonVariants) as ButtonVariant[]) {
      for (const size of Object.keys(buttonSizes) as ButtonSize[]) {
        expect(conflictingClasses(buttonClass(variant, size)), `${variant}/${size}`).toEqual([]);
      }
    }
  });

  it("menu items carry no conflicting classes", () => {
    expect(conflictingClasses(menuItemClass)).toEqual([]);
    expect(conflictingClasses(menuItemDangerClass)).toEqual([]);
  });

  it("the dialog's overlay, panel (every size), header, footer, title and description carry no conflicting classes", () => {
    for (const size of Object.keys(dialogSizes) as DialogSize[]) expect(conflictingClasses(dialogContentClass(size)), size).toEqual([]);
    for (const c of [dialogOverlayClass, cn(dialogHeaderClass, "pr-10"), dialogFooterClass, dialogTitleClass, dialogDescriptionClass]) {
      expect(conflictingClasses(c), c).toEqual([]);
    }
    // The close button's placement added to an icon button.
    expect(conflictingClasses(buttonClass("ghost", "icon", "absolute top-2 right-2"))).toEqual([]);
  });

  it("the helper sees a conflict when there is one", () => {
    expect(conflictingClasses("px-5 px-2 bg-white bg-transparent")).toEqual(["px-5", "bg-white"]);
  });
});
