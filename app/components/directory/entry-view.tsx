import { Icon } from "~/components/icons/icon";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { provinceLabel } from "~/catalog/provinces";
import { Badge } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { VerifiedBadge } from "~/components/ui/verified-badge";
import { listingWhatsappHref } from "~/lib/contact-links";
import { safeUrl } from "~/lib/safe-url";
import { telHref } from "~/lib/phone";
import { beaconTap, TAP_REL, tapPath, useTapPingUrl } from "~/lib/tap-links";
import type { VisibilityAction } from "~/catalog/visibility";
import { OpenBadge } from "./open-status";
import { type WeekRow, WeeklyHours } from "./weekly-hours";
import { isPaidPlan } from "~/catalog/plans";
import { segmentLabel } from "~/catalog/segments";
import type { CardData } from "./labels";
import { ListingImage } from "./listing-image";
import { RatingStars } from "./rating-stars";

export type EntryData = CardData & {
  /** The listing's own WhatsApp number; without one, its phone's. */
  whatsapp?: string | null;
  descripcion: string | null;
  customer_reviews: string | null;
  maps_url?: string | null;
  latitud?: number | null;
  longitud?: number | null;
  special?: { label: string; value: string } | null;
  /** Links to its own pages elsewhere; one with `tap` goes through the counted redirect (decision 099). */
  links: { label: string; href: string | null; tap?: VisibilityAction }[];
  /** The weekly schedule as display rows, when the entry has one (laid out by the loader). */
  week?: WeekRow[] | null;
};

type Crumb = { to: string; label: string };

/** A term and its value; a group in a <dl> holds only <dt> and <dd>, so the icon sits inside the term. */
function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-xs font-bold uppercase tracking-wider text-muted">
        <span className="absolute top-0 left-0 grid size-10 place-items-center rounded-xl bg-ocean-50 text-ocean-600" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 wrap-anywhere font-medium text-ink">{children}</dd>
    </div>
  );
}

/** A call link: the real tel: link, counted by its ping and, with JavaScript, a beacon (decision 099). */
type Call = { href: string; ping: string };

/**
 * WhatsApp, call and map buttons: compact in the phone row, large in the side card. WhatsApp and the
 * map are the counted redirect's paths.
 */
function ContactActions({ whatsapp, tel, maps, compact }: { whatsapp: string | null; tel: Call | null; maps: string; compact?: boolean }) {
  const size = compact ? "tight" : "lg";
  const icon = compact ? "size-4" : "size-5";
  return (
    <>
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel={TAP_REL} className={buttonClass("whatsapp", size)}>
          <Icon name="message-circle" aria-hidden className={icon} />
          {compact ? "WhatsApp" : "Escribir por WhatsApp"}
        </a>
      ) : null}
      {tel ? (
        <a href={tel.href} ping={tel.ping} onClick={() => beaconTap(tel.ping)} className={buttonClass("outline", size)}>
          <Icon name="phone" aria-hidden className={icon} />
          Llamar
        </a>
      ) : null}
      <a href={maps} target="_blank" rel={TAP_REL} className={buttonClass("outline", size)}>
        <Icon name="map-pin" aria-hidden className={icon} />
        {compact ? "Mapa" : "Cómo llegar"}
      </a>
    </>
  );
}

/** The way back: the linked pages above this one, then this page's name. */
function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Ruta de navegación" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {/* Each separator ends its item: a list holds only <li>. */}
        {trail.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-1">
            <Link to={crumb.to} className="inline-flex min-h-11 items-center hover:text-ocean-700 hover:underline">
              {crumb.label}
            </Link>
            <Icon name="chevron-right" aria-hidden className="size-4" />
          </li>
        ))}
        <li aria-current="page" className="min-w-0 truncate font-semibold text-ocean-950">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The page of one restaurant or business: every public field, contact and map links. */
export function EntryView({ entry, back, owner, notice }: { entry: EntryData; back: Crumb; owner?: ReactNode; notice?: ReactNode }) {
  // Each contact link goes through the directory's counted path; the targets are computed there from
  // the same stored data, and the page shows a link only when it has a target.
  const tapTo = (action: VisibilityAction) => tapPath(action, entry.kind, entry.id);
  const telTarget = telHref(entry.telefono);
  const ping = useTapPingUrl("llamada", entry.kind, entry.id);
  const tel = telTarget ? { href: telTarget, ping } : null;
  const whatsapp = listingWhatsappHref(entry.whatsapp ?? entry.telefono, entry.nombre) ? tapTo("whatsapp") : null;
  const maps = tapTo("direcciones");
  const links = entry.links
    .map((l) => {
      const href = safeUrl(l.href);
      return { label: l.label, href: href && l.tap ? tapTo(l.tap) : href };
    })
    .filter((l) => l.href);
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <Breadcrumbs trail={[{ to: "/", label: "Inicio" }, back]} current={entry.nombre} />

      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <div className="overflow-hidden rounded-card shadow-card">
            <ListingImage kind={entry.kind} etiqueta={entry.etiqueta} nombre={entry.nombre} imagen={entry.imagen} eager />
          </div>
          <header className="mt-6">
            <p className="text-sm font-bold uppercase tracking-wider text-ocean-600">
              {segmentLabel(entry.kind, entry.etiqueta)} · {provinceLabel(entry.provincia)}
            </p>
            <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{entry.nombre}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <RatingStars rating={entry.rating} size="md" />
              {entry.is_verified ? <VerifiedBadge /> : null}
              {isPaidPlan(entry.plan_type) ? (
                <Badge tone="sun">
                  <Icon name="crown" aria-hidden className="size-3.5" />
                  Destacado
                </Badge>
              ) : null}
            </div>
          </header>
          {notice ? <div className="mt-4">{notice}</div> : null}
          {/* On phones the contact actions come first; on wide screens they live in the side card. */}
          <div className="mt-5 grid grid-cols-3 gap-2 lg:hidden">
            <ContactActions whatsapp={whatsapp} tel={tel} maps={maps} compact />
          </div>
          {entry.descripcion ? <p className="mt-6 text-lg leading-relaxed text-ink">{entry.descripcion}</p> : null}

          {entry.special ? (
            <div className="mt-6 flex gap-3 rounded-card border border-sun-300 bg-sun-100/60 p-4">
              <Icon name="sparkles" aria-hidden className="mt-0.5 size-5 shrink-0 text-sun-700" />
              <p>
                <span className="block text-xs font-bold uppercase tracking-wider text-sun-700">{entry.special.label}</span>
                <span className="font-semibold text-ocean-950">{entry.special.value}</span>
              </p>
            </div>
          ) : null}

          {entry.especialidades.length ? (
            <section className="mt-8" aria-labelledby="especialidades">
              <h2 id="especialidades" className="text-xl font-extrabold">
                Especialidades
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {entry.especialidades.map((e) => (
                  <li key={e} className="rounded-full bg-ocean-50 px-3 py-1.5 text-sm font-medium text-ocean-800 ring-1 ring-ocean-100">
                    {e}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {entry.customer_reviews ? (
            <section className="mt-8" aria-labelledby="opiniones">
              <h2 id="opiniones" className="text-xl font-extrabold">
                Lo que dicen los clientes
              </h2>
              <blockquote className="mt-3 flex gap-3 rounded-card border border-ocean-100 bg-white p-5 shadow-card">
                <Icon name="quote" aria-hidden className="size-6 shrink-0 text-sun-500" />
                <p className="italic text-ink">{entry.customer_reviews}</p>
              </blockquote>
            </section>
          ) : null}
        </div>

        <aside className="lg:col-span-2">
          <div className="rounded-card border border-ocean-100 bg-white p-6 shadow-card lg:sticky lg:top-24">
            <h2 className="text-lg font-extrabold">Contacto y ubicación</h2>
            <div className="mt-4 grid gap-2">
              <ContactActions whatsapp={whatsapp} tel={tel} maps={maps} />
            </div>
            <dl className="mt-6 space-y-4">
              <InfoRow icon={<Icon name="map-pin" className="size-5" />} label="Dirección">
                <a href={maps} target="_blank" rel={TAP_REL} className="text-ocean-700 hover:underline">
                  {entry.direccion}
                </a>
              </InfoRow>
              {entry.telefono ? (
                <InfoRow icon={<Icon name="phone" className="size-5" />} label="Teléfono">
                  {tel ? (
                    <a href={tel.href} ping={tel.ping} onClick={() => beaconTap(tel.ping)} className="text-ocean-700 hover:underline">
                      {entry.telefono}
                    </a>
                  ) : (
                    entry.telefono
                  )}
                </InfoRow>
              ) : null}
              {entry.horario || entry.week ? (
                <InfoRow icon={<Icon name="clock" className="size-5" />} label="Horario">
                  {entry.abierto ? <OpenBadge status={entry.abierto} /> : null}
                  {entry.week ? <WeeklyHours rows={entry.week} /> : <span className="block">{entry.horario}</span>}
                </InfoRow>
              ) : null}
              {links.length ? (
                <InfoRow icon={<Icon name="globe" className="size-5" />} label="En internet">
                  <ul className="space-y-1">
                    {links.map((l) => (
                      <li key={l.label}>
                        <a
                          href={l.href!}
                          target="_blank"
                          rel="noopener noreferrer nofollow"
                          className="inline-flex min-h-11 items-center gap-1 text-ocean-700 hover:underline"
                        >
                          {l.label}
                          <Icon name="external-link" aria-hidden className="size-3.5" />
                        </a>
                      </li>
                    ))}
                  </ul>
                </InfoRow>
              ) : null}
            </dl>
            {owner}
          </div>
        </aside>
      </div>
    </article>
  );
}
