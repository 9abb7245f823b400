/**
 * /restaurante/:slug and /negocio/:slug: one restaurant or business with JSON-LD, Maps and
 * WhatsApp links; old slugs 301. The path tells the kind.
 */
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/entry";
import { industryLabel, industryPath, type IndustrySlug } from "~/catalog/industries";
import { kindOfPath, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { EntryView } from "~/components/directory/entry-view";
import { BookingCta } from "~/components/directory/booking-cta";
import { segmentLabel } from "~/catalog/segments";
import { twinnedPageHeaders } from "./cache-headers";
import { entryPath } from "~/lib/entry-path";
import { seo } from "~/lib/meta";
import { weekRows } from "~/lib/opening-hours";
import { getEnv } from "~/server/platform/env.server";
import { breadcrumbJsonLd, businessJsonLd, industryCrumbs, provinceCrumbs, restaurantJsonLd } from "~/server/directory/json-ld.server";
import { getEntryBySlug } from "~/server/models/listing-entries.server";
import { entryPageJsonLd } from "~/server/directory/json-ld.server";
import { getCurrentUser } from "~/server/accounts/guards.server";
import { isManager } from "~/server/models/listing-managers.server";
import { upcomingClosures } from "~/server/models/listing-closures.server";
import { ClosuresNotice, closureLines } from "~/components/directory/closures-notice";
import { MineEntryOwnerBar } from "~/components/owners/mine-entry-owner-bar";
import { errorPage } from "~/lib/error-page";
import { countEntryView } from "~/server/visibility/impressions.server";

const kindOf = (url: { pathname: string }): ListingKind => kindOfPath(url.pathname) ?? "restaurant";

function notFound(kind: ListingKind) {
  const { singular, plural, label } = LISTING_KINDS[kind];
  return {
    title: `${label} no encontrado`,
    message: `Este ${singular} no existe o ya no está en el directorio.`,
    action: { href: `/buscar?tipo=${plural}`, label: `Buscar ${plural}` },
  };
}

export async function loader({ params, url, request }: Route.LoaderArgs) {
  const kind = kindOf(url);
  const found = await getEntryBySlug(kind, params.slug);
  if (!found) throw errorPage(404, notFound(kind));
  if ("redirectTo" in found) throw redirect(entryPath(kind, found.redirectTo), 301);
  const env = getEnv();
  const { entry } = found;
  const path = entryPath(kind, entry.slug);
  const pageUrl = `${env.PUBLIC_URL}${path}`;
  const crumb = { nombre: entry.nombre, path };
  const jsonLd = [
    entry.kind === "restaurant" ? restaurantJsonLd(entry, pageUrl) : businessJsonLd(entry, pageUrl),
    breadcrumbJsonLd(
      env.PUBLIC_URL,
      entry.kind === "restaurant" ? provinceCrumbs(entry.provincia, crumb) : industryCrumbs(entry.etiqueta ?? "", crumb),
    ),
    entryPageJsonLd(entry, pageUrl),
  ];
  // Its managers get the way to edit it; everyone else the way to claim it.
  const [current, closures] = await Promise.all([getCurrentUser(request), upcomingClosures(kind, entry.id)]);
  const manages = current ? await isManager(current.user.id, { kind, listingId: entry.id }) : false;
  const week = entry.horario_semanal ? weekRows(entry.horario_semanal) : null;
  // A person opened it (decision 098); its own managers' visits are not the directory showing it.
  if (!manages) countEntryView(request, entry);
  return data({ entry, path, jsonLd, week, closures, bookingUrl: env.BOOKING_URL, manages }, { headers: twinnedPageHeaders() });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** One view per opening: a form sent from the page (a fetcher) does not reload it and count it again. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) => {
  if (!d) return [];
  const e = d.entry;
  const what = segmentLabel(e.kind, e.etiqueta);
  return seo(matches, {
    title: `${e.nombre}: ${what.toLowerCase()} en ${provinceLabel(e.provincia)}`,
    description: (e.descripcion ?? `${e.nombre}, ${what.toLowerCase()} en ${e.direccion}.`).slice(0, 160),
    path: d.path,
    image: e.imagen,
    type: LISTING_KINDS[e.kind].ogType,
    markdown: true,
    jsonLd: d.jsonLd,
  });
};

/** What the two kinds of page show differently: their own fields, the way back and who they court. */
function kindParts(entry: Route.ComponentProps["loaderData"]["entry"]) {
  return entry.kind === "restaurant"
    ? {
        special: entry.special_dish ? { label: "Plato especial", value: entry.special_dish } : null,
        links: [
          { label: "Sitio web", href: entry.website_url, tap: "sitio_web" as const },
          { label: "Facebook", href: entry.facebook_url },
          { label: "Instagram", href: entry.instagram_url },
        ],
        back: { to: provincePath(entry.provincia as ProvinceSlug), label: `Restaurantes en ${provinceLabel(entry.provincia)}` },
        noun: "restaurante",
        audience: "comensales",
      }
    : {
        special: entry.special_service ? { label: "Servicio destacado", value: entry.special_service } : null,
        links: [
          { label: "Sitio web", href: entry.website, tap: "sitio_web" as const },
          { label: "Facebook", href: entry.facebook_url },
          { label: "Instagram", href: entry.instagram_url },
        ],
        back: { to: industryPath(entry.etiqueta as IndustrySlug), label: `Negocios de ${industryLabel(entry.etiqueta ?? "")}` },
        noun: "negocio",
        audience: "clientes",
      };
}

const hasClosures = (c: Parameters<typeof closureLines>[0]) => c.closesOnHolidays || closureLines(c).length > 0;

export default function EntryPage({ loaderData }: Route.ComponentProps) {
  const { entry, week } = loaderData;
  const { special, links, back, noun, audience } = kindParts(entry);
  return (
    <>
      <EntryView
        entry={{ ...entry, week, special, links }}
        back={back}
        notice={hasClosures(loaderData.closures) ? <ClosuresNotice {...loaderData.closures} /> : null}
        owner={
          <MineEntryOwnerBar
            kind={entry.kind}
            id={entry.id}
            slug={entry.slug}
            confirmedAt={entry.info_confirmed_at}
            manages={loaderData.manages}
          />
        }
      />
      <BookingCta
        bookingUrl={loaderData.bookingUrl}
        title={loaderData.manages ? `Que más ${audience} te encuentren` : `¿Este es tu ${noun}?`}
        text={
          loaderData.manages
            ? "Te ayudamos a destacar tu ficha en Google y en los asistentes de IA."
            : `Verifica tu ficha y haz que más ${audience} te encuentren en Google y en los asistentes de IA.`
        }
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
