import { Icon } from "~/components/icons/icon";
import { DisclosureMenu, menuItemClass, menuItemDangerClass, summaryClass, useDisclosure } from "./disclosure-menu";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { ABOUT_LINKS, ACCOUNT_LINKS, BUSINESS_LINKS, MAIN_LINKS, RESTAURANT_LINKS, type NavLink as NavItem } from "~/catalog/navigation";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";
import { buttonClass } from "./ui/button";

export type HeaderUser = { name: string; email: string; isAdmin: boolean } | null;

// The desktop row is tight from lg (a 1024px window, less its scrollbar) and at xl for an admin
// (1280px less a scrollbar): narrower padding there, and no label may wrap (the page's
// overflow-wrap would break words anywhere).
const topLink =
  "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold text-ocean-900 hover:bg-ocean-50 aria-[current=page]:text-ocean-600 lg:px-2 xl:px-2.5";

/** Text of a header button that only an icon stands for between lg and xl (still its accessible name). */
const wideOnly = "sr-only xl:not-sr-only xl:whitespace-nowrap";

const adminBadge = "whitespace-nowrap rounded-md bg-sun-400 px-2 py-0.5 text-xs font-extrabold tracking-wider text-ocean-950";

function NavDropdown({ label, links, columns = 1 }: { label: string; links: NavItem[]; columns?: 1 | 2 }) {
  return (
    <DisclosureMenu
      label={label}
      triggerClassName={cn(topLink, "gap-1")}
      panelClassName={columns === 2 ? "grid w-[26rem] grid-cols-2 gap-x-1" : "min-w-56"}
    >
      {links.map((l) => (
        <Link key={l.to} to={l.to} data-menu-item className={menuItemClass}>
          {l.label}
        </Link>
      ))}
    </DisclosureMenu>
  );
}

/** 'Mi Cuenta'; `compact` (an admin's header, with two more items) shows only its icon between lg and xl. */
function AccountMenu({ user, compact }: { user: NonNullable<HeaderUser>; compact: boolean }) {
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/logout";
  return (
    <DisclosureMenu
      align="end"
      triggerClassName={buttonClass("outline", compact ? "compact" : "md", compact ? "whitespace-nowrap xl:px-5" : "whitespace-nowrap")}
      panelClassName="min-w-60"
      label={
        <>
          <Icon name="user-round" aria-hidden className="size-4" />
          <span className={compact ? wideOnly : undefined}>Mi Cuenta</span>
        </>
      }
    >
      <p className="px-3 py-2 text-xs text-muted">
        <span className="block font-semibold text-ocean-950">{user.name || user.email}</span>
        {user.email}
      </p>
      <div className="my-1 h-px bg-ocean-100" />
      {ACCOUNT_LINKS.map((l) => (
        <Link key={l.to} to={l.to} data-menu-item className={menuItemClass}>
          {l.label}
        </Link>
      ))}
      <div className="my-1 h-px bg-ocean-100" />
      <Form method="post" action="/logout">
        <button type="submit" data-menu-item className={menuItemDangerClass}>
          <Icon name="log-out" aria-hidden className="size-4" />
          {signingOut ? "Procesando..." : "Cerrar Sesión"}
        </button>
      </Form>
    </DisclosureMenu>
  );
}

function MobileGroup({ title, links, onNavigate }: { title: string; links: NavItem[]; onNavigate: () => void }) {
  return (
    <details className="group border-b border-ocean-100 py-1">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-1 font-semibold text-ocean-950">
        {title}
        <Icon name="chevron-down" aria-hidden className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="grid grid-cols-2 gap-1 pb-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              onClick={onNavigate}
              className="flex min-h-11 items-center rounded-lg px-2 text-sm text-ocean-900 hover:bg-ocean-50"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The phone menu: a `<details>` from the server, so it opens without JavaScript, and a button with
 * aria-expanded once hydrated (see useDisclosure). The panel hangs below the header bar either way.
 */
function MobileMenu({ user }: { user: HeaderUser }) {
  const { enhanced, open, setOpen, details, button } = useDisclosure();
  const close = () => setOpen(false);
  const nav = (
    <nav
      id="mobile-menu"
      aria-label="Menú móvil"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-ocean-100 bg-white px-4 pb-6 shadow-lift lg:hidden"
    >
      <ul className="border-b border-ocean-100 py-2">
        {MAIN_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} onClick={close} className="flex min-h-12 items-center px-1 font-semibold text-ocean-950">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
      <MobileGroup title="Nosotros" links={ABOUT_LINKS} onNavigate={close} />
      <MobileGroup title="Restaurantes" links={RESTAURANT_LINKS} onNavigate={close} />
      <MobileGroup title="Negocios" links={BUSINESS_LINKS} onNavigate={close} />
      <div className="mt-4 space-y-2">
        {user ? (
          <>
            <p className="px-1 text-sm text-muted">
              Mi Cuenta: <span className="font-semibold text-ocean-950">{user.name || user.email}</span>
              {user.isAdmin ? <span className={cn("ml-2", adminBadge)}>ADMIN</span> : null}
            </p>
            {user.isAdmin ? (
              <Link to="/admin" onClick={close} className={buttonClass("primary", "md", "w-full")}>
                Dashboard Admin
              </Link>
            ) : null}
            {ACCOUNT_LINKS.map((l) => (
              <Link key={l.to} to={l.to} onClick={close} className={buttonClass("outline", "md", "w-full")}>
                {l.label}
              </Link>
            ))}
            <Form method="post" action="/logout" onSubmit={close}>
              <button type="submit" className={buttonClass("ghost-danger", "md", "w-full")}>
                Cerrar Sesión
              </button>
            </Form>
          </>
        ) : (
          <Link to="/auth" onClick={close} className={buttonClass("primary", "lg", "w-full")}>
            Iniciar Sesión / App
          </Link>
        )}
      </div>
    </nav>
  );

  if (!enhanced)
    return (
      <details ref={details} className="group/mobile lg:hidden">
        {/* One name; the browser tells whether it is open (expanded/collapsed). */}
        <summary aria-label="Menú" className={buttonClass("ghost", "icon", summaryClass)}>
          <Icon name="menu" aria-hidden className="size-6 group-open/mobile:hidden" />
          <Icon name="x" aria-hidden className="hidden size-6 group-open/mobile:block" />
        </summary>
        {nav}
      </details>
    );

  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn(buttonClass("ghost", "icon"), "lg:hidden")}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? "Cerrar menú" : "Abrir menú"}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <Icon name="x" aria-hidden className="size-6" /> : <Icon name="menu" aria-hidden className="size-6" />}
      </button>
      {open ? nav : null}
    </>
  );
}

export function SiteHeader({ user }: { user: HeaderUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-ocean-100/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        {/* Neither the brand nor a group of items gives up width by wrapping. */}
        <div className="shrink-0">
          <Logo />
        </div>
        <nav aria-label="Principal" className="hidden shrink-0 items-center gap-0.5 lg:flex">
          <NavLink to="/" end className={topLink}>
            Inicio
          </NavLink>
          <NavDropdown label="Nosotros" links={ABOUT_LINKS} />
          <NavDropdown label="Restaurantes" links={RESTAURANT_LINKS} columns={2} />
          <NavDropdown label="Negocios" links={BUSINESS_LINKS} columns={2} />
          <NavLink to="/blog" className={topLink}>
            Blog
          </NavLink>
          <NavLink to="/contact" className={topLink}>
            Contacto
          </NavLink>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <Link to="/buscar" className={buttonClass("ghost", "icon")} aria-label="Buscar en el directorio">
            <Icon name="search" aria-hidden className="size-5" />
          </Link>
          <div className="hidden items-center gap-2 lg:flex">
            {user ? (
              <>
                {user.isAdmin ? (
                  <>
                    <span className={adminBadge}>ADMIN</span>
                    <Link to="/admin" title="Dashboard Admin" className={buttonClass("primary", "compact", "xl:px-5")}>
                      <Icon name="shield-check" aria-hidden className="size-4" />
                      <span className={wideOnly}>Dashboard Admin</span>
                    </Link>
                  </>
                ) : null}
                <AccountMenu user={user} compact={user.isAdmin} />
              </>
            ) : (
              <Link to="/auth" className={buttonClass("primary", "md", "whitespace-nowrap")}>
                Iniciar Sesión / App
              </Link>
            )}
          </div>
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
