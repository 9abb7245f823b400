/** The frame of the owners' public pages (claim, confirmation, submission): a title and cards. */
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

export function OwnerFrame({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="flex-1 bg-gradient-to-b from-ocean-50 to-white px-4 py-10 sm:py-14">
      <div className={cn("mx-auto space-y-6", wide ? "max-w-4xl" : "max-w-2xl")}>
        <header>
          <h1 className="text-2xl font-extrabold text-ocean-950 sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

/** A card with a heading (h2) and what follows. */
export function OwnerCard({ title, children, tone }: { title?: string; children: ReactNode; tone?: "default" | "highlight" | "muted" }) {
  return (
    <Card tone={tone} className="p-5 sm:p-6">
      {title ? <h2 className="text-lg font-bold text-ocean-950">{title}</h2> : null}
      <div className={title ? "mt-3 space-y-4" : "space-y-4"}>{children}</div>
    </Card>
  );
}

/** A short status line: success or notice. */
export function Notice({ tone = "info", children }: { tone?: "info" | "success" | "error"; children: ReactNode }) {
  const tones = {
    info: "bg-ocean-50 text-ocean-900",
    success: "bg-emerald-50 text-success",
    error: "bg-red-50 text-danger",
  };
  return (
    <p role={tone === "error" ? "alert" : "status"} className={cn("rounded-xl p-3 text-sm font-medium", tones[tone])}>
      {children}
    </p>
  );
}
