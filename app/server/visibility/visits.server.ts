/**
 * Visits to an entry's page, Markdown twin or API answer by an AI or search crawler (by its User-Agent
 * token) or by a person who came from an AI assistant (utm_source or Referer), decision 099. Counted
 * in Express, ahead of the page cache, which answers a hit before React Router runs. A crawler that
 * also carries a utm tag is a crawler. Counted once the answer is sent, and only a 200 (or 304: a
 * crawler revalidating its copy): an old slug's 301 or a 404 counts nothing. The slug becomes the
 * entry's id after the response, through a small cache, so the answer never waits.
 */
import type { NextFunction, Request, Response } from "express";
import { aiAssistantOf, aiCrawlerOf } from "~/catalog/ai-agents";
import { kindOfPath, type ListingKind } from "~/catalog/listing-kinds";
import type { VisitSurface, VisitType } from "~/catalog/visibility";
import { listingIdBySlug } from "../models/listing-contacts.server";
import { log } from "../platform/logger.server";
import { countVisit } from "./counter.server";
import { isPerson } from "./taps.server";

const PAGE = /^\/(?:restaurante|negocio)\/([a-z0-9-]{1,200})(\.md)?$/;
const API = /^\/api\/v1\/(?:restaurantes|negocios)\/([a-z0-9-]{1,200})$/;

type Seen = { kind: ListingKind; slug: string; surface: VisitSurface };

/** The entry and surface a path reaches, or null. Run after Markdown negotiation (it rewrites to .md). */
export function visitedEntry(pathname: string): Seen | null {
  const page = PAGE.exec(pathname);
  if (page) {
    const kind = kindOfPath(pathname);
    return kind ? { kind, slug: page[1]!, surface: page[2] ? "markdown" : "pagina" } : null;
  }
  const api = API.exec(pathname);
  if (api) {
    const kind = kindOfPath(pathname, "/api/v1/");
    return kind ? { kind, slug: api[1]!, surface: "api" } : null;
  }
  return null;
}

/** Who made a request, as counted: a crawler by its token, a person from an assistant, or nobody. */
export function visitSource(
  userAgent: string | undefined,
  utmSource: string | null,
  referer: string | undefined,
): { visit: VisitType; source: string } | null {
  const crawler = aiCrawlerOf(userAgent);
  if (crawler) return { visit: "crawler", source: crawler.token };
  // A referral needs a person: any other bot that sends an assistant's tag counts nothing.
  if (!isPerson(userAgent)) return null;
  const assistant = aiAssistantOf({ utmSource, referer });
  return assistant ? { visit: "referral", source: assistant.id } : null;
}

// slug -> id of the active entries visited lately (a miss costs one indexed query, after the answer).
const SLUG_TTL_MS = 10 * 60_000;
const SLUG_MAX = 10_000;
const slugIds = new Map<string, { id: string | null; at: number }>();
const pending = new Map<string, Promise<string | null>>();

async function entryId(kind: ListingKind, slug: string): Promise<string | null> {
  const key = `${kind}:${slug}`;
  const hit = slugIds.get(key);
  if (hit && Date.now() - hit.at < SLUG_TTL_MS) return hit.id;
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const lookup = listingIdBySlug(kind, slug)
    .then((id) => {
      if (slugIds.size >= SLUG_MAX) slugIds.clear();
      slugIds.set(key, { id, at: Date.now() });
      return id;
    })
    .finally(() => pending.delete(key));
  pending.set(key, lookup);
  return lookup;
}

const COUNTED_STATUS = new Set([200, 304]);

/** Express middleware: counts AI referrals and crawler visits of entries (see the file's comment). */
export function countVisits(req: Request, res: Response, next: NextFunction): void {
  const counted = req.method === "GET" ? visitOf(req) : null;
  if (counted) {
    res.once("finish", () => {
      if (!COUNTED_STATUS.has(res.statusCode)) return;
      entryId(counted.kind, counted.slug)
        .then((id) => {
          if (id) countVisit({ kind: counted.kind, id }, counted.visit, counted.source, counted.surface);
        })
        .catch((error: unknown) => log.warn("[visibilidad] no se pudo contar una visita", { err: error }));
    });
  }
  next();
}

/** The entry, surface and source a request would count as, or null. */
function visitOf(req: Request): (Seen & { visit: VisitType; source: string }) | null {
  const url = req.originalUrl ?? req.url;
  const q = url.indexOf("?");
  const seen = visitedEntry(q === -1 ? url : url.slice(0, q));
  if (!seen) return null;
  const utm = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get("utm_source");
  const who = visitSource(req.get("user-agent"), utm, req.get("referer"));
  return who ? { ...seen, ...who } : null;
}
