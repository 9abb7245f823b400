/**
 * The foot of an entry page's contact card: when the business last confirmed its information, and
 * the way in for its owner («Editar mi negocio» for its managers, «¿Es tu negocio?» for anyone else).
 */
import { Link } from "react-router";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { Icon } from "~/components/icons/icon";
import { formatDate } from "~/lib/format";

export function MineEntryOwnerBar({
  kind,
  id,
  slug,
  confirmedAt,
  manages,
}: {
  kind: ListingKind;
  id: string;
  slug: string;
  confirmedAt: string | null;
  manages: boolean;
}) {
  const { singular } = LISTING_KINDS[kind];
  return (
    <div className="mt-6 space-y-3 border-t border-ocean-100 pt-4 text-sm">
      {confirmedAt ? (
        <p className="flex items-start gap-2 text-muted">
          <Icon name="check" aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <span>
            Información confirmada por el negocio el <time dateTime={confirmedAt}>{formatDate(confirmedAt)}</time>
          </span>
        </p>
      ) : null}
      {manages ? (
        <Link
          to={`/mi-negocio/${singular}/${id}`}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-ocean-700 hover:underline"
        >
          <Icon name="pencil" aria-hidden className="size-4" />
          Editar mi negocio
        </Link>
      ) : (
        <Link
          to={`/reclamar/${singular}/${slug}`}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-ocean-700 hover:underline"
        >
          <Icon name="building-2" aria-hidden className="size-4" />
          ¿Es tu negocio?
        </Link>
      )}
    </div>
  );
}
