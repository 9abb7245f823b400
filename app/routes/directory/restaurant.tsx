/** /restaurante/:slug (D3): one restaurant with JSON-LD, Maps and WhatsApp links; old slugs 301. */
import { data, redirect } from "react-router";
import type { Route } from "./+types/restaurant";
import { categoryLabel } from "~/catalog/categories";
import { provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { EntryView } from "~/components/directory/entry-view";
import { BookingCta } from "~/components/directory/booking-cta";
import { twinnedPageHeaders } from "./cache-headers";
import { seo } from "~/lib/meta";
import { weekRows } from "~/lib/opening-hours";
import { getEnv } from "~/server/env.server";
import { breadcrumbJsonLd, provinceCrumbs, restaurantJsonLd } from "~/server/json-ld.server";
import { getRestaurantBySlug } from "~/server/models/listings.server";
import { errorPage } from "~/lib/error-page";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getRestaurantBySlug(params.slug);
  if (!found) {
    throw errorPage(404, {
      title: "Restaurante no encontrado",
      message: "Este restaurante no existe o ya no está en el directorio.",
      action: { href: "/buscar?tipo=restaurantes", label: "Buscar restaurantes" },
    });
  }
  if ("redirectTo" in found) throw redirect(`/restaurante/${found.redirectTo}`, 301);
  const env = getEnv();
  const { entry } = found;
  const path = `/restaurante/${entry.slug}`;
  const url = `${env.PUBLIC_URL}${path}`;
  const jsonLd = [
    restaurantJsonLd(entry, url),
    breadcrumbJsonLd(env.PUBLIC_URL, provinceCrumbs(entry.provincia, { nombre: entry.nombre, path })),
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
  const what = e.etiqueta ? categoryLabel(e.etiqueta) : "Restaurante";
  return seo(matches, {
    title: `${e.nombre}: ${what.toLowerCase()} en ${provinceLabel(e.provincia)}`,
    description: (e.descripcion ?? `${e.nombre}, ${what.toLowerCase()} en ${e.direccion}.`).slice(0, 160),
    path: d.path,
    image: e.imagen,
    type: "restaurant.restaurant",
    markdown: true,
    jsonLd: d.jsonLd,
  });
};

export default function RestaurantPage({ loaderData }: Route.ComponentProps) {
  const { entry, week } = loaderData;
  return (
    <>
      <EntryView
        entry={{
          ...entry,
          week,
          special: entry.special_dish ? { label: "Plato especial", value: entry.special_dish } : null,
          links: [
            { label: "Sitio web", href: entry.website_url },
            { label: "Facebook", href: entry.facebook_url },
            { label: "Instagram", href: entry.instagram_url },
          ],
        }}
        back={{ to: provincePath(entry.provincia as ProvinceSlug), label: `Restaurantes en ${provinceLabel(entry.provincia)}` }}
      />
      <BookingCta
        bookingUrl={loaderData.bookingUrl}
        title="¿Este es tu restaurante?"
        text="Verifica tu ficha y haz que más comensales te encuentren en Google y en los asistentes de IA."
      />
    </>
  );
}
