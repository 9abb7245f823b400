/**
 * Cache-Control of the directory's public pages (docs/decisions/021): browsers revalidate every time
 * (max-age=0) so that an entry an admin deactivates disappears at once for visitors, while shared
 * caches may keep it 30 s. The server's own page cache answers the revalidations from memory.
 */
export const DIRECTORY_PAGE_CACHE = "public, max-age=0, s-maxage=30, must-revalidate";

export function directoryPageHeaders(): HeadersInit {
  return { "Cache-Control": DIRECTORY_PAGE_CACHE };
}

/**
 * Pages with a Markdown twin answer HTML or Markdown at the same URL by the Accept header
 * (server.ts), so shared caches must key their copies on it.
 */
export function twinnedPageHeaders(): HeadersInit {
  return { "Cache-Control": DIRECTORY_PAGE_CACHE, Vary: "Accept" };
}
