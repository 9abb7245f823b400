/** The Google import search endpoint: admin only, Google never called for anyone else (SPEC §7). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles } from "~/db/schema";
import * as endpoint from "~/routes/api/google-business-profile";
import type { ApprovedPlace } from "~/schemas/place-import";
import { getAuth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { getCurrentUser } from "~/server/guards.server";
import { importPlace } from "~/server/models/place-import.server";
import { forgetPageTokens, mapPlace } from "~/server/places.server";
import { FAKE_PLACES_KEY, type FakePlaces, makeGooglePlace, startFakePlaces } from "../fakes/places";
import { call, getRequest, ORIGIN, resetConfig } from "../setup/route";

let fake: FakePlaces;
let n = 0;
const email = (p: string) => `${p}${++n}-${Math.random().toString(36).slice(2, 7)}@import.test`;

async function signUp(admin: boolean): Promise<{ cookie: string; id: string }> {
  const address = email(admin ? "admin" : "user");
  const res = (await getAuth().api.signUpEmail({
    body: { email: address, password: "clave-segura-123", name: "Prueba" },
    asResponse: true,
  })) as Response;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = (await res.json()) as { user: { id: string } };
  await getCurrentUser(getRequest("/", cookie));
  if (admin) await db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, body.user.id));
  return { cookie, id: body.user.id };
}

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
  const admin = await signUp(true);
  actor = { id: admin.id, email: "admin@import.test" };
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
    const user = await signUp(false);
    const denied = await call(endpoint.action, searchRequest(body, user.cookie));
    expect(denied.status).toBe(403);
    expect(denied.data).toEqual({ error: "No tienes permisos de administrador." });
    expect((await call(endpoint.action, searchRequest(body))).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it("gives an admin the results, marking those already imported", async () => {
    const admin = await signUp(true);
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
    const admin = await signUp(true);
    fake.setMode({ kind: "error", code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded." });
    const res = await call(endpoint.action, searchRequest(body, admin.cookie));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ error: "Se agotó la cuota de Google Places; inténtalo más tarde." });
    const bad = await call(endpoint.action, searchRequest({ ...body, query: "   " }, admin.cookie));
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: "Por favor ingresa un término de búsqueda" });
  });
});
