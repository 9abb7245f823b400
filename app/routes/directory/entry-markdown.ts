/**
 * /restaurante/{slug}.md and /negocio/{slug}.md: the entry's Markdown twin, built from the same
 * `ApiEntry` as the JSON API. Also what the page URL answers to `Accept: text/markdown` (server.ts
 * rewrites it here). Unknown or inactive entries are a 404; old slugs 301 to the current twin.
 */
import type { Route } from "./+types/entry-markdown";
import { kindOfPath, LISTING_KINDS } from "~/catalog/listing-kinds";
import { getEnv } from "~/server/platform/env.server";
import { directoryEntryShown } from "~/server/machine/directory.server";
import { countPageView } from "~/server/visibility/impressions.server";
import { entryMarkdown, markdownNotFound, markdownRedirect, markdownResponse } from "~/server/directory/markdown.server";
import { DIRECTORY_PAGE_CACHE } from "./cache-headers";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { singular, plural } = LISTING_KINDS[kindOfPath(url.pathname) ?? "business"];
  const found = await directoryEntryShown(plural, params.slug);
  if (!found) {
    return markdownNotFound(request, getEnv().PUBLIC_URL, `Este ${singular} no existe o ya no está en el directorio.`);
  }
  const { entry } = found;
  if (entry.slug !== params.slug) return markdownRedirect(`/${entry.tipo}/${entry.slug}.md`, DIRECTORY_PAGE_CACHE);
  // The twin is for machines: a person who reads it counts as a view of the page; a crawler does not.
  countPageView(request, "ficha", found.shown);
  return markdownResponse(request, entryMarkdown(entry), { cacheControl: DIRECTORY_PAGE_CACHE });
}
