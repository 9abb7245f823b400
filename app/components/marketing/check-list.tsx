import { Icon } from "~/components/icons/icon";
import { cn } from "~/lib/cn";

export function CheckList({ items, className, inverted = false }: { items: readonly string[]; className?: string; inverted?: boolean }) {
  return (
    <ul className={cn("space-y-2.5", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-sm leading-6">
          <Icon name="check" aria-hidden className={cn("mt-0.5 size-5 shrink-0", inverted ? "text-sun-300" : "text-success")} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
