/** The Google import search endpoint: admin only, Google never called for anyone else. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { businesses } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as endpoint from "~/routes/api/google-business-profile";
import type { ApprovedPlace } from "~/schemas/place-import";
import { db } from "~/server/platform/db.server";
import { importPlace } from "~/server/models/place-import.server";
import { forgetPageTokens, mapPlace } from "~/server/admin/places.server";
import { FAKE_PLACES_KEY, type FakePlaces, makeGooglePlace, startFakePlaces } from "../fakes/places";
import { makeUser } from "../setup/factories";
import { call, formRequest, ORIGIN, resetConfig } from "../setup/route";

let fake: FakePlaces;
function searchRequest(body: unknown, cookie?: string) {
  return new Request(`${ORIGIN}/api/google-business-profile`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function place(n: number, overrides: Record<string, unknown> = {}): ApprovedPlace {
  return mapPlace(makeGooglePlace(n, overrides)) as ApprovedPlace;
}
let actor: { id: string; email: string };

beforeAll(async () => {
  fake = await startFakePlaces();
  resetConfig({ GOOGLE_PLACES_API_KEY: FAKE_PLACES_KEY, GOOGLE_PLACES_API_BASE: fake.url });
  actor = await makeUser({ signedIn: true, admin: true });
});
afterAll(async () => {
  resetConfig({ GOOGLE_PLACES_API_KEY: undefined, GOOGLE_PLACES_API_BASE: undefined });
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode({ kind: "ok" });
  fake.setPlaces(Array.from({ length: 12 }, (_, i) => makeGooglePlace(500 + i)));
  forgetPageTokens();
});

describe("POST /api/google-business-profile", () => {
  const body = { query: "mariscos", location: "Chiriquí, Panamá", offset: 0 };

  it("answers 403 to a signed-in non-admin and 401 to a visitor, and never calls Google", async () => {
    const user = await makeUser({ signedIn: true });
    const denied = await call(endpoint.action, searchRequest(body, user.cookie));
    expect(denied.status).toBe(403);
    expect(denied.data).toEqual({ error: "No tienes permisos de administrador." });
    expect((await call(endpoint.action, searchRequest(body))).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it("gives an admin the results, marking those already imported", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    await importPlace(place(501), { kind: "restaurant", provincia: "chiriqui", industria: "construccion" }, actor);
    const res = await call(endpoint.action, searchRequest(body, admin.cookie));
    expect(res.status).toBe(200);
    expect(res.data.results).toHaveLength(10);
    expect(res.data.results.filter((r: { imported: boolean }) => r.imported).map((r: { place_id: string }) => r.place_id)).toEqual([
      "ChIJfake0501",
    ]);
    expect(fake.requests[0]?.body).toMatchObject({ textQuery: "mariscos, Chiriquí, Panamá" });
    const more = await call(endpoint.action, searchRequest({ ...body, offset: 10 }, admin.cookie));
    expect(more.data.results).toHaveLength(2);
  });

  it("answers Google's failure as {error} and a bad body as 400", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    fake.setMode({ kind: "error", code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded." });
    const res = await call(endpoint.action, searchRequest(body, admin.cookie));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ error: "Se agotó la cuota de Google Places; inténtalo más tarde." });
    const bad = await call(endpoint.action, searchRequest({ ...body, query: "   " }, admin.cookie));
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: "Por favor ingresa un término de búsqueda" });
  });
});

describe("the Google tab's actions on /admin", () => {
  it("validates the search with the spec's messages and answers Google's failure as a message", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const invalid = await call(
      dashboard.action,
      formRequest("/admin?tab=google", { intent: "google-search", query: "  ", provincia: "" }, admin.cookie),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.google.errors).toEqual({
      query: "Por favor ingresa un término de búsqueda",
      provincia: "Por favor selecciona una provincia",
    });
    expect(fake.requests).toHaveLength(0);
    fake.setMode({ kind: "slow", ms: 50 });
    const ok = await call(
      dashboard.action,
      formRequest("/admin?tab=google", { intent: "google-search", query: "fondas", provincia: "veraguas", offset: "0" }, admin.cookie),
    );
    expect(ok.data.google).toMatchObject({ intent: "google-search", error: null, offset: 0 });
    expect(ok.data.google.results).toHaveLength(10);
    fake.setMode({ kind: "malformed" });
    const bad = await call(
      dashboard.action,
      formRequest("/admin?tab=google", { intent: "google-search", query: "fondas", provincia: "veraguas" }, admin.cookie),
    );
    expect(bad.data.google).toMatchObject({ error: "Google Places devolvió una respuesta ilegible.", results: [] });
  });

  it("approves a result once; the second approval gets 'Error al agregar' with the reason; a non-admin is turned away", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const result = JSON.stringify(place(600));
    const fields = { intent: "google-approve", result, kind: "business", provincia: "chiriqui", industria: "turismo" };
    const first = await call(dashboard.action, formRequest("/admin?tab=google", fields, admin.cookie));
    expect(first.data.google).toMatchObject({ ok: true, title: "Negocio agregado", placeId: "ChIJfake0600" });
    const again = await call(dashboard.action, formRequest("/admin?tab=google", { ...fields, kind: "restaurant" }, admin.cookie));
    expect(again.status).toBe(409);
    expect(again.data.google).toMatchObject({
      ok: false,
      title: "Error al agregar",
      description: "«Marisquería El Puerto 600» ya fue importado desde Google; no se puede agregar dos veces.",
    });
    const forged = await call(dashboard.action, formRequest("/admin?tab=google", { ...fields, result: "{}" }, admin.cookie));
    expect(forged.status).toBe(400);
    expect(forged.data.google).toMatchObject({ title: "Error al agregar", description: "No se pudo agregar el negocio" });
    const user = await makeUser({ signedIn: true });
    const denied = await call(
      dashboard.action,
      formRequest("/admin?tab=google", { ...fields, result: JSON.stringify(place(601)) }, user.cookie),
    );
    expect(denied.status).toBe(302);
    expect(await db.select().from(businesses).where(eq(businesses.google_place_id, "ChIJfake0601"))).toHaveLength(0);
  });

  it("keeps a skipped result skipped on a new search, for every admin, until it is restored", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const other = await makeUser({ signedIn: true, admin: true });
    const search = (cookie: string, offset = 0) =>
      call(
        dashboard.action,
        formRequest(
          "/admin?tab=google",
          { intent: "google-search", query: "mariscos", provincia: "chiriqui", offset: String(offset) },
          cookie,
        ),
      );
    const skip = { intent: "google-skip", place_id: "ChIJfake0502", name: "Marisquería El Puerto 502" };
    const skipped = await call(dashboard.action, formRequest("/admin?tab=google", skip, admin.cookie));
    expect(skipped.data.google).toEqual({ intent: "google-skip", placeId: "ChIJfake0502", ok: true });
    const flags = async (cookie: string) =>
      ((await search(cookie)).data.google.results as { place_id: string; skipped: boolean }[])
        .filter((r) => r.skipped)
        .map((r) => r.place_id);
    expect(await flags(admin.cookie)).toEqual(["ChIJfake0502"]);
    expect(await flags(other.cookie)).toEqual(["ChIJfake0502"]);
    await call(dashboard.action, formRequest("/admin?tab=google", { ...skip, intent: "google-unskip" }, other.cookie));
    expect(await flags(admin.cookie)).toEqual([]);
    const forged = await call(dashboard.action, formRequest("/admin?tab=google", { intent: "google-skip", place_id: "" }, admin.cookie));
    expect(forged.status).toBe(400);
    const user = await makeUser({ signedIn: true });
    expect((await call(dashboard.action, formRequest("/admin?tab=google", skip, user.cookie))).status).toBe(302);
    expect(await flags(admin.cookie)).toEqual([]);
  });

  it("says whether Google has a further page ('Buscar más') and where it starts", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const search = (offset: number) =>
      call(
        dashboard.action,
        formRequest(
          "/admin?tab=google",
          { intent: "google-search", query: "mariscos", provincia: "chiriqui", offset: String(offset) },
          admin.cookie,
        ),
      );
    const first = await search(0);
    expect(first.data.google).toMatchObject({ offset: 0, nextOffset: 10, more: true });
    const last = await search(10);
    expect(last.data.google).toMatchObject({ offset: 10, nextOffset: 12, more: false });
    expect(last.data.google.results).toHaveLength(2);
    // Exactly one page: no 'Buscar más' either.
    fake.setPlaces(Array.from({ length: 10 }, (_, i) => makeGooglePlace(700 + i)));
    forgetPageTokens();
    expect((await search(0)).data.google).toMatchObject({ nextOffset: 10, more: false });
  });
});
