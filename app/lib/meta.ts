import type { MetaDescriptor } from "react-router";

type RootData = { publicEnv?: { PUBLIC_URL: string } } | undefined;
type MatchLike = { id: string; data?: unknown; loaderData?: unknown; error?: unknown } | undefined;

export const SITE_NAME = "Panama VIP IA";

export function publicUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.loaderData as RootData;
  return data?.publicEnv?.PUBLIC_URL ?? "";
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo(
  matches: readonly MatchLike[],
  opts: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    type?: string;
    noindex?: boolean;
    /** The page has a Markdown twin at `path + ".md"`. */
    markdown?: boolean;
    /** schema.org objects, each a `<script type="application/ld+json">` that React Router escapes. */
    jsonLd?: readonly object[];
  },
): MetaDescriptor[] {
  // The page's error boundary is showing: the error view names the document itself (its <title>).
  if (matches.some((m) => m?.error)) return [];
  const origin = publicUrlFrom(matches);
  const url = `${origin}${opts.path}`;
  const title = opts.title.includes(SITE_NAME) ? opts.title : `${opts.title} | ${SITE_NAME}`;
  const image = opts.image ? (opts.image.startsWith("http") ? opts.image : `${origin}${opts.image}`) : `${origin}/og-image.png`;
  return [
    { title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(opts.markdown ? [{ tagName: "link", rel: "alternate", type: "text/markdown", href: `${url}.md` }] : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_PA" },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: opts.description },
    { name: "twitter:image", content: image },
    ...(opts.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(opts.jsonLd ?? []).map((value) => ({ "script:ld+json": value })),
  ];
}
