import { Icon } from "~/components/icons/icon";
import { cn } from "~/lib/cn";

/** Questions and answers as native disclosure widgets (work without JavaScript). */
export function FaqList({ items, className }: { items: readonly { q: string; a: string }[]; className?: string }) {
  return (
    <div className={cn("divide-y divide-ocean-100 rounded-card border border-ocean-100 bg-white shadow-card", className)}>
      {items.map((f) => (
        <details key={f.q} className="group p-5">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ocean-950 [&::-webkit-details-marker]:hidden">
            {f.q}
            <Icon name="plus" aria-hidden className="size-5 shrink-0 text-ocean-600 transition group-open:rotate-45" />
          </summary>
          <p className="mt-2 leading-7 text-muted">{f.a}</p>
        </details>
      ))}
    </div>
  );
}
