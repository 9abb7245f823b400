/** /llms.txt (llmstxt.org): where an assistant starts reading the directory. */
import type { Route } from "./+types/llms-txt";
import { getEnv } from "~/server/platform/env.server";
import { llmsTxt, textEtag } from "~/server/directory/markdown.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = llmsTxt(getEnv().PUBLIC_URL);
  const etag = textEtag(body);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600", ETag: etag };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
