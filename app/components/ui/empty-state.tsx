import type { ReactNode } from "react";
import { Icon } from "~/components/icons/icon";
import { cn } from "~/lib/cn";

/**
 * A list with nothing to show (no results, or a load that failed): a dashed box with an icon, a
 * heading, a line of text and an optional way out. `className` sets its width (layout only).
 */
export function EmptyState({ title, text, action, className }: { title: string; text: string; action?: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-card border border-dashed border-ocean-200 bg-white px-6 py-14 text-center", className)}>
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-ocean-50 text-ocean-600">
        <Icon name="search-x" aria-hidden className="size-7" />
      </div>
      <h2 className="mt-4 text-xl font-extrabold">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">{text}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
