/** /negocio/:slug (D3): one business with JSON-LD, Maps and WhatsApp links; old slugs 301. */
import { data, redirect } from "react-router";
import type { Route } from "./+types/business";
import { industryLabel, industryPath, type IndustrySlug } from "~/catalog/industries";
import { provinceLabel } from "~/catalog/provinces";
import { EntryView } from "~/components/directory/entry-view";
import { BookingCta } from "~/components/directory/booking-cta";
import { twinnedPageHeaders } from "./cache-headers";
import { seo } from "~/lib/meta";
import { weekRows } from "~/lib/opening-hours";
import { getEnv } from "~/server/env.server";
import { breadcrumbJsonLd, businessJsonLd, industryCrumbs } from "~/server/json-ld.server";
import { getBusinessBySlug } from "~/server/models/listings.server";
import { errorPage } from "~/lib/error-page";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getBusinessBySlug(params.slug);
  if (!found) {
    throw errorPage(404, {
      title: "Negocio no encontrado",
      message: "Este negocio no existe o ya no está en el directorio.",
      action: { href: "/buscar?tipo=negocios", label: "Buscar negocios" },
    });
  }
  if ("redirectTo" in found) throw redirect(`/negocio/${found.redirectTo}`, 301);
  const env = getEnv();
  const { entry } = found;
  const path = `/negocio/${entry.slug}`;
  const url = `${env.PUBLIC_URL}${path}`;
  const jsonLd = [
    businessJsonLd(entry, url),
    breadcrumbJsonLd(env.PUBLIC_URL, industryCrumbs(entry.etiqueta ?? "", { nombre: entry.nombre, path })),
  ];
  const week = entry.horario_semanal ? weekRows(entry.horario_semanal) : null;
  return data({ entry, path, jsonLd, week, bookingUrl: env.BOOKING_URL }, { headers: twinnedPageHeaders() });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) => {
  if (!d) return [];
  const e = d.entry;
  const what = industryLabel(e.etiqueta ?? "");
  return seo(matches, {
    title: `${e.nombre}: ${what.toLowerCase()} en ${provinceLabel(e.provincia)}`,
    description: e.descripcion.slice(0, 160),
    path: d.path,
    image: e.imagen,
    type: "business.business",
    markdown: true,
    jsonLd: d.jsonLd,
  });
};

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { entry, week } = loaderData;
  return (
    <>
      <EntryView
        entry={{
          ...entry,
          week,
          special: entry.special_service ? { label: "Servicio destacado", value: entry.special_service } : null,
          links: [{ label: "Sitio web", href: entry.website }],
        }}
        back={{ to: industryPath(entry.etiqueta as IndustrySlug), label: `Negocios de ${industryLabel(entry.etiqueta ?? "")}` }}
      />
      <BookingCta
        bookingUrl={loaderData.bookingUrl}
        title="¿Este es tu negocio?"
        text="Verifica tu ficha y haz que más clientes te encuentren en Google y en los asistentes de IA."
      />
    </>
  );
}
