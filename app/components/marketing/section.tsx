import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A page section with the site's rhythm: generous padding (`compact`: less), centred max width.
 * `className` may add a background or trim one side (pt-0, pb-8); the vertical rhythm itself is the
 * `spacing` prop, since cn() does not merge conflicting Tailwind classes.
 */
export function Section({
  id,
  className,
  inner,
  children,
  labelledBy,
  spacing = "default",
}: {
  id?: string;
  className?: string;
  inner?: string;
  children: ReactNode;
  labelledBy?: string;
  spacing?: "default" | "compact";
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn("px-4 sm:px-6", spacing === "compact" ? "py-10 sm:py-14" : "py-16 sm:py-20", className)}
    >
      <div className={cn("mx-auto max-w-6xl", inner)}>{children}</div>
    </section>
  );
}

/** Eyebrow + heading + intro, centred by default. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
  inverted = false,
  as: Tag = "h2",
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "center" | "left";
  inverted?: boolean;
  as?: "h1" | "h2";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" ? "mx-auto text-center" : "")}>
      {eyebrow ? (
        <p className={cn("text-sm font-bold uppercase tracking-widest", inverted ? "text-sun-300" : "text-sun-700")}>{eyebrow}</p>
      ) : null}
      <Tag
        id={id}
        className={cn(
          "mt-2 font-extrabold text-balance",
          Tag === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
          inverted ? "text-white" : "text-ocean-950",
        )}
      >
        {title}
      </Tag>
      {intro ? <p className={cn("mt-4 text-lg leading-8", inverted ? "text-ocean-100" : "text-muted")}>{intro}</p> : null}
    </div>
  );
}

/** The dark hero band at the top of inner marketing pages. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-ocean-900 px-4 py-16 text-white sm:px-6 sm:py-20">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(255,187,69,0.16),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(31,120,180,0.35),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl">
        <SectionHeading as="h1" eyebrow={eyebrow} title={title} intro={intro} inverted />
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
