/** Frame of every admin page: title, intro and the admin area's navigation. */
import { Icon } from "~/components/icons/icon";
import { type ReactNode, useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/admin", label: "Panel", icon: "layout-dashboard", end: true },
  { to: "/admin-members", label: "Miembros", icon: "users", end: true },
  { to: "/admin/solicitudes", label: "Solicitudes", icon: "badge-check", end: true },
  { to: "/admin/cambios", label: "Cambios", icon: "pen-line", end: true },
  { to: "/admin/free-plans", label: "Planes gratuitos", icon: "gift", end: true },
  { to: "/admin/leads", label: "Mensajes", icon: "inbox", end: true },
  { to: "/admin/visibilidad", label: "Visibilidad", icon: "eye", end: false },
  { to: "/admin/audit", label: "Auditoría", icon: "clipboard-list", end: true },
  { to: "/admin/correos", label: "Correos", icon: "mail-warning", end: true },
] as const;

/**
 * For a strip of links that scrolls sideways on a phone: the current one (aria-current), far right
 * for the last sections, is scrolled into view. Only the strip scrolls (scrollIntoView would move the
 * page too). The 16 px are the strip's own padding. `current` names the current link when the strip
 * stays on screen from one link to the next (a tab of the same page). A strip the visitor already
 * scrolled before the page hydrated is left where they put it: moving it then would put another link
 * under their finger.
 */
export function useCurrentInView(current?: string) {
  const strip = useRef<HTMLElement>(null);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` changes when the strip stays and its link moves
  useEffect(() => {
    const link = strip.current?.querySelector('[aria-current="page"]');
    const first = !mounted.current;
    mounted.current = true;
    if (!strip.current || !link || (first && strip.current.scrollLeft !== 0)) return;
    const box = strip.current.getBoundingClientRect();
    const { left, right } = link.getBoundingClientRect();
    if (right > box.right) strip.current.scrollLeft += right - box.right + 16;
    else if (left < box.left) strip.current.scrollLeft -= box.left - left + 16;
  }, [current]);
  return strip;
}

export function AdminShell({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const nav = useCurrentInView();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <nav ref={nav} aria-label="Administración" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1 rounded-full bg-ocean-50 p-1 ring-1 ring-ocean-100 sm:min-w-0 sm:flex-wrap">
          {LINKS.map(({ to, label, icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors",
                    isActive ? "bg-white text-ocean-900 shadow-sm ring-1 ring-ocean-200" : "text-ocean-800 hover:bg-white/70",
                  )
                }
              >
                <Icon name={icon} aria-hidden className="size-4" /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs font-bold uppercase tracking-widest text-sun-700">Administración</p>
          <h1 className="mt-1 text-3xl font-extrabold">{title}</h1>
          {intro ? <p className="mt-1 max-w-2xl text-muted">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-card border border-dashed border-ocean-200 bg-ocean-50/50 px-6 py-12 text-center">
      <p className="font-semibold text-ocean-900">{title}</p>
      {children ? <div className="mt-1 text-sm text-muted">{children}</div> : null}
    </div>
  );
}
