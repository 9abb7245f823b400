/** What an entry's visibility page shows, for the owner's page and the admin's alike. */
import { segmentLabel as labelOfSegment } from "~/catalog/segments";
import { panamaToday } from "~/catalog/holidays";
import type { ListingKind } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { entryVisibility, periodOf, visibilityEntry } from "../models/visibility-views.server";

/** The entry's name and figures over the period `?dias=` names; undefined when the listing does not exist. */
export async function entryVisibilityPage(kind: ListingKind, id: string, request: Request, now: Date = new Date()) {
  const entry = await visibilityEntry(kind, id);
  if (!entry) return undefined;
  const period = periodOf(new URL(request.url).searchParams.get("dias"));
  const data = await entryVisibility(kind, id, entry, period, panamaToday(now));
  const segmentLabel = entry.segment ? labelOfSegment(kind, entry.segment) : null;
  return {
    kind,
    id,
    nombre: entry.nombre,
    slug: entry.slug,
    live: entry.live,
    plan: entry.plan,
    segmentLabel,
    provinceLabel: provinceLabel(entry.provincia),
    data,
  };
}
