import { Icon } from "~/components/icons/icon";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import { Badge } from "~/components/ui/card";
import { VerifiedBadge } from "~/components/ui/verified-badge";
import { DistanceBadge, OpenBadge } from "./open-status";
import { cn } from "~/lib/cn";
import { telHref } from "~/lib/phone";
import { listingWhatsappHref } from "~/lib/contact-links";
import { beaconTap, TAP_REL, tapPath, useTapPingUrl } from "~/lib/tap-links";
import { buttonClass } from "~/components/ui/button";
import { ListingIconTile, ListingImage, listingImageSrc } from "./listing-image";
import { RatingStars } from "./rating-stars";
import { entryPath } from "~/lib/entry-path";
import { isPaidPlan } from "~/catalog/plans";
import { segmentLabel } from "~/catalog/segments";
import type { CardData } from "./labels";

export type { CardData } from "./labels";

const MAX_SPECIALTIES = 3;

/**
 * One directory entry: picture, name, category, rating, place, contact, specialties and marks. An
 * entry without a picture gets a compact card, a small icon beside its name instead of a placeholder.
 */
export function ListingCard({ item, showProvince, children }: { item: CardData; showProvince?: boolean; children?: ReactNode }) {
  const tel = telHref(item.telefono);
  const direct = listingWhatsappHref(item.telefono, item.nombre);
  // A visitor's taps go through the counted path (decision 099); an inactive entry's card is an
  // admin's, whose links stay direct (the counted path serves active entries only).
  const counted = item.is_active;
  const whatsapp = direct && counted ? tapPath("whatsapp", item.kind, item.id) : direct;
  const pingUrl = useTapPingUrl("llamada", item.kind, item.id);
  const ping = counted ? pingUrl : undefined;
  const nameId = useId();
  const hasImage = listingImageSrc(item.imagen) != null;
  const extra = item.especialidades.length - MAX_SPECIALTIES;
  const badges =
    isPaidPlan(item.plan_type) || !item.is_active ? (
      <div className={cn("flex flex-wrap gap-1.5", hasImage ? "absolute left-3 top-3" : "mb-1.5")}>
        {isPaidPlan(item.plan_type) ? (
          <Badge tone="gold" title={`Plan ${planLabel(item.plan_type)}`}>
            <Icon name="crown" aria-hidden className="size-3.5" />
            Destacado
          </Badge>
        ) : null}
        {!item.is_active ? <Badge tone="slate">Inactivo</Badge> : null}
      </div>
    ) : null;
  return (
    <article
      data-testid="listing-card"
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-card border border-ocean-100 bg-white shadow-card transition-shadow hover:shadow-lift focus-within:shadow-lift",
        !item.is_active && "opacity-60",
      )}
    >
      {hasImage ? (
        <div className="relative">
          <ListingImage kind={item.kind} etiqueta={item.etiqueta} nombre={item.nombre} imagen={item.imagen} />
          {badges}
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start gap-3">
          {hasImage ? null : <ListingIconTile kind={item.kind} etiqueta={item.etiqueta} nombre={item.nombre} className="mt-0.5" />}
          <div className="min-w-0 flex-1">
            {hasImage ? null : badges}
            <p className="text-xs font-bold uppercase tracking-wider text-ocean-600">
              {segmentLabel(item.kind, item.etiqueta)}
              {showProvince ? <span className="font-semibold text-muted"> · {provinceLabel(item.provincia)}</span> : null}
            </p>
            <h3 id={nameId} className="mt-1 text-lg font-extrabold leading-snug text-ocean-950">
              <Link
                to={entryPath(item.kind, item.slug)}
                className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-ocean-700 focus-visible:outline-none focus-visible:after:rounded-card focus-visible:after:ring-2 focus-visible:after:ring-ocean-500"
              >
                {item.nombre}
              </Link>
            </h3>
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              <RatingStars rating={item.rating} />
              {item.distancia_km != null ? <DistanceBadge km={item.distancia_km} /> : null}
              {item.is_verified ? <VerifiedBadge /> : null}
            </div>
          </div>
        </div>
        <ul className="space-y-1.5 text-sm text-muted">
          <li className="flex gap-2">
            <Icon name="map-pin" aria-hidden className="mt-0.5 size-4 shrink-0 text-ocean-500" />
            <span className="min-w-0 wrap-anywhere">{item.direccion}</span>
          </li>
          {item.telefono ? (
            <li className="flex items-center gap-2">
              <Icon name="phone" aria-hidden className="size-4 shrink-0 text-ocean-500" />
              {tel ? (
                <a
                  href={tel}
                  ping={ping}
                  onClick={ping ? () => beaconTap(ping) : undefined}
                  className="relative z-10 -my-2 inline-flex min-h-11 items-center font-semibold text-ocean-700 hover:underline"
                >
                  {item.telefono}
                </a>
              ) : (
                <span>{item.telefono}</span>
              )}
              {whatsapp ? (
                <a
                  href={whatsapp}
                  target="_blank"
                  rel={TAP_REL}
                  // The entry's name describes the link rather than naming it: the card's own link is the name.
                  aria-describedby={nameId}
                  className={buttonClass("whatsapp", "compact", "relative z-10 -my-1 ml-auto shrink-0")}
                >
                  <Icon name="message-circle" aria-hidden className="size-4" />
                  <span className="sr-only">Escribir por </span>WhatsApp
                </a>
              ) : null}
            </li>
          ) : null}
          {item.horario || item.abierto ? (
            <li className="flex flex-wrap items-center gap-2">
              <Icon name="clock" aria-hidden className="size-4 shrink-0 text-ocean-500" />
              {item.abierto ? <OpenBadge status={item.abierto} /> : null}
              {item.horario ? <span>{item.horario}</span> : null}
            </li>
          ) : null}
        </ul>
        {item.especialidades.length ? (
          <ul className="mt-auto flex flex-wrap gap-1.5" aria-label="Especialidades">
            {item.especialidades.slice(0, MAX_SPECIALTIES).map((e) => (
              <li key={e} className="rounded-full bg-ocean-50 px-2.5 py-1 text-xs font-medium text-ocean-800">
                {e}
              </li>
            ))}
            {extra > 0 ? <li className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">+{extra}</li> : null}
          </ul>
        ) : null}
        {children ? <div className="relative z-10 border-t border-ocean-100 pt-3">{children}</div> : null}
      </div>
    </article>
  );
}
