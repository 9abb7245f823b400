import { Icon, type IconName } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { ABOUT } from "~/catalog/marketing";
import { useBookingUrl } from "~/components/marketing/booking";
import { TermList } from "~/components/marketing/pair-list";
import { PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { content: { ABOUT } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sobre Nosotros",
    description:
      "Somos un equipo panameño de marketing con IA: nuestra misión, nuestros valores (innovación, comunidad y autenticidad) y más de 5 años ayudando a negocios de Panamá.",
    path: "/about",
  });

const VALUE_ICONS: readonly IconName[] = ["lightbulb", "users", "heart"];

export default function About({ loaderData }: Route.ComponentProps) {
  const { ABOUT } = loaderData.content;
  const booking = useBookingUrl();
  return (
    <>
      <PageHero
        eyebrow="Sobre Nosotros"
        title="Marketing con corazón panameño e inteligencia artificial"
        intro="Somos un equipo local que une storytelling, propósito y tecnología para que los negocios de Panamá crezcan."
      />

      <Section labelledBy="mision-title">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <SectionHeading
            id="mision-title"
            align="left"
            eyebrow="Nuestra misión"
            title="Que cada negocio panameño tenga una historia que se escuche"
          />
          <p className="text-lg leading-8 text-muted">{ABOUT.mission}</p>
        </div>
      </Section>

      <Section className="bg-ocean-50" labelledBy="valores-title">
        <SectionHeading id="valores-title" eyebrow="Nuestros valores" title="Lo que nos guía" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {ABOUT.values.map((v, i) => {
            const icon = VALUE_ICONS[i] ?? "heart";
            return (
              <li key={v.title} className="rounded-card bg-white p-6 shadow-card">
                <span className="grid size-12 place-items-center rounded-2xl bg-sun-100 text-sun-700">
                  <Icon name={icon} aria-hidden className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-bold">{v.title}</h3>
                <p className="mt-2 leading-7 text-muted">{v.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section labelledBy="equipo-title">
        <div className="overflow-hidden rounded-[2rem] bg-ocean-900 px-6 py-12 text-white sm:px-12">
          <div className="grid items-center gap-10 lg:grid-cols-2">
            <div>
              <h2 id="equipo-title" className="text-3xl font-extrabold text-white">
                Nuestro equipo
              </h2>
              <p className="mt-4 text-lg leading-8 text-ocean-100">
                Estrategas, creadores de contenido y especialistas en IA que viven y trabajan en Panamá. Conocemos a tus clientes porque
                somos tus vecinos.
              </p>
            </div>
            <TermList
              items={ABOUT.stats.map((s) => ({ key: s.label, term: s.label, detail: s.value }))}
              className="grid grid-cols-1 gap-4 sm:grid-cols-3"
              itemClassName="flex flex-col rounded-2xl bg-white/10 p-5 text-center ring-1 ring-white/15"
              firstClassName="text-sm font-semibold text-ocean-100"
              secondClassName="order-first text-4xl font-extrabold text-sun-300"
            />
          </div>
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to="/services" className={buttonClass("primary", "lg")}>
            Conoce nuestros servicios <Icon name="arrow-right" aria-hidden className="size-5" />
          </Link>
          <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("outline", "lg")}>
            Agendar una reunión<span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
