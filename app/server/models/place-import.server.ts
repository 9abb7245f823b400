/**
 * Insert on approval: an approved Google result becomes an unverified, active, free_local
 * restaurant or business, keeping its google_place_id, coordinates and weekly periods. A place is
 * imported once, across both tables, also when two admins approve at once.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { industryLabel } from "~/catalog/industries";
import { provinceLabel } from "~/catalog/provinces";
import { businesses, google_place_skips, restaurants, type WeeklyPeriod } from "~/db/schema";
import { inPanama } from "~/lib/geo";
import type { Approval, ApprovedPlace } from "~/schemas/place-import";
import { db, isUniqueViolation, queryRows } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { type Actor, uniqueListingSlug } from "./listing-admin.server";
import { placeCategory, placeTypeLabel } from "~/catalog/place-types";
import { horarioOf } from "~/lib/opening-hours";
import { formatPhone } from "~/lib/phone";
import { UserError } from "~/lib/user-error";

const IMPORT_LIMITS = { especialidades: 5, reviews: 2, reviewChars: 100 } as const;
const NOT_SPECIALTIES = new Set(["establishment", "point_of_interest"]);

export class DuplicatePlaceError extends UserError {
  constructor(nombre: string) {
    super(`«${nombre}» ya fue importado desde Google; no se puede agregar dos veces.`);
  }
}

function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** The columns shared by both tables, from the result and the admin's choices. */
function importedColumns(place: ApprovedPlace, choice: Approval) {
  // Public pages show specialties: Google's type names in Spanish (seafood_restaurant -> Mariscos).
  const especialidades = [...new Set(place.types.filter((t) => !NOT_SPECIALTIES.has(t)).map(placeTypeLabel))].slice(
    0,
    IMPORT_LIMITS.especialidades,
  );
  const reviews = place.reviews
    .filter((r) => r.text.trim() !== "")
    .slice(0, IMPORT_LIMITS.reviews)
    .map((r) => `${r.author_name}${r.rating !== null ? ` (${r.rating}/5)` : ""}: ${cut(r.text.trim(), IMPORT_LIMITS.reviewChars)}`);
  // Outside the tables' check constraint (Panama's box) the place keeps no coordinates rather than failing.
  const located = place.latitude !== null && place.longitude !== null && inPanama(place.latitude, place.longitude);
  const periods = (place.opening_periods as WeeklyPeriod[] | null) ?? null;
  const what = choice.kind === "restaurant" ? "Restaurante" : `Negocio de ${industryLabel(choice.industria).toLowerCase()}`;
  return {
    nombre: place.name,
    // A draft for the admin to review before verifying: Google's terms restrict storing their text, so it
    // says only what the import knows.
    descripcion: `${what} en ${provinceLabel(choice.provincia)}.`,
    direccion: place.address ?? `${provinceLabel(choice.provincia)}, Panamá`,
    telefono: formatPhone(place.phone),
    // Cards show the text on one line: the weekly periods in the directory's usual shape ('Lun-Sáb
    // 11:00-22:00'), Google's own lines only for a place without periods.
    horario: horarioOf(periods) ?? (place.opening_hours.length > 0 ? place.opening_hours.join("; ") : null),
    rating: place.rating === null ? null : Math.round(place.rating * 10) / 10,
    provincia: choice.provincia,
    especialidades,
    customer_reviews: reviews.length > 0 ? reviews.join("\n") : null,
    is_verified: false,
    is_active: true,
    plan_type: "free_local",
    google_place_id: place.place_id,
    latitud: located ? place.latitude : null,
    longitud: located ? place.longitude : null,
    horario_semanal: periods,
  };
}

export async function importPlace(place: ApprovedPlace, choice: Approval, actor: Actor) {
  const columns = importedColumns(place, choice);
  const slug = await uniqueListingSlug(choice.kind, place.name);
  try {
    const row = await db.transaction(async (tx) => {
      // Serialises approvals of the same place: the second sees the first's row and is refused.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`google-place:${place.place_id}`}))`);
      const [inRestaurants] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.google_place_id, place.place_id));
      const [inBusinesses] = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.google_place_id, place.place_id));
      if (inRestaurants || inBusinesses) throw new DuplicatePlaceError(place.name);
      if (choice.kind === "restaurant") {
        const [created] = await tx
          .insert(restaurants)
          .values({
            ...columns,
            slug,
            categoria: choice.categoria ?? placeCategory(place.types, place.primary_type),
            maps_url: place.maps_url,
            website_url: place.website,
          })
          .returning();
        await recordAudit({ actor, action: "create", entity: "restaurant", entityId: created!.id, before: null, after: created }, tx);
        return { kind: "restaurant" as const, id: created!.id, slug: created!.slug };
      }
      const [created] = await tx
        .insert(businesses)
        .values({ ...columns, slug, industria: choice.industria, website: place.website })
        .returning();
      await recordAudit({ actor, action: "create", entity: "business", entityId: created!.id, before: null, after: created }, tx);
      return { kind: "business" as const, id: created!.id, slug: created!.slug };
    });
    invalidatePublicPages();
    return row;
  } catch (error) {
    if (error instanceof DuplicatePlaceError) throw error;
    // Same place id raced past the lock (another database session without it): same refusal.
    if (
      isUniqueViolation(error) &&
      String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error).includes("google_place_id")
    )
      throw new DuplicatePlaceError(place.name);
    throw error;
  }
}

/** Which of these Google place ids are already in the directory (to mark results as imported). */
export async function importedPlaceIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    sql`select google_place_id as id from restaurants where google_place_id in (${list})
        union select google_place_id from businesses where google_place_id in (${list})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Skips one result for every admin (skipping it again keeps the first skip). */
export async function skipPlace(place: { place_id: string; name: string }, actor: Actor) {
  await db
    .insert(google_place_skips)
    .values({ place_id: place.place_id, name: place.name, skipped_by: actor.id })
    .onConflictDoNothing({ target: google_place_skips.place_id });
}

/** Shows a skipped result again on later searches. */
export async function unskipPlace(placeId: string) {
  await db.delete(google_place_skips).where(eq(google_place_skips.place_id, placeId));
}

/** Which of these Google place ids an admin skipped. */
export async function skippedPlaceIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: google_place_skips.place_id })
    .from(google_place_skips)
    .where(inArray(google_place_skips.place_id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
