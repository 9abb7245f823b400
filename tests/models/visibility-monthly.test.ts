/**
 * The monthly visibility report against the real database: known daily counts of two months give the
 * report's figures and the change from the month before; the mail shows them; one mail per listing,
 * month and manager even when two passes race; opted-out and unconfirmed managers get none; the mail
 * carries RFC 8058's one-click unsubscribe headers to the SMTP server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  visibility_actions,
  visibility_entry_questions,
  visibility_impressions,
  visibility_report_optouts,
  visibility_visits,
} from "~/db/schema";
import { deliverDueMails } from "~/server/mail/sender.server";
import { insertOutboxMail } from "~/server/models/mail-outbox.server";
import { addManager } from "~/server/models/listing-managers.server";
import { monthReport, setReceivesReports } from "~/server/models/visibility-monthly.server";
import { db } from "~/server/platform/db.server";
import { reportMonthAt, sendMonthlyReports } from "~/server/visibility/monthly-report.server";
import { changeText, renderReportMail } from "~/server/visibility/report-mail.server";
import { reportUnsubscribeUrl, verifyReportToken } from "~/server/visibility/report-token.server";
import { makeRestaurant, makeUser } from "../setup/factories";
import { resetConfig } from "../setup/route";

const ORIGIN = "http://localhost:3000";
let mailLog: string;

beforeAll(() => {
  mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "informe-")), "mail.log");
  resetConfig({ MAIL_LOG_FILE: mailLog, PUBLIC_URL: ORIGIN });
});
afterAll(() => resetConfig({ MAIL_LOG_FILE: undefined, PUBLIC_URL: undefined }));

type Logged = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
const mailsTo = (to: string): Logged[] =>
  fs.existsSync(mailLog)
    ? fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Logged)
        .filter((m) => m.to === to)
    : [];

/** October 2030 and September 2030 of one restaurant, with a manager. */
async function listingWithCounts() {
  const listing = await makeRestaurant({ nombre: "Fonda del Informe" });
  const id = listing.id;
  const kind = "restaurant";
  await db.insert(visibility_impressions).values([
    { kind, listing_id: id, day: "2030-09-10", channel: "api", band: 1, count: 100 },
    { kind, listing_id: id, day: "2030-10-01", channel: "api", band: 1, count: 70 },
    { kind, listing_id: id, day: "2030-10-31", channel: "api", band: 2, count: 50 },
    { kind, listing_id: id, day: "2030-10-15", channel: "mcp", band: 1, count: 30 },
    { kind, listing_id: id, day: "2030-09-30", channel: "ficha", band: 1, count: 10 },
    // Outside both months: never counted.
    { kind, listing_id: id, day: "2030-11-01", channel: "api", band: 1, count: 999 },
    { kind, listing_id: id, day: "2030-08-31", channel: "api", band: 1, count: 999 },
  ]);
  await db.insert(visibility_actions).values([
    { kind, listing_id: id, day: "2030-10-05", action: "whatsapp", count: 12 },
    { kind, listing_id: id, day: "2030-09-05", action: "whatsapp", count: 8 },
    { kind, listing_id: id, day: "2030-10-06", action: "llamada", count: 3 },
  ]);
  await db.insert(visibility_visits).values([
    { kind, listing_id: id, day: "2030-10-07", visit: "referral", source: "chatgpt", surface: "pagina", count: 4 },
    { kind, listing_id: id, day: "2030-10-08", visit: "referral", source: "perplexity", surface: "pagina", count: 1 },
    { kind, listing_id: id, day: "2030-09-07", visit: "crawler", source: "OAI-SearchBot", surface: "markdown", count: 20 },
    { kind, listing_id: id, day: "2030-10-09", visit: "crawler", source: "OAI-SearchBot", surface: "markdown", count: 15 },
  ]);
  await db.insert(visibility_entry_questions).values([
    { kind, listing_id: id, day: "2030-10-02", question: "sancocho en panama", count: 6, position_sum: 12 },
    { kind, listing_id: id, day: "2030-10-03", question: "sancocho en panama", count: 4, position_sum: 8 },
    { kind, listing_id: id, day: "2030-10-03", question: "fonda barata", count: 7, position_sum: 35 },
    { kind, listing_id: id, day: "2030-10-04", question: "almuerzo ejecutivo", count: 2, position_sum: 2 },
    { kind, listing_id: id, day: "2030-10-04", question: "comida criolla", count: 1, position_sum: 1 },
    { kind, listing_id: id, day: "2030-09-04", question: "solo en septiembre", count: 50, position_sum: 50 },
  ]);
  return listing;
}

describe("the month's figures", () => {
  it("sum the daily totals of the month and of the month before, with its top three questions", async () => {
    const listing = await listingWithCounts();
    const r = await monthReport({ kind: "restaurant", listingId: listing.id }, "2030-10-01");
    expect(r.current.impressions).toEqual({ api: 120, mcp: 30, buscar: 0, listado: 0, ficha: 0 });
    expect(r.previous.impressions).toEqual({ api: 100, mcp: 0, buscar: 0, listado: 0, ficha: 10 });
    expect(r.current.actions).toEqual({ whatsapp: 12, llamada: 3, direcciones: 0, sitio_web: 0 });
    expect(r.previous.actions).toEqual({ whatsapp: 8, llamada: 0, direcciones: 0, sitio_web: 0 });
    expect(r.current.visits).toEqual({ referral: 5, crawler: 15 });
    expect(r.previous.visits).toEqual({ referral: 0, crawler: 20 });
    expect(r.questions).toEqual([
      { question: "sancocho en panama", count: 10, position: 2 },
      { question: "fonda barata", count: 7, position: 5 },
      { question: "almuerzo ejecutivo", count: 2, position: 1 },
    ]);
  });

  it("render in the mail with the change from the month before", async () => {
    const listing = await listingWithCounts();
    const report = await monthReport({ kind: "restaurant", listingId: listing.id }, "2030-10-01");
    const mail = renderReportMail({
      origin: ORIGIN,
      listing: { kind: "restaurant", id: listing.id, nombre: listing.nombre },
      month: "2030-10-01",
      report,
      name: "Ana",
      unsubscribeUrl: `${ORIGIN}/informes/baja?token=x`,
    });
    expect(mail.subject).toBe("Informe de octubre de 2030: Fonda del Informe - Panama VIP IA");
    // 150 against 110: +36 %.
    expect(mail.text).toContain("En total: 150 (+36 % respecto a septiembre)");
    expect(mail.text).toContain("- API: 120 (+20 % respecto a septiembre)");
    expect(mail.text).toContain("- Asistentes (MCP): 30 (en septiembre: 0)");
    expect(mail.text).toContain("- Visitas a la ficha: 0 (-100 % respecto a septiembre)");
    expect(mail.text).toContain("- WhatsApp: 12 (+50 % respecto a septiembre)");
    expect(mail.text).toContain("- Cómo llegar: 0 (igual que en septiembre)");
    expect(mail.text).toContain("- Visitas que llegaron desde un asistente de IA: 5 (en septiembre: 0)");
    expect(mail.text).toContain("- Visitas de rastreadores de IA y buscadores: 15 (-25 % respecto a septiembre)");
    expect(mail.text).toContain("1. «sancocho en panama»: 10 veces, puesto medio 2");
    expect(mail.text).toContain("3. «almuerzo ejecutivo»: 2 veces, puesto medio 1");
    expect(mail.text).not.toContain("comida criolla");
    expect(mail.text).toContain(`${ORIGIN}/mi-negocio/restaurante/${listing.id}/visibilidad`);
    expect(mail.text).toContain(`${ORIGIN}/informes/baja?token=x`);
    expect(mail.html).toContain("+36 % respecto a septiembre");
    expect(mail.html).toContain(`href="${ORIGIN}/mi-negocio/restaurante/${listing.id}/visibilidad"`);
    expect(changeText(1, 1, "mayo")).toBe("igual que en mayo");
    expect(changeText(0, 0, "mayo")).toBe("igual que en mayo");
  });
});

describe("the monthly pass", () => {
  it("reports the month just ended only in the first days of the next", () => {
    expect(reportMonthAt(new Date("2030-11-01T12:00:00Z"))).toBe("2030-10-01");
    expect(reportMonthAt(new Date("2031-01-07T12:00:00Z"))).toBe("2030-12-01");
    expect(reportMonthAt(new Date("2030-11-08T12:00:00Z"))).toBeNull();
    // 00:30 on 1 November UTC is still 31 October in Panama.
    expect(reportMonthAt(new Date("2030-11-01T00:30:00Z"))).toBeNull();
  });

  it("mails each confirmed manager once, even with two passes at the same time; opted-out and unconfirmed ones get none", async () => {
    const listing = await listingWithCounts();
    const ana = await makeUser({ emailVerified: true, name: "Ana" });
    const beto = await makeUser({ emailVerified: true });
    const sinConfirmar = await makeUser({ emailVerified: false });
    for (const u of [ana, beto, sinConfirmar]) {
      await addManager({ kind: "restaurant", listingId: listing.id, userId: u.id, source: "assignment" });
    }
    expect(await setReceivesReports(beto.id, false)).toBe(true);
    const now = new Date("2030-11-02T14:00:00Z");
    const [a, b] = await Promise.all([sendMonthlyReports(now), sendMonthlyReports(now)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await sendMonthlyReports(now);

    const mails = mailsTo(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Informe de octubre de 2030: Fonda del Informe - Panama VIP IA");
    expect(mails[0]!.text).toContain("Hola Ana:");
    expect(mails[0]!.text).toContain("En total: 150 (+36 % respecto a septiembre)");
    expect(mails[0]!.html).toContain("<table");
    const unsubscribe = reportUnsubscribeUrl(ana.id);
    expect(mails[0]!.text).toContain(unsubscribe);
    expect(verifyReportToken(new URL(unsubscribe).searchParams.get("token"))).toBe(ana.id);
    expect(mails[0]!.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mailsTo(beto.email)).toHaveLength(0);
    expect(mailsTo(sinConfirmar.email)).toHaveLength(0);
    const [stored] = await db.select().from(visibility_report_optouts);
    expect(stored?.user_id).toBe(beto.id);
  });

  it("sends a short mail with tips for a month without any count", async () => {
    const listing = await makeRestaurant({ nombre: "Fonda Callada" });
    const carla = await makeUser({ emailVerified: true, name: "Carla" });
    await addManager({ kind: "restaurant", listingId: listing.id, userId: carla.id, source: "assignment" });
    await sendMonthlyReports(new Date("2030-06-03T14:00:00Z"));
    const [mail, ...more] = mailsTo(carla.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Informe de mayo de 2030: Fonda Callada - Panama VIP IA");
    expect(mail!.text).toContain("En mayo de 2030, «Fonda Callada» no apareció en las respuestas del directorio");
    expect(mail!.text).toContain("Así puedes ayudar a que aparezca:");
    expect(mail!.text).not.toContain("En total:");
  });

  it("gives the SMTP server the one-click unsubscribe headers", async () => {
    const dana = await makeUser({ emailVerified: true });
    await insertOutboxMail({ kind: "visibility-report", to: dana.email, subject: "Informe", text: "Hola" });
    await insertOutboxMail({ kind: "owner-reminder", to: dana.email, subject: "Recordatorio", text: "Hola" });
    const sent: { subject?: unknown; headers?: unknown }[] = [];
    // A second ahead: the outbox's timestamps have microseconds, JavaScript's clock only milliseconds.
    const result = await deliverDueMails({
      now: () => new Date(Date.now() + 1_000),
      transport: { sendMail: async (m) => void sent.push(m) },
      log: { info() {}, error() {} },
    });
    expect(result.sent).toBe(2);
    const report = sent.find((m) => m.subject === "Informe");
    expect(report?.headers).toEqual({
      "List-Unsubscribe": `<${reportUnsubscribeUrl(dana.id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent.find((m) => m.subject === "Recordatorio")?.headers).toEqual({});
  });
});
