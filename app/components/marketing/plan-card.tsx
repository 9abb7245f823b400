import { Icon } from "~/components/icons/icon";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { CheckList } from "./check-list";

/** A pricing card; the popular one is highlighted (dark) with a 'Más Popular' ribbon. */
export function PlanCard({
  title,
  price,
  priceNote,
  description,
  features,
  popular,
  action,
  testId,
}: {
  title: string;
  price: string;
  priceNote?: ReactNode;
  description: string;
  features: readonly string[];
  popular: boolean;
  action: ReactNode;
  testId?: string;
}) {
  return (
    <article
      data-testid={testId}
      className={cn(
        "relative flex flex-col rounded-card p-6 shadow-card",
        popular ? "bg-ocean-900 text-white ring-2 ring-sun-400 lg:-my-3 lg:py-9" : "border border-ocean-100 bg-white text-ink",
      )}
    >
      {popular ? (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-sun-400 px-3 py-1 text-xs font-bold text-ocean-950">
          <Icon name="star" aria-hidden className="size-3.5 fill-current" /> Más Popular
        </p>
      ) : null}
      <h3 className={cn("text-xl font-bold", popular ? "text-white" : "text-ocean-950")}>{title}</h3>
      <p className={cn("mt-1 text-sm leading-6", popular ? "text-ocean-100" : "text-muted")}>{description}</p>
      <p
        className={cn("mt-5 text-3xl font-extrabold tracking-tight", popular ? "text-white" : "text-ocean-950")}
        data-testid={testId ? `${testId}-price` : undefined}
      >
        {price.startsWith("Desde ") ? (
          <>
            <span className={cn("block text-sm font-semibold tracking-normal", popular ? "text-ocean-100" : "text-muted")}>Desde </span>
            {price.slice("Desde ".length)}
          </>
        ) : (
          price
        )}
      </p>
      {priceNote ? <div className={cn("mt-1 text-sm", popular ? "text-ocean-100" : "text-muted")}>{priceNote}</div> : null}
      <CheckList items={features} className="mt-5" inverted={popular} />
      <div className="mt-auto pt-6">{action}</div>
    </article>
  );
}
