/**
 * The monthly report's unsubscribe link without signing in: opening it (GET, as mail scanners do)
 * changes nothing; the page's button and the mail client's one-click POST (RFC 8058) stop the reports,
 * the page's other button resumes them; a tampered or foreign token is a Spanish 4xx. «Mi negocio»
 * has the signed-in switch. The privacy policy says what is counted and for how long.
 */
import { describe, expect, it } from "vitest";
import { PRIVACY } from "~/catalog/legal";
import { users } from "~/db/schema";
import * as privacy from "~/routes/marketing/privacy";
import * as mine from "~/routes/owners/mine";
import * as subscription from "~/routes/owners/report-subscription";
import * as unsubscribe from "~/routes/owners/report-unsubscribe";
import { addManager } from "~/server/models/listing-managers.server";
import { receivesReports } from "~/server/models/visibility-monthly.server";
import { db } from "~/server/platform/db.server";
import { reportToken } from "~/server/visibility/report-token.server";
import { eq } from "drizzle-orm";
import { makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN } from "../setup/route";

const pathOf = (token: string) => `/informes/baja?token=${encodeURIComponent(token)}`;

/** The RFC 8058 one-click POST as a mail provider's server sends it: no Origin, no cookie. */
const oneClick = (token: string) =>
  new Request(ORIGIN + pathOf(token), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("the unsubscribe link", () => {
  it("only asks when opened, and stops the reports when its button is pressed", async () => {
    const ana = await makeUser({ emailVerified: true });
    const token = reportToken(ana.id);
    const page = await call(unsubscribe.loader, getRequest(pathOf(token)));
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ token, receives: true });
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    // Opened twice, as a scanner and then the person: still subscribed.
    await call(unsubscribe.loader, getRequest(pathOf(token)));
    expect(await receivesReports(ana.id)).toBe(true);

    const done = await call(unsubscribe.action, formRequest(pathOf(token), { token, intent: "baja" }));
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ done: "baja" });
    expect(await receivesReports(ana.id)).toBe(false);
    expect((await call(unsubscribe.loader, getRequest(pathOf(token)))).data).toEqual({ token, receives: false });

    const again = await call(unsubscribe.action, formRequest(pathOf(token), { token, intent: "alta" }));
    expect(again.data).toEqual({ done: "alta" });
    expect(await receivesReports(ana.id)).toBe(true);
  });

  it("takes the mail client's one-click POST", async () => {
    const beto = await makeUser({ emailVerified: true });
    const res = await call(unsubscribe.action, oneClick(reportToken(beto.id)));
    expect(res.status).toBe(200);
    expect(await receivesReports(beto.id)).toBe(false);
    // Twice is the same.
    expect((await call(unsubscribe.action, oneClick(reportToken(beto.id)))).status).toBe(200);
    expect(await receivesReports(beto.id)).toBe(false);
  });

  it("answers a tampered, foreign or missing token with a Spanish 400, and changes nothing", async () => {
    const carla = await makeUser({ emailVerified: true });
    const other = await makeUser({ emailVerified: true });
    const token = reportToken(carla.id);
    const [id, sig] = token.split(".") as [string, string];
    const flipped = `${id}.${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    const foreign = `${Buffer.from(carla.id).toString("base64url")}.${reportToken(other.id).split(".")[1]}`;
    for (const bad of [flipped, foreign, `${token}.x`, "", "no-es-un-token", "%%%", `${id}.`, "a".repeat(500)]) {
      const get = await call(unsubscribe.loader, getRequest(pathOf(bad)));
      expect(get.status, bad).toBe(400);
      expect(get.data.title).toBe("Enlace no válido");
      const post = await call(unsubscribe.action, formRequest(pathOf(bad), { token: bad, intent: "baja" }));
      expect(post.status, bad).toBe(400);
      expect((await call(unsubscribe.action, oneClick(bad))).status).toBe(400);
    }
    expect((await call(unsubscribe.loader, getRequest("/informes/baja"))).status).toBe(400);
    expect(await receivesReports(carla.id)).toBe(true);
  });

  it("refuses a POST that says nothing, and says so for an account that no longer exists", async () => {
    const dana = await makeUser({ emailVerified: true });
    const token = reportToken(dana.id);
    const res = await call(unsubscribe.action, formRequest(pathOf(token), { token }));
    expect(res.status).toBe(400);
    expect(await receivesReports(dana.id)).toBe(true);
    await db.delete(users).where(eq(users.id, dana.id));
    const gone = await call(unsubscribe.loader, getRequest(pathOf(token)));
    expect(gone.status).toBe(404);
    expect(gone.data.title).toBe("Cuenta no encontrada");
    expect((await call(unsubscribe.action, oneClick(token))).status).toBe(404);
  });
});

describe("the switch on «Mi negocio»", () => {
  it("shows a manager whether the report comes, and stops and resumes it", async () => {
    const eva = await makeUser({ signedIn: true, confirmed: true });
    const listing = await makeRestaurant();
    expect((await call(mine.loader, getRequest("/mi-negocio", eva.cookie))).data.receivesReports).toBeNull();
    await addManager({ kind: "restaurant", listingId: listing.id, userId: eva.id, source: "assignment" });
    expect((await call(mine.loader, getRequest("/mi-negocio", eva.cookie))).data.receivesReports).toBe(true);

    const off = await call(subscription.action, formRequest("/mi-negocio/informe-mensual", { intent: "baja" }, eva.cookie));
    expect(off.status).toBe(302);
    expect(off.location).toBe("/mi-negocio");
    expect((await call(mine.loader, getRequest("/mi-negocio", eva.cookie))).data.receivesReports).toBe(false);
    await call(subscription.action, formRequest("/mi-negocio/informe-mensual", { intent: "alta" }, eva.cookie));
    expect(await receivesReports(eva.id)).toBe(true);
    const nonsense = await call(subscription.action, formRequest("/mi-negocio/informe-mensual", { intent: "otra" }, eva.cookie));
    expect(nonsense.location).toBe("/mi-negocio");
    expect(await receivesReports(eva.id)).toBe(true);
  });

  it("sends a visitor to sign in", async () => {
    const res = await call(subscription.action, formRequest("/mi-negocio/informe-mensual", { intent: "baja" }));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/auth/);
  });
});

describe("the privacy policy", () => {
  it("says what the directory counts, that nothing identifies a person, how long it is kept, and that reports can be stopped", async () => {
    const page = await call(privacy.loader, getRequest("/privacidad"));
    const text = JSON.stringify(page.data.page);
    expect(page.data.page).toBe(PRIVACY);
    for (const phrase of [
      "cuántas veces aparece cada negocio en las respuestas",
      "De cada pregunta guardamos solo sus palabras, sin datos de quién la hizo",
      "una sola vez por persona y por hora, sin guardar quién los hizo",
      "visitas que llegan desde un asistente de IA",
      "rastreadores de IA",
      "No guardamos direcciones IP ni ningún identificador de las personas",
      "Las palabras de las preguntas se guardan como mucho 90 días; después solo quedan los totales por día",
      "Puedes dejar de recibirlo con el enlace que trae cada informe, sin iniciar sesión",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
