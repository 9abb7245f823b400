/**
 * Counts, in memory, what the directory's answers show and what visitors do next, and writes the
 * sums to the database in batches off the request path (decision 097): an answer only adds to a few
 * maps. Every FLUSH_MS, on shutdown, and when the maps grow large, one transaction adds the batch to
 * the daily totals; a batch that fails goes back into the maps for the next try, so no count is lost
 * while the process lives.
 *
 * Nothing stored says who asked or who tapped. A tap is counted once per visitor and hour by a hash
 * of the address and browser with a salt that lives only in this process's memory and changes every
 * day; the hashes are forgotten after the hour.
 *
 * The state is a process singleton: server.ts and the React Router build each load this module.
 */
import crypto from "node:crypto";
import type { ListingKind } from "~/catalog/listing-kinds";
import { panamaToday } from "~/catalog/holidays";
import {
  FEW_RESULTS,
  positionBand,
  type VisibilityAction,
  type VisibilityChannel,
  type VisitSurface,
  type VisitType,
} from "~/catalog/visibility";
import { log } from "../platform/logger.server";
import { singleton } from "../platform/singleton.server";
import { addVisibilityBatch, type VisibilityBatch } from "../models/visibility-counts.server";

/** An entry as an answer showed it: its category or industry and province feed share of voice. */
export type ShownEntry = { kind: ListingKind; id: string; segment?: string | null; provincia?: string | null };

export type Answer = {
  channel: VisibilityChannel;
  /** The person's or assistant's words (normalized here); none for a listing page or one entry. */
  question?: string | null;
  /** The entries in the order shown. */
  entries: readonly ShownEntry[];
  /** The position of the first entry (a second page starts at 21). */
  firstPosition?: number;
  /** How many results the answer had in all, when it was a search: an answer with few is kept for the admins. */
  total?: number;
};

export type Visitor = { ip: string | undefined; userAgent: string | undefined };

const FLUSH_MS = 2_000;
/** Keys in the maps at which a flush starts without waiting for the timer. */
const FLUSH_AT_KEYS = 20_000;
const HOUR_MS = 60 * 60_000;
/** Above this many remembered taps the oldest are dropped early: a flood over-counts, never grows memory. */
const MAX_SEEN = 200_000;
const QUESTION_MAX_CHARS = 120;
const QUESTION_MAX_WORDS = 12;
const SEP = "\u0001";

type State = {
  impressions: Map<string, number>;
  segments: Map<string, number>;
  directory: Map<string, number>;
  actions: Map<string, number>;
  visits: Map<string, number>;
  entryQuestions: Map<string, { count: number; positionSum: number }>;
  questions: Map<string, { empty: number; few: number }>;
  seen: Map<string, number>;
  salt: { day: string; value: Buffer };
  timer: ReturnType<typeof setInterval> | null;
  flushing: Promise<void> | null;
};

const state = () =>
  singleton<State>("visibility-counter", () => ({
    impressions: new Map(),
    segments: new Map(),
    directory: new Map(),
    actions: new Map(),
    visits: new Map(),
    entryQuestions: new Map(),
    questions: new Map(),
    seen: new Map(),
    salt: { day: "", value: Buffer.alloc(0) },
    timer: null,
    flushing: null,
  }));

const add = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);
const key = (...parts: (string | number)[]) => parts.join(SEP);

/**
 * The words of a question as kept: lower case, no accents or punctuation, and without anything that
 * could name a person (an e-mail address, a phone or card number); null when nothing is left.
 */
export function normalizeQuestion(text: string | null | undefined): string | null {
  if (!text) return null;
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !w.includes("@") && (w.match(/\d/g)?.length ?? 0) < 4)
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ""))
    .filter(Boolean)
    .slice(0, QUESTION_MAX_WORDS);
  const joined = words.join(" ").slice(0, QUESTION_MAX_CHARS).trim();
  return joined || null;
}

function maybeFlushSoon(s: State): void {
  if (s.timer && s.impressions.size + s.entryQuestions.size + s.visits.size >= FLUSH_AT_KEYS) void flushVisibility();
}

/** One answer given: every entry in it, its position band, its question, and an answer that found little. */
export function countAnswer(answer: Answer, now: Date = new Date()): void {
  const s = state();
  const day = panamaToday(now);
  const question = normalizeQuestion(answer.question);
  const first = answer.firstPosition ?? 1;
  add(s.directory, key(day, `answer:${answer.channel}`));
  answer.entries.forEach((e, i) => {
    const position = first + i;
    const band = positionBand(position);
    add(s.impressions, key(e.kind, e.id, day, answer.channel, band));
    add(s.directory, key(day, `imp:${answer.channel}:${band}`));
    if (e.segment && e.provincia) add(s.segments, key(e.kind, e.segment, e.provincia, day));
    if (question) {
      const k = key(e.kind, e.id, day, question);
      const q = s.entryQuestions.get(k) ?? { count: 0, positionSum: 0 };
      q.count += 1;
      q.positionSum += position;
      s.entryQuestions.set(k, q);
    }
  });
  const total = answer.total ?? answer.entries.length;
  if (question && answer.total !== undefined && total < FEW_RESULTS) {
    const k = key(day, question, answer.channel);
    const q = s.questions.get(k) ?? { empty: 0, few: 0 };
    if (total === 0) q.empty += 1;
    else q.few += 1;
    s.questions.set(k, q);
  }
  maybeFlushSoon(s);
}

function visitorHash(s: State, day: string, visitor: Visitor, what: string): string {
  if (s.salt.day !== day) {
    s.salt = { day, value: crypto.randomBytes(32) };
    s.seen.clear();
  }
  return crypto
    .createHmac("sha256", s.salt.value)
    .update(key(visitor.ip ?? "", visitor.userAgent ?? "", what))
    .digest("base64url");
}

/** A tap on WhatsApp, call, directions or website; counted unless this visitor made it within the hour. */
export function countAction(
  entry: { kind: ListingKind; id: string },
  action: VisibilityAction,
  visitor: Visitor,
  now: Date = new Date(),
): boolean {
  const s = state();
  const day = panamaToday(now);
  const hash = visitorHash(s, day, visitor, key(entry.kind, entry.id, action));
  const last = s.seen.get(hash);
  const at = now.getTime();
  if (last !== undefined && at - last < HOUR_MS) return false;
  if (s.seen.size >= MAX_SEEN) forgetOldTaps(s, at);
  s.seen.set(hash, at);
  add(s.actions, key(entry.kind, entry.id, day, action));
  add(s.directory, key(day, `action:${action}`));
  maybeFlushSoon(s);
  return true;
}

function forgetOldTaps(s: State, at: number): void {
  for (const [hash, when] of s.seen) if (at - when >= HOUR_MS) s.seen.delete(hash);
  // Still full: a flood of distinct visitors. Forget the older half rather than grow.
  if (s.seen.size >= MAX_SEEN) {
    let drop = s.seen.size / 2;
    for (const hash of s.seen.keys()) {
      if (drop-- <= 0) break;
      s.seen.delete(hash);
    }
  }
}

/** A visit to an entry from an AI assistant (referral) or by a crawler, by its source and surface. */
export function countVisit(
  entry: { kind: ListingKind; id: string },
  visit: VisitType,
  source: string,
  surface: VisitSurface,
  now: Date = new Date(),
): void {
  const s = state();
  const day = panamaToday(now);
  add(s.visits, key(entry.kind, entry.id, day, visit, source, surface));
  add(s.directory, key(day, `${visit}:${source}`));
  maybeFlushSoon(s);
}

const split = (k: string) => k.split(SEP);

/** Empties the maps into one batch, in key order. */
function takeBatch(s: State): VisibilityBatch {
  const sorted = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const batch: VisibilityBatch = {
    impressions: sorted(s.impressions).map(([k, count]) => {
      const [kind, listingId, day, channel, band] = split(k) as [string, string, string, string, string];
      return { kind, listingId, day, channel, band: Number(band), count };
    }),
    segments: sorted(s.segments).map(([k, count]) => {
      const [kind, segment, provincia, day] = split(k) as [string, string, string, string];
      return { kind, segment, provincia, day, count };
    }),
    directory: sorted(s.directory).map(([k, count]) => {
      const [day, metric] = split(k) as [string, string];
      return { day, metric, count };
    }),
    actions: sorted(s.actions).map(([k, count]) => {
      const [kind, listingId, day, action] = split(k) as [string, string, string, string];
      return { kind, listingId, day, action, count };
    }),
    visits: sorted(s.visits).map(([k, count]) => {
      const [kind, listingId, day, visit, source, surface] = split(k) as [string, string, string, string, string, string];
      return { kind, listingId, day, visit, source, surface, count };
    }),
    entryQuestions: sorted(s.entryQuestions).map(([k, v]) => {
      const [kind, listingId, day, question] = split(k) as [string, string, string, string];
      return { kind, listingId, day, question, count: v.count, positionSum: v.positionSum };
    }),
    questions: sorted(s.questions).map(([k, v]) => {
      const [day, question, channel] = split(k) as [string, string, string];
      return { day, question, channel, empty: v.empty, few: v.few };
    }),
  };
  for (const m of [s.impressions, s.segments, s.directory, s.actions, s.visits, s.entryQuestions, s.questions]) m.clear();
  return batch;
}

/** Puts a batch that could not be written back into the maps, added to whatever came in meanwhile. */
function restoreBatch(s: State, b: VisibilityBatch): void {
  for (const r of b.impressions) add(s.impressions, key(r.kind, r.listingId, r.day, r.channel, r.band), r.count);
  for (const r of b.segments) add(s.segments, key(r.kind, r.segment, r.provincia, r.day), r.count);
  for (const r of b.directory) add(s.directory, key(r.day, r.metric), r.count);
  for (const r of b.actions) add(s.actions, key(r.kind, r.listingId, r.day, r.action), r.count);
  for (const r of b.visits) add(s.visits, key(r.kind, r.listingId, r.day, r.visit, r.source, r.surface), r.count);
  for (const r of b.entryQuestions) {
    const k = key(r.kind, r.listingId, r.day, r.question);
    const q = s.entryQuestions.get(k) ?? { count: 0, positionSum: 0 };
    s.entryQuestions.set(k, { count: q.count + r.count, positionSum: q.positionSum + r.positionSum });
  }
  for (const r of b.questions) {
    const k = key(r.day, r.question, r.channel);
    const q = s.questions.get(k) ?? { empty: 0, few: 0 };
    s.questions.set(k, { empty: q.empty + r.empty, few: q.few + r.few });
  }
}

const isEmpty = (b: VisibilityBatch) => Object.values(b).every((rows) => rows.length === 0);

/** Writes what was counted so far; resolves once it is in the database (or failed and was put back). */
export async function flushVisibility(): Promise<void> {
  const s = state();
  while (s.flushing) await s.flushing;
  const batch = takeBatch(s);
  if (isEmpty(batch)) return;
  s.flushing = addVisibilityBatch(batch)
    .catch((error: unknown) => {
      restoreBatch(s, batch);
      log.error("[visibilidad] no se pudieron guardar los conteos; se reintentará", { err: error });
    })
    .finally(() => {
      s.flushing = null;
    });
  await s.flushing;
}

/** Counts waiting in memory (keys, not events): the benchmark waits for 0 before it compares totals. */
export function pendingVisibility(): number {
  const s = state();
  return [s.impressions, s.segments, s.directory, s.actions, s.visits, s.entryQuestions, s.questions].reduce((n, m) => n + m.size, 0);
}

/** Starts the timed flushes (every serving process). */
export function startVisibilityCounter(): void {
  const s = state();
  if (s.timer) return;
  s.timer = setInterval(() => void flushVisibility(), FLUSH_MS);
  s.timer.unref();
}

/** Stops the timer and writes what is left: before the database closes. */
export async function stopVisibilityCounter(): Promise<void> {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  await flushVisibility();
}
