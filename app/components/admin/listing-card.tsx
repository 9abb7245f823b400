/** A restaurant or business in the admin lists: state, badges, actions. */
import { Icon } from "~/components/icons/icon";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { cn } from "~/lib/cn";
import { formatRating, truncateText } from "~/lib/format";
import { ConfirmDeleteButton } from "~/components/confirm-delete";

export type AdminListingItem = {
  id: string;
  nombre: string;
  direccion: string;
  provinciaLabel: string;
  etiqueta: string;
  rating: number | null;
  is_active: boolean;
  is_verified: boolean;
  planLabel: string;
  /** A paid plan's origin and date: 'Stripe · renueva el …', 'Otorgado'. */
  planNote?: string | null;
  /** A failed renewal of the Stripe plan. */
  planAlert?: string | null;
  review: string | null;
};

/** The review preview in admin cards is cut at 100 characters. */
export function reviewPreview(text: string | null | undefined, max = 100): string | null {
  return truncateText(text, max);
}

export function ListingCard({ kind, item }: { kind: ListingKind; item: AdminListingItem }) {
  const navigation = useNavigation();
  const toggling =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "toggle" && navigation.formData?.get("id") === item.id;
  const editTo = `${LISTING_KINDS[kind].adminPath}/edit/${item.id}`;
  const noun = LISTING_KINDS[kind].singular;
  return (
    <Card tone={item.is_active ? "default" : "muted"} className="flex flex-col p-5" data-testid="listing-card">
      {/* Inactive: grey, not faded; a faded text falls under 4.5:1 contrast. */}
      <div className={cn("flex-1", !item.is_active && "grayscale")}>
        <div className="flex flex-wrap items-center gap-1.5">
          {!item.is_active && <Badge tone="slate">Inactivo</Badge>}
          {item.is_verified && (
            <Badge tone="green">
              <Icon name="badge-check" aria-hidden className="size-3.5" /> Verificado
            </Badge>
          )}
          {item.planLabel && <Badge tone="sun">{item.planLabel}</Badge>}
        </div>
        <h3 className="mt-2 text-lg font-bold leading-snug text-ocean-950 wrap-anywhere">{item.nombre}</h3>
        <p className="mt-0.5 text-sm font-medium text-ocean-700">{[item.etiqueta, item.provinciaLabel].filter(Boolean).join(" · ")}</p>
        {item.planNote && <p className="mt-1 text-sm text-ink">{item.planNote}</p>}
        {item.planAlert && <p className="mt-1 text-sm font-semibold text-danger">{item.planAlert}</p>}
        <p className="mt-2 flex items-start gap-1.5 text-sm text-muted">
          <Icon name="map-pin" aria-hidden className="mt-0.5 size-4 shrink-0" /> <span className="wrap-anywhere">{item.direccion}</span>
        </p>
        {item.rating != null && (
          <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-ink">
            <Icon name="star" aria-hidden className="size-4 fill-sun-400 text-sun-500" /> {formatRating(item.rating)}
            <span className="sr-only"> de 5</span>
          </p>
        )}
        {item.review && <p className="mt-3 rounded-lg bg-ocean-50/70 p-3 text-sm italic text-ink wrap-anywhere">«{item.review}»</p>}
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-ocean-100 pt-4">
        <Form method="post" className="contents">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="active" value={item.is_active ? "false" : "true"} />
          <Button type="submit" variant={item.is_active ? "outline" : "primary"} size="compact" disabled={toggling}>
            {item.is_active ? (
              <Icon name="power-off" aria-hidden className="size-4" />
            ) : (
              <Icon name="power" aria-hidden className="size-4" />
            )}
            {toggling ? "Procesando..." : item.is_active ? "Desactivar" : "Activar"}
            <span className="sr-only"> {item.nombre}</span>
          </Button>
        </Form>
        <Link to={editTo} className={buttonClass("outline", "compact")}>
          <Icon name="pencil" aria-hidden className="size-4" /> Editar<span className="sr-only"> {item.nombre}</span>
        </Link>
        <ConfirmDeleteButton
          compact
          hidden={{ intent: "delete", kind, id: item.id }}
          title={`¿Eliminar ${noun}?`}
          description={
            <>
              Se eliminará <strong>{item.nombre}</strong> de forma permanente. Esta acción no se puede deshacer.
            </>
          }
        />
      </div>
    </Card>
  );
}
