import type { Route } from "./+types/sitemap-part";
import { getEnv } from "~/server/platform/env.server";
import { blogEntries } from "~/server/sitemap/blog.server";
import { listingChunkEntries, listingPageEntries } from "~/server/sitemap/directory.server";
import { marketingEntries } from "~/server/sitemap/marketing.server";
import { sitemapResponse, urlsetXml } from "~/server/sitemap/xml.server";

/** The parts of the sitemap index: /sitemap/paginas.xml, /sitemap/restaurantes.xml, /sitemap/negocios.xml. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const origin = getEnv().PUBLIC_URL;
  const after = url.searchParams.get("desde");
  if (after !== null && (after.length === 0 || after.length > 300)) return sitemapResponse("<error>parámetro inválido</error>", 400);
  switch (params.part) {
    case "paginas.xml":
      return sitemapResponse(urlsetXml(origin, [...(await marketingEntries()), ...(await listingPageEntries()), ...(await blogEntries())]));
    case "restaurantes.xml":
      return sitemapResponse(urlsetXml(origin, await listingChunkEntries("restaurant", after)));
    case "negocios.xml":
      return sitemapResponse(urlsetXml(origin, await listingChunkEntries("business", after)));
    default:
      return sitemapResponse("<error>no encontrado</error>", 404);
  }
}
