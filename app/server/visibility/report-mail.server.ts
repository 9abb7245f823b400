/**
 * The monthly report's mail, in plain Spanish, as text and as simple HTML: the month's appearances by
 * channel, taps, visits from AI assistants and crawlers, each with the change from the month before,
 * the questions the business appeared for most, and the links to «Mi negocio» and to unsubscribe.
 * A month without any count gets a short mail with what helps a listing appear.
 */
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { VISIBILITY_ACTION_IDS, VISIBILITY_ACTIONS, VISIBILITY_CHANNEL_IDS, VISIBILITY_CHANNELS } from "~/catalog/visibility";
import { formatInteger } from "~/lib/format";
import type { Month, MonthFigures, MonthReport } from "../models/visibility-monthly.server";
import { previousMonth } from "../models/visibility-monthly.server";

export type ReportMailInput = {
  origin: string;
  listing: { kind: ListingKind; id: string; nombre: string };
  month: Month;
  report: MonthReport;
  name: string | null;
  unsubscribeUrl: string;
};

const monthFmt = new Intl.DateTimeFormat("es-PA", { month: "long", timeZone: "UTC" });
const yearFmt = new Intl.DateTimeFormat("es-PA", { year: "numeric", timeZone: "UTC" });
const monthName = (month: Month) => monthFmt.format(new Date(`${month}T12:00:00Z`));
const monthAndYear = (month: Month) => `${monthName(month)} de ${yearFmt.format(new Date(`${month}T12:00:00Z`))}`;

/** «+12 % respecto a octubre», «-5 % respecto a octubre», «igual que en octubre», «en octubre: 0». */
export function changeText(current: number, previous: number, previousName: string): string {
  if (previous === 0) return current === 0 ? `igual que en ${previousName}` : `en ${previousName}: 0`;
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return `igual que en ${previousName}`;
  return `${pct > 0 ? "+" : "-"}${formatInteger(Math.abs(pct))} % respecto a ${previousName}`;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

/** Whether the month counted anything at all for the listing. */
export function isEmptyMonth(f: MonthFigures, report: MonthReport): boolean {
  return sum(f.impressions) + sum(f.actions) + sum(f.visits) === 0 && report.questions.length === 0;
}

type Line = { label: string; value: number; change: string };
type Section = { title: string; total?: Line; lines: Line[] };

function sections(report: MonthReport, previousName: string): Section[] {
  const { current: cur, previous: prev } = report;
  const line = (label: string, value: number, before: number): Line => ({ label, value, change: changeText(value, before, previousName) });
  return [
    {
      title: "Apariciones en las respuestas del directorio",
      total: line("En total", sum(cur.impressions), sum(prev.impressions)),
      lines: VISIBILITY_CHANNEL_IDS.map((c) => line(VISIBILITY_CHANNELS[c].label, cur.impressions[c], prev.impressions[c])),
    },
    {
      title: "Lo que hicieron las personas",
      lines: VISIBILITY_ACTION_IDS.map((a) => line(VISIBILITY_ACTIONS[a].label, cur.actions[a], prev.actions[a])),
    },
    {
      title: "Asistentes de IA y buscadores",
      lines: [
        line("Visitas que llegaron desde un asistente de IA", cur.visits.referral, prev.visits.referral),
        line("Visitas de rastreadores de IA y buscadores", cur.visits.crawler, prev.visits.crawler),
      ],
    },
  ];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const TIPS = [
  "Completa la descripción, el horario, el teléfono y el WhatsApp de tu ficha: con más datos, tu negocio coincide con más preguntas.",
  "Confirma en «Mi negocio» que la información está al día, para que quien te encuentre no llegue con un horario o un teléfono viejo.",
  "Comparte el enlace de tu ficha en tus redes y en tu sitio web.",
];

export function renderReportMail(input: ReportMailInput): { subject: string; text: string; html: string } {
  const { origin, listing, month, report } = input;
  const when = monthAndYear(month);
  const previousName = monthName(previousMonth(month));
  const page = `${origin}/mi-negocio/${LISTING_KINDS[listing.kind].singular}/${listing.id}/visibilidad`;
  const hello = input.name?.trim() ? `Hola ${input.name.trim()}:` : "Hola:";
  const subject = `Informe de ${when}: ${listing.nombre} - Panama VIP IA`;
  const why = `Recibes este informe porque administras «${listing.nombre}» en Panama VIP IA.`;
  const stop = "Si no quieres recibir más informes mensuales, date de baja aquí (no hace falta iniciar sesión):";
  const empty = isEmptyMonth(report.current, report);

  if (empty) {
    const intro = `En ${when}, «${listing.nombre}» no apareció en las respuestas del directorio ni recibió visitas de asistentes de IA.`;
    const text = [
      hello,
      "",
      intro,
      "",
      "Así puedes ayudar a que aparezca:",
      ...TIPS.map((t) => `- ${t}`),
      "",
      "Revisa tu ficha en «Mi negocio»:",
      page,
      "",
      why,
      stop,
      input.unsubscribeUrl,
      "",
      "El equipo de Panama VIP IA",
    ].join("\n");
    const html = frame(
      `<p>${esc(hello)}</p><p>${esc(intro)}</p><p>Así puedes ayudar a que aparezca:</p><ul>${TIPS.map((t) => `<li>${esc(t)}</li>`).join("")}</ul>` +
        button(page, "Revisar mi ficha en «Mi negocio»"),
      why,
      input.unsubscribeUrl,
    );
    return { subject, text, html };
  }

  const parts = sections(report, previousName);
  const questions = report.questions.map(
    (q, i) =>
      `${i + 1}. «${q.question}»: ${formatInteger(q.count)} ${q.count === 1 ? "vez" : "veces"}, puesto medio ${formatInteger(q.position)}`,
  );
  const lineText = (l: Line) => `${l.label}: ${formatInteger(l.value)} (${l.change})`;
  const text = [
    hello,
    "",
    `Este es el informe de ${when} de «${listing.nombre}»: cuántas veces apareció en las respuestas del directorio de Panama VIP IA (su API, los asistentes de IA conectados, la búsqueda y los listados del sitio) y qué hicieron después las personas.`,
    "",
    ...parts.flatMap((s) => [
      s.title.toUpperCase(),
      ...(s.total ? [lineText(s.total)] : []),
      ...s.lines.map((l) => `- ${lineText(l)}`),
      "",
    ]),
    "LAS PREGUNTAS EN LAS QUE MÁS APARECISTE",
    ...(questions.length ? questions : ["Este mes no hubo preguntas con tu negocio en la respuesta."]),
    "",
    "Mira los detalles día a día en «Mi negocio»:",
    page,
    "",
    why,
    stop,
    input.unsubscribeUrl,
    "",
    "El equipo de Panama VIP IA",
  ].join("\n");

  const cell = "padding:6px 8px;border-bottom:1px solid #e2e8f0";
  const rowHtml = (l: Line, strong = false) =>
    `<tr><td style="${cell}">${strong ? `<strong>${esc(l.label)}</strong>` : esc(l.label)}</td>` +
    `<td style="${cell};text-align:right"><strong>${formatInteger(l.value)}</strong></td>` +
    `<td style="${cell};color:#475569">${esc(l.change)}</td></tr>`;
  const tables = parts
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${esc(s.title)}</h2>` +
        `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">` +
        `${s.total ? rowHtml(s.total, true) : ""}${s.lines.map((l) => rowHtml(l)).join("")}</table>`,
    )
    .join("");
  const questionsHtml = report.questions.length
    ? `<ol>${report.questions
        .map(
          (q) =>
            `<li>«${esc(q.question)}»: ${formatInteger(q.count)} ${q.count === 1 ? "vez" : "veces"}, puesto medio ${formatInteger(q.position)}</li>`,
        )
        .join("")}</ol>`
    : "<p>Este mes no hubo preguntas con tu negocio en la respuesta.</p>";
  const html = frame(
    `<p>${esc(hello)}</p><p>Este es el informe de <strong>${esc(when)}</strong> de «${esc(listing.nombre)}»: cuántas veces apareció en las respuestas del directorio de Panama VIP IA y qué hicieron después las personas.</p>` +
      tables +
      `<h2 style="font-size:16px;margin:24px 0 8px">Las preguntas en las que más apareciste</h2>${questionsHtml}` +
      button(page, "Ver los detalles en «Mi negocio»"),
    why,
    input.unsubscribeUrl,
  );
  return { subject, text, html };
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${esc(href)}" style="background:#0e7490;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`;
}

function frame(body: string, why: string, unsubscribeUrl: string): string {
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Informe mensual</title></head>` +
    `<body style="margin:0;padding:16px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
    `<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">${body}` +
    `<p>El equipo de Panama VIP IA</p>` +
    `<p style="font-size:12px;color:#64748b;margin-top:32px">${esc(why)} ` +
    `<a href="${esc(unsubscribeUrl)}" style="color:#64748b">Dejar de recibir estos informes</a>.</p></div></body></html>`
  );
}
