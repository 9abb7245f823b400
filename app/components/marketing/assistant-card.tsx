import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Assistant } from "~/catalog/marketing";
import { cn } from "~/lib/cn";
import { Badge } from "~/components/ui/card";
import { CheckList } from "./check-list";

/** Compact card for the home hero (on the dark band). */
export function HeroAssistantCard({ assistant }: { assistant: Assistant }) {
  return (
    <Link
      to={assistant.path}
      className="group flex min-h-11 items-center gap-4 rounded-2xl bg-white/10 p-4 text-left ring-1 ring-white/15 transition hover:bg-white/15"
    >
      <img src={assistant.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-2xl" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-base font-bold text-white">{assistant.name}</span>
          <span
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-bold",
              assistant.premium ? "bg-sun-400 text-ocean-950" : "bg-emerald-100 text-emerald-900",
            )}
          >
            {assistant.premium ? "Premium" : "Gratis"}
          </span>
        </span>
        <span className="mt-0.5 block text-sm leading-5 text-ocean-100">{assistant.role}</span>
      </span>
      <Icon name="arrow-right" aria-hidden className="size-5 shrink-0 text-sun-300 transition group-hover:translate-x-0.5" />
    </Link>
  );
}

/** Full card for /ai-solutions. */
export function AssistantCard({ assistant }: { assistant: Assistant }) {
  return (
    <article className="flex flex-col rounded-card border border-ocean-100 bg-white p-6 shadow-card">
      <div className="flex items-start gap-4">
        <img src={assistant.image} alt="" width={72} height={72} className="size-18 shrink-0 rounded-2xl" />
        <div className="min-w-0">
          <h2 className="text-2xl font-extrabold">{assistant.name}</h2>
          <p className="mt-1 text-sm font-semibold text-ocean-700">{assistant.role}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {assistant.premium ? (
          <Badge tone="sun">
            <Icon name="crown" aria-hidden className="size-3.5" /> Premium
          </Badge>
        ) : (
          <Badge tone="green">
            <Icon name="gift" aria-hidden className="size-3.5" /> Gratis
          </Badge>
        )}
        <span className="text-sm font-bold text-ocean-950" data-testid={`assistant-price-${assistant.slug}`}>
          {assistant.priceText}
        </span>
      </div>
      <p className="mt-4 leading-7 text-muted">{assistant.description}</p>
      <CheckList items={assistant.highlights} className="mt-4 text-ink" />
      <div className="mt-auto pt-6">
        <Link
          to={assistant.path}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-ocean-700 px-5 text-sm font-semibold text-white hover:bg-ocean-800"
        >
          {assistant.premium ? `Conversar con ${assistant.name}` : `Hablar con ${assistant.name.split(" ")[0]} gratis`}
          <Icon name="arrow-right" aria-hidden className="size-4" />
        </Link>
      </div>
    </article>
  );
}
