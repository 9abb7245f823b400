/** The Google search tab's actions: search, approve one result into the directory, skip or restore one. */
import { data } from "react-router";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { approvalSchema, type GoogleActionData, placeResultSchema, placeSearchSchema, placeSkipSchema } from "~/schemas/place-import";
import type { CurrentUser } from "~/server/accounts/guards.server";
import {
  DuplicatePlaceError,
  importedPlaceIds,
  importPlace,
  skippedPlaceIds,
  skipPlace,
  unskipPlace,
} from "~/server/models/place-import.server";
import { searchPlaces } from "~/server/admin/places.server";

export async function handleGoogleAction(form: FormData, current: CurrentUser) {
  const intent = form.get("intent");
  if (intent === "google-search") {
    const parsed = placeSearchSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return data({ google: { intent: "google-invalid", errors } as GoogleActionData }, { status: 400 });
    }
    const { query, provincia, offset } = parsed.data;
    const answer = await searchPlaces({ query, location: `${provinceLabel(provincia)}, Panamá`, offset });
    const results = "error" in answer ? [] : answer.results;
    const ids = results.map((r) => r.place_id);
    const [imported, skipped] = await Promise.all([importedPlaceIds(ids), skippedPlaceIds(ids)]);
    return {
      google: {
        intent: "google-search",
        query,
        provincia,
        offset,
        nextOffset: "error" in answer ? offset : answer.nextOffset,
        more: "error" in answer ? false : answer.more,
        results: results.map((r) => ({ ...r, imported: imported.has(r.place_id), skipped: skipped.has(r.place_id) })),
        error: "error" in answer ? answer.error : null,
      } as GoogleActionData,
    };
  }
  if (intent === "google-skip" || intent === "google-unskip") {
    const parsed = placeSkipSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ google: { intent, placeId: "", ok: false } as GoogleActionData }, { status: 400 });
    if (intent === "google-skip") await skipPlace(parsed.data, { id: current.user.id, email: current.user.email });
    else await unskipPlace(parsed.data.place_id);
    return { google: { intent, placeId: parsed.data.place_id, ok: true } as GoogleActionData };
  }
  // google-approve
  let result: unknown;
  try {
    result = JSON.parse(String(form.get("result") ?? ""));
  } catch {
    result = null;
  }
  const place = placeResultSchema.safeParse(result);
  const choice = approvalSchema.safeParse(Object.fromEntries(form));
  const placeId = place.success ? place.data.place_id : "";
  const failed = (status: number, description = "No se pudo agregar el negocio") =>
    data(
      { google: { intent: "google-approve", placeId, ok: false, title: "Error al agregar", description } as GoogleActionData },
      { status },
    );
  if (!place.success || !choice.success) return failed(400);
  try {
    await importPlace(place.data, choice.data, { id: current.user.id, email: current.user.email });
  } catch (e) {
    if (e instanceof DuplicatePlaceError) return failed(409, e.message);
    console.error("[admin] google import:", e);
    return failed(503);
  }
  return {
    google: {
      intent: "google-approve",
      placeId,
      ok: true,
      title: `${LISTING_KINDS[choice.data.kind].label} agregado`,
      description: `«${place.data.name}» quedó sin verificar hasta que lo revises.`,
    } as GoogleActionData,
  };
}
