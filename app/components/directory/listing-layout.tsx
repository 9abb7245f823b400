import type { ReactNode } from "react";
import { Link } from "react-router";

/** Hero of a directory page: eyebrow, title, text and optional links to sibling pages. */
export function DirectoryHero({
  eyebrow,
  title,
  description,
  siblings,
  children,
}: {
  eyebrow: string;
  title: string;
  description: string;
  siblings?: { to: string; label: string; current?: boolean }[];
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-ocean-950 via-ocean-900 to-ocean-700 text-white">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-sun-400/20 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-32 left-1/3 size-96 rounded-full bg-ocean-500/30 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <p className="text-sm font-bold uppercase tracking-widest text-sun-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-extrabold text-white sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-base text-ocean-100 sm:text-lg">{description}</p>
        {children}
        {siblings?.length ? (
          <nav aria-label="Otras secciones del directorio" className="mt-8">
            <ul className="flex flex-wrap gap-2">
              {siblings.map((s) => (
                <li key={s.to}>
                  <Link
                    to={s.to}
                    aria-current={s.current ? "page" : undefined}
                    className="inline-flex min-h-11 items-center rounded-full border border-white/25 px-4 text-sm font-semibold text-white hover:bg-white/10 aria-[current=page]:border-sun-400 aria-[current=page]:bg-sun-400 aria-[current=page]:text-ocean-950"
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </section>
  );
}

/** A grid of cards; `id` makes it a link target, which lands clear of the sticky header. */
export function ListingGrid({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div id={id} className="grid scroll-mt-24 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </div>
  );
}

/** An empty result of the directory: the site's empty state, as wide as the listing. */
export { EmptyState as EmptyListing } from "~/components/ui/empty-state";

export function ListingError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 px-6 py-10 text-center">
      <h2 className="text-xl font-extrabold text-danger">{message}</h2>
      <p className="mt-2 text-muted">Intenta de nuevo en unos minutos.</p>
    </div>
  );
}
