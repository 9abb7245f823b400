/** Frame of every admin page: title, intro and the admin area's navigation. */
import { Icon } from "~/components/icons/icon";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/admin", label: "Dashboard", icon: "layout-dashboard", end: true },
  { to: "/admin-members", label: "Miembros", icon: "users", end: true },
  { to: "/admin/free-plans", label: "Planes gratuitos", icon: "gift", end: true },
  { to: "/admin/leads", label: "Mensajes", icon: "inbox", end: true },
  { to: "/admin/audit", label: "Auditoría", icon: "clipboard-list", end: true },
] as const;

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
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <nav aria-label="Administración" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
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
