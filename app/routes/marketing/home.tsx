import { Icon, type IconName } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import {
  COMPANIES_SERVED,
  HERO_ASSISTANTS,
  HOME_PLANS,
  HUMAN_PLUS_AI,
  PILLARS,
  PRICING_NOTES,
  PROMISES,
  SAMPLE_ARTICLE,
  SHOWCASE_CLIENTS,
  priceText,
} from "~/catalog/marketing";
import { SITE } from "~/catalog/site";
import { HeroAssistantCard } from "~/components/marketing/assistant-card";
import { TitledList } from "~/components/marketing/pair-list";
import { useBookingUrl } from "~/components/marketing/booking";
import { PillarIcon } from "~/components/marketing/pillar-icon";
import { PlanCard } from "~/components/marketing/plan-card";
import { Section, SectionHeading } from "~/components/marketing/section";
import { Badge } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { formatDate } from "~/lib/format";
import { publicUrlFrom, seo } from "~/lib/meta";
import { newestPublishedArticle } from "~/server/models/marketing.server";

export const headers = publicPageHeaders;

export async function loader() {
  return {
    article: await newestPublishedArticle(),
    // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
    content: {
      assistants: HERO_ASSISTANTS,
      pillars: PILLARS,
      humanPlusAi: HUMAN_PLUS_AI,
      notes: PRICING_NOTES,
      clients: SHOWCASE_CLIENTS,
      plans: HOME_PLANS.map((plan) => ({ ...plan, priceText: priceText(plan.price) })),
      companies: COMPANIES_SERVED,
      promises: PROMISES,
      sampleArticle: SAMPLE_ARTICLE,
    },
  };
}

type Content = Route.ComponentProps["loaderData"]["content"];

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = publicUrlFrom(matches);
  return [
    ...seo(matches, {
      title: "Panama VIP IA | Marketing con IA para negocios en Panamá",
      description:
        "Storytelling, marketing con propósito y visibilidad local con inteligencia artificial para negocios de Panamá. Asistentes de IA y directorio de restaurantes y negocios.",
      path: "/",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: SITE.name,
        legalName: SITE.legalName,
        url: `${origin}/`,
        logo: `${origin}/logo.svg`,
        description: SITE.tagline,
        email: SITE.email,
        telephone: SITE.phone,
        address: { "@type": "PostalAddress", addressLocality: SITE.city, addressCountry: SITE.country },
        areaServed: { "@type": "Country", name: "Panamá" },
        contactPoint: {
          "@type": "ContactPoint",
          contactType: "customer service",
          telephone: SITE.phone,
          email: SITE.email,
          availableLanguage: ["es", "en"],
          hoursAvailable: {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "08:00",
            closes: "18:00",
          },
        },
      },
    },
  ];
};

function Hero({ c }: { c: Content }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-ocean-950 px-4 pb-16 pt-14 text-white sm:px-6 sm:pb-24 sm:pt-20"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(255,187,69,0.22),transparent_50%),radial-gradient(ellipse_at_bottom_left,rgba(31,120,180,0.45),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-sun-300 ring-1 ring-white/15">
            <Icon name="sparkles" aria-hidden className="size-4" /> Marketing con IA hecho en Panamá
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold leading-[1.1] text-balance text-white sm:text-6xl">
            Tu historia, contada con <span className="text-sun-300">inteligencia artificial</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-ocean-100">
            Ayudamos a los negocios panameños a contar su historia, conectar con su comunidad y aparecer cuando los clientes preguntan a un
            asistente de IA. Conoce a nuestros asistentes Amy, Roger y Yodda.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/ai-solutions" className={buttonClass("accent", "lg")}>
              Explorar Soluciones IA <Icon name="arrow-right" aria-hidden className="size-5" />
            </Link>
            <Link to="/restaurantes-panama" className={buttonClass("inverse", "lg")}>
              Ver Restaurantes
            </Link>
          </div>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-widest text-ocean-200">Nuestros asistentes de IA</h2>
          <ul className="mt-4 space-y-3">
            {c.assistants.map((a) => (
              <li key={a.slug}>
                <HeroAssistantCard assistant={a} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Pillars({ c }: { c: Content }) {
  return (
    <Section labelledBy="pilares-title">
      <SectionHeading
        id="pilares-title"
        eyebrow="Lo que hacemos"
        title="Tres pilares para hacer crecer tu negocio"
        intro="Combinamos historias auténticas, propósito y visibilidad local para que más clientes te elijan."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {c.pillars.map((p) => (
          <li key={p.key}>
            <Link
              to="/services"
              className="group flex h-full flex-col rounded-card border border-ocean-100 bg-white p-6 shadow-card transition hover:-translate-y-0.5 hover:shadow-lift"
            >
              <PillarIcon kind={p.key} />
              <span className="mt-5 text-xl font-bold text-ocean-950">{p.title}</span>
              <span className="mt-2 leading-7 text-muted">{p.description}</span>
              <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-ocean-700 group-hover:underline">
                Ver servicios <Icon name="arrow-right" aria-hidden className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HumanPlusAi({ c }: { c: Content }) {
  return (
    <Section className="bg-ocean-50" labelledBy="humano-ia-title">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <SectionHeading
          id="humano-ia-title"
          align="left"
          eyebrow="Nuestra forma de trabajar"
          title={c.humanPlusAi.title}
          intro={c.humanPlusAi.body}
        />
        <TitledList
          items={c.humanPlusAi.points}
          mark={(i) => (
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-sun-400 font-extrabold text-ocean-950" aria-hidden>
              {i + 1}
            </span>
          )}
          className="grid gap-4"
          itemClassName="flex gap-4 rounded-card bg-white p-5 shadow-card"
          firstClassName="block font-bold text-ocean-950"
          secondClassName="mt-1 block text-sm leading-6 text-muted"
        />
      </div>
    </Section>
  );
}

function Showcase({ c }: { c: Content }) {
  return (
    <Section labelledBy="clientes-title">
      <SectionHeading
        id="clientes-title"
        eyebrow="Casos de éxito"
        title="Negocios que ya cuentan su historia con nosotros"
        intro={c.notes.companies}
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {c.clients.map((client) => (
          <li key={client.name}>
            <article className="flex h-full flex-col rounded-card border border-ocean-100 bg-white p-6 shadow-card">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="slate">{client.industry}</Badge>
                {client.poweredBy ? <Badge tone="ocean">Powered by {client.poweredBy}</Badge> : null}
                {client.status ? <Badge tone="sun">{client.status}</Badge> : null}
                {client.partnership ? <Badge tone="green">{client.partnership}</Badge> : null}
              </div>
              <h3 className="mt-4 text-xl font-bold">{client.name}</h3>
              <p className="text-sm font-semibold italic text-ocean-700">«{client.tagline}»</p>
              <p className="mt-3 leading-7 text-muted">{client.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2">
                {client.achievements.map((a) => (
                  <li
                    key={a}
                    className="inline-flex items-center gap-1.5 rounded-lg bg-ocean-50 px-2.5 py-1 text-sm font-medium text-ocean-900"
                  >
                    <Icon name="badge-check" aria-hidden className="size-4 text-success" /> {a}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-xs text-muted">{client.owner}</p>
              <div className="mt-auto pt-5">
                <a
                  href={client.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ocean-200 px-4 text-sm font-semibold text-ocean-800 hover:bg-ocean-50"
                >
                  Visitar sitio<span className="sr-only"> de {client.name} (se abre en una pestaña nueva)</span>
                  <Icon name="external-link" aria-hidden className="size-4" />
                </a>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Pricing({ c }: { c: Content }) {
  return (
    <Section className="bg-gradient-to-b from-white to-ocean-50" labelledBy="precios-title">
      <SectionHeading
        id="precios-title"
        eyebrow="Planes"
        title="Planes para cada etapa de tu negocio"
        intro="Precios claros, sin contratos largos. Elige el plan que se ajusta a tus metas."
      />
      <p className="mx-auto mt-6 flex w-fit items-center gap-2 rounded-full bg-sun-100 px-4 py-2 text-sm font-bold text-sun-700">
        <Icon name="users" aria-hidden className="size-4" /> {c.notes.vipLimit}
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {c.plans.map((plan) => (
          <li key={plan.name} className="flex">
            <PlanCard
              testId={`home-plan-${plan.name}`}
              title={plan.title}
              price={plan.priceText}
              description={plan.description}
              features={plan.features}
              popular={plan.popular}
              action={
                <Link
                  to="/local-ai-pricing"
                  className={buttonClass(plan.popular ? "accent" : "outline", "md", "w-full")}
                  aria-label={`${plan.cta}: ${plan.title}`}
                >
                  {plan.cta}
                </Link>
              }
            />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-4 text-center">
        <p className="flex items-center gap-2 text-sm font-semibold text-ocean-900">
          <Icon name="shield-check" aria-hidden className="size-5 text-success" /> {c.notes.moneyBack}
        </p>
        <p className="text-sm text-muted">Más de {c.companies} empresas panameñas ya trabajan con nosotros.</p>
        <Link to="/contact" className={buttonClass("primary", "lg")}>
          Hablar con un Experto
        </Link>
      </div>
    </Section>
  );
}

function FeaturedArticle({ article, c }: { article: Route.ComponentProps["loaderData"]["article"]; c: Content }) {
  const a = article ?? { ...c.sampleArticle, imageUrl: null, publishedAt: null };
  return (
    <Section labelledBy="blog-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionHeading id="blog-title" align="left" eyebrow="Del blog" title="Artículo destacado" />
        <Link to="/blog" className={buttonClass("ghost", "md")}>
          Ver todos los artículos <Icon name="arrow-right" aria-hidden className="size-4" />
        </Link>
      </div>
      <article
        className="mt-8 grid overflow-hidden rounded-card border border-ocean-100 bg-white shadow-card md:grid-cols-[2fr_3fr]"
        data-testid="featured-article"
      >
        {a.imageUrl ? (
          <img
            src={a.imageUrl}
            alt=""
            width={640}
            height={400}
            loading="lazy"
            decoding="async"
            className="aspect-[16/10] h-full w-full object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="grid aspect-[16/10] h-full place-items-center bg-gradient-to-br from-ocean-700 to-ocean-950 text-sun-300"
          >
            <Icon name="newspaper" className="size-16" />
          </div>
        )}
        <div className="flex flex-col p-6 sm:p-8">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {a.category ? <Badge tone="ocean">{a.category}</Badge> : null}
            <span>{a.author}</span>
            {a.publishedAt ? (
              <>
                <span aria-hidden>·</span>
                <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
              </>
            ) : null}
          </div>
          <h3 className="mt-3 text-2xl font-extrabold text-balance">
            <Link to={`/blog/${a.slug}`} className="hover:text-ocean-700">
              {a.title}
            </Link>
          </h3>
          <p className="mt-3 leading-7 text-muted">{a.excerpt}</p>
          <div className="mt-auto pt-6">
            <Link to={`/blog/${a.slug}`} className={buttonClass("primary", "md")} aria-label={`Leer artículo: ${a.title}`}>
              Leer artículo <Icon name="arrow-right" aria-hidden className="size-4" />
            </Link>
          </div>
        </div>
      </article>
    </Section>
  );
}

function FinalCta({ c }: { c: Content }) {
  const booking = useBookingUrl();
  const perks = [
    { icon: "calendar-check" as IconName, text: c.promises.consultation },
    { icon: "clock" as IconName, text: c.promises.homeCta },
    { icon: "shield-check" as IconName, text: c.promises.satisfaction },
  ];
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-ocean-900 px-6 py-14 text-center text-white sm:px-12">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_80%_0%,rgba(255,187,69,0.25),transparent_45%)]"
        />
        <div className="relative">
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-extrabold text-balance text-white sm:text-4xl">
            ¿Listo para que más clientes conozcan tu historia?
          </h2>
          <ul className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-8">
            {perks.map(({ icon, text }) => (
              <li key={text} className="inline-flex items-center gap-2 font-semibold text-ocean-50">
                <Icon name={icon} aria-hidden className="size-5 text-sun-300" /> {text}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("accent", "lg")}>
              Agendar consulta gratuita<span className="sr-only"> (se abre en una pestaña nueva)</span>
              <Icon name="external-link" aria-hidden className="size-4" />
            </a>
            <Link to="/services" className={buttonClass("inverse", "lg")}>
              Ver Servicios
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero c={loaderData.content} />
      <Pillars c={loaderData.content} />
      <HumanPlusAi c={loaderData.content} />
      <Showcase c={loaderData.content} />
      <Pricing c={loaderData.content} />
      <FeaturedArticle article={loaderData.article} c={loaderData.content} />
      <FinalCta c={loaderData.content} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
