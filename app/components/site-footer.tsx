import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { ABOUT_LINKS, BUSINESS_LINKS, MAIN_LINKS, RESTAURANT_LINKS, type NavLink } from "~/catalog/navigation";
import { LEGAL_PATHS, SITE, whatsappLink } from "~/catalog/site";
import { Logo } from "./logo";

function Group({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-sun-300">{title}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:block sm:space-y-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="inline-flex min-h-8 items-center text-sm text-ocean-100 hover:text-white">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-ocean-950 text-ocean-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo inverted />
          <p className="mt-3 text-sm leading-6 text-ocean-200">{SITE.tagline}</p>
          <ul className="mt-5 space-y-2 text-sm">
            <li>
              <a href={SITE.phoneHref} className="inline-flex min-h-8 items-center gap-2 hover:text-white">
                <Icon name="phone" aria-hidden className="size-4" /> {SITE.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${SITE.email}`} className="inline-flex min-h-8 items-center gap-2 hover:text-white">
                <Icon name="mail" aria-hidden className="size-4" /> {SITE.email}
              </a>
            </li>
            <li>
              <a
                href={whatsappLink("Hola, quiero información sobre sus servicios.")}
                className="inline-flex min-h-8 items-center gap-2 hover:text-white"
                rel="noopener"
                target="_blank"
              >
                <Icon name="message-circle" aria-hidden className="size-4" /> WhatsApp
              </a>
            </li>
          </ul>
        </div>
        <Group
          title="Sitio"
          links={[
            ...MAIN_LINKS,
            ...ABOUT_LINKS,
            { to: "/local-ai-pricing", label: "Planes Local AI" },
            { to: "/api/v1", label: "API para asistentes" },
          ]}
        />
        <Group title="Restaurantes" links={RESTAURANT_LINKS} />
        <Group title="Negocios" links={BUSINESS_LINKS} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-sun-300">Horario</h2>
          <p className="mt-3 text-sm leading-6 text-ocean-200">{SITE.hours}</p>
          <p className="mt-3 text-sm text-ocean-200">{SITE.city}, Panamá</p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-ocean-300 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {SITE.legalName}. Todos los derechos reservados.
          </p>
          <ul className="flex flex-wrap gap-x-5">
            <li>
              <Link to={LEGAL_PATHS.privacy} className="inline-flex min-h-8 items-center hover:text-white">
                Política de privacidad
              </Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.terms} className="inline-flex min-h-8 items-center hover:text-white">
                Términos de uso
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
