import type { SVGProps } from "react";
import type { IconName } from "./names";
import spriteHref from "./sprite.svg?url";

export type { IconName };

export type IconProps = Omit<SVGProps<SVGSVGElement>, "name"> & {
  name: IconName;
  /** Pixel size when no size class is given (lucide's default is 24). */
  size?: number;
};

/**
 * A lucide icon drawn from the sprite (decision 025): `<svg><use href="sprite.svg#name"/></svg>` instead
 * of each icon's paths inline, so a listing page's HTML and its render shrink, and no icon code ships
 * to the browser. Decorative (aria-hidden) unless it is given an aria-label.
 */
export function Icon({ name, size = 24, strokeWidth = 2, className, ...props }: IconProps) {
  const labelled = Boolean(props["aria-label"] || props["aria-labelledby"]);
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      focusable="false"
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
