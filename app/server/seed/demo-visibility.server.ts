/**
 * Ninety days of plausible visibility counts for the demo listings, so that the owner's and the
 * admin's views show something on a fresh demo: a few entries are shown far more than the rest, paid
 * plans come up higher in answers, weekends are busier and the last weeks a little busier than the
 * first. Every figure is a hash of the entry's slug, the day and what is counted (deterministic), and
 * only the days after the last one with counts are written (idempotent, and cheap when the demo
 * starts again: a fresh embedded database takes about 30,000 rows).
 */
import { segmentLabel } from "~/catalog/segments";
import { sql } from "drizzle-orm";
import { addDays, panamaToday } from "~/catalog/holidays";
import type { ListingKind } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { queryRows, db } from "../platform/db.server";
import { refreshVisibilityRollups } from "../visibility/daily-pass.server";

const DAYS = 90;

/** A number in [0, 1) from the text (FNV-1a, then a final mix): the same text, the same number. */
function rand(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A whole count whose mean is `expected`: noise around it, rounded up or down by a second draw. */
const draw = (expected: number, seed: string) => Math.floor(expected * (0.5 + rand(seed)) + rand(`${seed}:r`));

/** Inserts rows through one JSON parameter per chunk (a few statements, whatever the rows); rows there are kept. */
async function insertRows(table: string, columns: string, rows: Record<string, unknown>[]): Promise<void> {
  const names = columns.split(",").map((c) => c.trim().split(" ")[0]!);
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = JSON.stringify(rows.slice(i, i + 20_000));
    await db.execute(sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(", "))})
      select ${sql.raw(names.join(", "))} from json_to_recordset(${chunk}::json) as x(${sql.raw(columns)})
      on conflict do nothing`);
  }
}

/** What people ask that the demo directory does not have (the admin's list of businesses to add). */
const LACKING = [
  "veterinaria 24 horas en colon",
  "alquiler de kayak en bocas del toro",
  "sushi vegano en david",
  "taller de bicicletas en penonome",
  "comida etiope en panama",
  "guarderia de perros en chitre",
  "clases de surf en santa catalina",
  "reparacion de celulares en las tablas",
  "panaderia sin gluten en boquete",
  "abogado de migracion en david",
  "restaurante kosher en el cangrejo",
  "lavanderia abierta domingo en colon",
];

const CHANNEL_PARTS: [string, number][] = [
  ["api", 0.25],
  ["mcp", 0.2],
  ["buscar", 0.2],
  ["listado", 0.25],
  ["ficha", 0.1],
];
const ACTION_PARTS: [string, number][] = [
  ["whatsapp", 0.05],
  ["llamada", 0.025],
  ["direcciones", 0.035],
  ["sitio_web", 0.02],
];
const REFERRALS: [string, number][] = [
  ["chatgpt", 0.5],
  ["perplexity", 0.2],
  ["claude", 0.15],
  ["gemini", 0.1],
  ["copilot", 0.05],
];
const CRAWLERS: [string, string][] = [
  ["OAI-SearchBot", "pagina"],
  ["ChatGPT-User", "pagina"],
  ["PerplexityBot", "markdown"],
  ["Claude-SearchBot", "markdown"],
  ["Claude-User", "api"],
  ["Googlebot", "pagina"],
  ["Bingbot", "pagina"],
];

type Listing = {
  kind: ListingKind;
  id: string;
  slug: string;
  segment: string | null;
  provincia: string;
  especialidades: string[];
  paid: boolean;
};

/** The questions each entry plausibly appeared for: its kind of place and specialties, in its province. */
function questionsOf(l: Listing): string[] {
  const where = provinceLabel(l.provincia).toLowerCase();
  const what = (l.segment ? segmentLabel(l.kind, l.segment) : "restaurante").toLowerCase();
  const list = [
    `${what} en ${where}`,
    `mejor ${what} ${where}`,
    ...l.especialidades.slice(0, 3).map((e) => `${e.toLowerCase()} en ${where}`),
  ];
  return [
    ...new Set(
      list.map((q) =>
        q
          .normalize("NFD")
          .replace(/\p{M}/gu, "")
          .replace(/[^\p{L}\p{N} ]+/gu, ""),
      ),
    ),
  ];
}

export async function seedDemoVisibility(slugs: string[], log: (msg: string) => void = () => {}): Promise<void> {
  if (!slugs.length) return;
  const today = panamaToday();
  const from = addDays(today, -(DAYS - 1));
  const named = sql.join(
    slugs.map((s) => sql`${s}`),
    sql`, `,
  );
  const listings = await queryRows<Listing>(sql`
    select 'restaurant' as kind, id::text, slug, categoria as segment, provincia, especialidades, plan_type <> 'free_local' as paid
    from restaurants where slug in (${named})
    union all
    select 'business', id::text, slug, industria, provincia, especialidades, plan_type <> 'free_local'
    from businesses where slug in (${named})`);
  if (!listings.length) return;

  // Days up to the last one that has counts of these entries are done (seeded before, or counted since).
  const ids = sql.join(
    listings.map((l) => sql`${l.id}::uuid`),
    sql`, `,
  );
  const [last] = await queryRows<{ day: string | null }>(sql`
    select max(day)::text as day from visibility_impressions
    where kind in ('restaurant', 'business') and listing_id in (${ids}) and day >= ${from}::date`);
  const start = last?.day ? addDays(last.day, 1) : from;
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i)).filter((d) => d >= start);
  if (!days.length) return;
  const impressions: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const visits: Record<string, unknown>[] = [];
  const entryQuestions: Record<string, unknown>[] = [];
  const segments = new Map<string, number>();
  const directory = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

  for (const l of listings) {
    // About 0.06 to 45 impressions a day, a steep power so that a few entries get most of them (and a
    // small demo database stays small); paid plans sit higher in answers.
    const weight = 0.06 + 45 * rand(l.slug) ** 10;
    const top = l.paid ? 0.6 : 0.15 + 0.35 * rand(`${l.slug}:band`);
    const questions = questionsOf(l).slice(0, 3);
    days.forEach((day, i) => {
      const weekend = [0, 5, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      const busy = weight * (0.7 + (0.3 * i) / (DAYS - 1)) * (weekend ? 1.25 : 1);
      const row = { kind: l.kind, listing_id: l.id, day };
      for (const [channel, part] of CHANNEL_PARTS) {
        const count = draw(busy * part, `${l.slug}${day}${channel}`);
        if (count <= 0) continue;
        const r = rand(`${l.slug}${day}${channel}:band`);
        const band = channel === "ficha" || r < top ? 1 : r < top + (1 - top) * 0.7 ? 2 : 3;
        impressions.push({ ...row, channel, band, count });
        add(directory, `${day}|imp:${channel}:${band}`, count);
        add(directory, `${day}|answer:${channel}`, count / 6);
        if (l.segment) add(segments, `${l.kind}|${l.segment}|${l.provincia}|${day}`, count);
      }
      for (const [action, part] of ACTION_PARTS) {
        const count = draw(busy * part * 0.5, `${l.slug}${day}${action}`);
        if (count > 0) actions.push({ ...row, action, count });
        if (count > 0) add(directory, `${day}|action:${action}`, count);
      }
      for (const [source, part] of REFERRALS) {
        const count = draw(busy * 0.03 * part, `${l.slug}${day}${source}`);
        if (count > 0) visits.push({ ...row, visit: "referral", source, surface: "pagina", count });
        if (count > 0) add(directory, `${day}|referral:${source}`, count);
      }
      for (const [source, surface] of CRAWLERS) {
        const count = draw(0.01 + weight / 1000, `${l.slug}${day}${source}`);
        if (count > 0) visits.push({ ...row, visit: "crawler", source, surface, count });
        if (count > 0) add(directory, `${day}|crawler:${source}`, count);
      }
      questions.forEach((question, q) => {
        const count = draw((busy * 0.05) / (q + 1), `${l.slug}${day}${question}`);
        const position = 1 + Math.floor((1 - top) * 6 + rand(`${l.slug}${question}`) * 3);
        if (count > 0) entryQuestions.push({ ...row, question, count, position_sum: count * position });
      });
    });
  }
  const lacking = days
    .flatMap((day) =>
      LACKING.flatMap((question, q) =>
        ["api", "mcp", "buscar"].map((channel) => ({
          day,
          question,
          channel,
          empty: Math.floor((6 / (q + 1)) * rand(`${question}${day}${channel}`)),
          few: Math.floor((2 / (q + 1)) * rand(`${question}${day}${channel}few`)),
        })),
      ),
    )
    .filter((r) => r.empty + r.few > 0);

  await insertRows("visibility_impressions", "kind text, listing_id uuid, day date, channel text, band smallint, count int", impressions);
  await insertRows("visibility_actions", "kind text, listing_id uuid, day date, action text, count int", actions);
  await insertRows("visibility_visits", "kind text, listing_id uuid, day date, visit text, source text, surface text, count int", visits);
  await insertRows(
    "visibility_entry_questions",
    "kind text, listing_id uuid, day date, question text, count int, position_sum int",
    entryQuestions,
  );
  await insertRows("visibility_questions", "day date, question text, channel text, empty int, few int", lacking);
  await insertRows(
    "visibility_segment_impressions",
    "kind text, segment text, provincia text, day date, count int",
    [...segments].map(([k, count]) => {
      const [kind, segment, provincia, day] = k.split("|");
      return { kind, segment, provincia, day, count };
    }),
  );
  await insertRows(
    "visibility_directory",
    "day date, metric text, count int",
    [...directory].map(([k, count]) => {
      const [day, metric] = k.split("|");
      return { day, metric, count: Math.ceil(count) };
    }),
  );
  await refreshVisibilityRollups(today);
  log(`visibilidad: ${days.length} días de ${listings.length} fichas`);
}
