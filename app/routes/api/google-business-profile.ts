/**
 * `POST /api/google-business-profile`: admin only. Body `{query, location, offset}`; answers
 * `{results}` (each marked `imported` when already in the directory) or `{error}`. Google is never
 * called for anyone but an admin.
 */
import type { Route } from "./+types/google-business-profile";
import { getCurrentUser, ACCESS_DENIED } from "~/server/accounts/guards.server";
import { importedPlaceIds } from "~/server/models/place-import.server";
import { searchPlaces } from "~/server/admin/places.server";
import { placeSearchBodySchema } from "~/schemas/place-import";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader() {
  return Response.json({ error: "Usa POST con {query, location, offset}." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const current = await getCurrentUser(request);
  if (!current) return Response.json({ error: "Inicia sesión como administrador." }, { status: 401, headers: noStore });
  if (!current.profile.is_admin) return Response.json({ error: ACCESS_DENIED.description }, { status: 403, headers: noStore });
  if (request.method !== "POST") return loader();
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 10_000));
  } catch {
    return Response.json({ error: "El cuerpo debe ser JSON." }, { status: 400, headers: noStore });
  }
  const parsed = placeSearchBodySchema.safeParse(body);
  if (!parsed.success)
    return Response.json({ error: parsed.error.issues[0]?.message ?? "Solicitud inválida." }, { status: 400, headers: noStore });
  const answer = await searchPlaces(parsed.data);
  if ("error" in answer) return Response.json(answer, { headers: noStore });
  const imported = await importedPlaceIds(answer.results.map((r) => r.place_id));
  return Response.json({ results: answer.results.map((r) => ({ ...r, imported: imported.has(r.place_id) })) }, { headers: noStore });
}
