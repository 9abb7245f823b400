/**
 * The Activar/Desactivar and delete actions of the admin lists (dashboard and restaurant search).
 * Deleting needs `confirm=1`, so one click never deletes: without it the caller renders a
 * confirmation step.
 */
import { data } from "react-router";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { listingActionSchema } from "~/schemas/admin";
import { submissionOf } from "~/server/http/forms.server";
import type { CurrentUser } from "~/server/accounts/guards.server";
import { deleteListing, LISTING_GONE, setListingActive } from "~/server/models/listing-admin.server";
import { getListing } from "~/server/models/admin-listings.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { messageOf } from "~/lib/user-error";

export type ConfirmDelete = { kind: ListingKind; id: string; nombre: string };

/** `url`: the page's URL (the loader's `url`; a data request's own URL ends in `.data`). */
export async function handleListingAction(url: URL, form: FormData, current: CurrentUser) {
  const back = url.pathname + url.search;
  const submission = submissionOf(form, listingActionSchema);
  if (submission.status !== "success") {
    return data({ confirm: null as ConfirmDelete | null, toast: { type: "error" as const, title: "Solicitud inválida" } }, { status: 400 });
  }
  const actor = { id: current.user.id, email: current.user.email };
  const input = submission.value;
  const { singular: noun, label } = LISTING_KINDS[input.kind];
  if (input.intent === "toggle") {
    try {
      await setListingActive(input.kind, input.id, input.active, actor);
    } catch (e) {
      return redirectWithToast(back, { type: "error", title: `Error al actualizar estado: ${messageOf(e, "admin toggle")}` });
    }
    return redirectWithToast(back, {
      type: "success",
      title: "Estado actualizado",
      description: input.active ? "La entrada está activa." : "La entrada está inactiva.",
    });
  }
  if (input.confirm !== "1") {
    const row = await getListing(input.kind, input.id);
    if (!row) return redirectWithToast(back, { type: "error", title: `Error al eliminar ${noun}: ${LISTING_GONE}` });
    return data({ confirm: { kind: input.kind, id: row.id, nombre: row.nombre } as ConfirmDelete | null, toast: null });
  }
  try {
    await deleteListing(input.kind, input.id, actor);
  } catch (e) {
    return redirectWithToast(back, { type: "error", title: `Error al eliminar ${noun}: ${messageOf(e, "admin delete")}` });
  }
  return redirectWithToast(back, { type: "success", title: `${label} eliminado` });
}
