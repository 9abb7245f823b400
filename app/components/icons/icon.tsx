import type { SVGProps } from "react";
import type { IconName } from "./names";
import spriteHref from "./sprite.svg?url";
import { cn } from "~/lib/cn";

export type { IconName };

export type IconProps = Omit<SVGProps<SVGSVGElement>, "name"> & {
  name: IconName;
  /** Pixel size when no size class is given (lucide's default is 24). */
  size?: number;
};

/**
 * A lucide icon drawn from the sprite (decision 025): `<svg><use href="sprite.svg#name"/></svg>` instead
 * of each icon's paths inline, so a listing page's HTML and its render shrink, and no icon code ships
 * to the browser. Decorative (aria-hidden) unless it is given an aria-label. Fill and stroke come from
 * the `.icon` class (app.css) rather than five attributes on each of a page's ~40 icons (decision 029);
 * utility classes (`fill-…`, `text-…`) still override them, and a stroke width other than 2 is a style.
 */
export function Icon({ name, size = 24, strokeWidth, className, style, ...props }: IconProps) {
  const labelled = Boolean(props["aria-label"] || props["aria-labelledby"]);
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; labelled ones get role="img" and the caller's aria-label
    <svg
      width={size}
      height={size}
      className={cn("icon", className)}
      style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
