import { isbot } from "isbot";
import { Icon } from "~/components/icons/icon";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/article";
import { BlogCover } from "~/components/blog/blog-cover";
import { ShareButton } from "~/components/blog/share-button";
import { Badge } from "~/components/ui/card";
import { errorPage } from "~/lib/error-page";
import { formatDate, formatInteger } from "~/lib/format";
import { SITE_NAME, publicUrlFrom, seo } from "~/lib/meta";
import { countBlogView, getPublishedBlogBySlug } from "~/server/models/blogs.server";
import { sanitizeBlogHtml } from "~/server/blog/sanitize.server";

/**
 * Views are counted here, once per opening (docs/decisions/031): only for real GET document or
 * data requests (not HEAD, not prefetches, not bots), so this page is never cached publicly (no
 * `headers` export: the document is `private, no-store`), and it does not revalidate on the spot.
 */
function isCountableOpening(request: Request): boolean {
  if (request.method !== "GET") return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""} ${request.headers.get("x-moz") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const ua = request.headers.get("user-agent") ?? "";
  return !isbot(ua);
}

const TO_BLOG = { href: "/blog", label: "Volver al blog" };

export async function loader({ request, params }: Route.LoaderArgs) {
  let article: Awaited<ReturnType<typeof getPublishedBlogBySlug>>;
  try {
    article = await getPublishedBlogBySlug(params.slug);
  } catch (error) {
    console.error("[blog] detail:", error);
    throw errorPage(503, {
      title: "No se pudo cargar el artículo",
      message: "Intenta de nuevo en unos minutos.",
      action: TO_BLOG,
    });
  }
  if (!article) {
    throw errorPage(404, {
      title: "Artículo no encontrado",
      message: "El artículo que buscas no existe o ya no está publicado.",
      action: TO_BLOG,
    });
  }
  let views = article.views;
  if (isCountableOpening(request)) {
    try {
      views = (await countBlogView(article.id)) ?? views;
    } catch (error) {
      console.error("[blog] views:", error);
    }
  }
  // Sanitized on write; sanitized again on read so that older rows follow today's allowlist.
  return { article: { ...article, content: sanitizeBlogHtml(article.content), views } };
}

/** One count per opening: staying on the page (or an action elsewhere) does not reload it. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.slug !== nextParams.slug || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const a = loaderData?.article;
  // Not found: the error page sets its own title.
  if (!a) return [{ name: "robots", content: "noindex" }];
  const origin = publicUrlFrom(matches);
  const url = `${origin}/blog/${a.slug}`;
  const posting = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: a.title.slice(0, 110),
    description: a.excerpt,
    url,
    mainEntityOfPage: url,
    datePublished: a.published_at ?? a.created_at,
    dateModified: a.updated_at,
    inLanguage: "es-PA",
    ...(a.image_url ? { image: [a.image_url] } : {}),
    ...(a.category ? { articleSection: a.category } : {}),
    ...(a.tags.length ? { keywords: a.tags.join(", ") } : {}),
    author: { "@type": a.author_name === SITE_NAME ? "Organization" : "Person", name: a.author_name },
    publisher: { "@type": "Organization", name: SITE_NAME, url: origin || undefined },
  };
  return [
    ...seo(matches, {
      title: a.title,
      description: a.excerpt,
      path: `/blog/${a.slug}`,
      image: a.image_url,
      type: "article",
      jsonLd: [posting],
    }),
    ...(a.published_at ? [{ property: "article:published_time", content: a.published_at }] : []),
    { property: "article:modified_time", content: a.updated_at },
    ...(a.category ? [{ property: "article:section", content: a.category }] : []),
    ...a.tags.map((t) => ({ property: "article:tag", content: t })),
  ];
};

export default function Article({ loaderData, matches }: Route.ComponentProps) {
  const { article: a } = loaderData;
  const date = a.published_at ?? a.created_at;
  const url = `${publicUrlFrom(matches)}/blog/${a.slug}`;
  return (
    <article className="flex-1 bg-white">
      <header className="bg-gradient-to-br from-ocean-950 via-ocean-900 to-ocean-700 px-4 pt-8 pb-28 text-white sm:px-6">
        <div className="mx-auto max-w-3xl">
          <Link
            to="/blog"
            className="inline-flex min-h-11 items-center gap-2 rounded-full pr-3 text-sm font-semibold text-ocean-100 hover:text-white"
          >
            <Icon name="arrow-left" aria-hidden className="size-4" /> Volver al blog
          </Link>
          {a.category ? (
            <div className="mt-4">
              <Badge tone="sun">{a.category}</Badge>
            </div>
          ) : null}
          <h1 className="mt-3 text-3xl leading-tight font-extrabold wrap-anywhere text-white sm:text-5xl">{a.title}</h1>
          <p className="mt-4 text-lg wrap-anywhere text-ocean-100">{a.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ocean-100">
            <span className="flex items-center gap-1.5">
              <Icon name="user-round" aria-hidden className="size-4" /> {a.author_name}
            </span>
            <span className="flex items-center gap-1.5">
              <Icon name="calendar-days" aria-hidden className="size-4" /> <time dateTime={date}>{formatDate(date)}</time>
            </span>
            <span className="flex items-center gap-1.5">
              <Icon name="eye" aria-hidden className="size-4" /> {a.views === 1 ? "1 vista" : `${formatInteger(a.views)} vistas`}
            </span>
          </div>
        </div>
      </header>

      <div className="mx-auto -mt-20 max-w-3xl px-4 sm:px-6">
        <div className="aspect-[16/9] overflow-hidden rounded-card bg-ocean-50 shadow-lift">
          <BlogCover src={a.image_url} category={a.category} eager />
        </div>
      </div>

      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the content was sanitized on write (sanitize.server.ts, decision 033) */}
        <div className="prose-content wrap-anywhere" dangerouslySetInnerHTML={{ __html: a.content }} />

        {a.tags.length ? (
          <ul className="mt-10 flex flex-wrap gap-2" aria-label="Etiquetas">
            {a.tags.map((t) => (
              <li key={t}>
                <Badge tone="slate" className="max-w-full break-all">
                  #{t}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-ocean-100 pt-6">
          <Link to="/blog" className="inline-flex min-h-11 items-center gap-2 font-semibold text-ocean-700 hover:underline">
            <Icon name="arrow-left" aria-hidden className="size-4" /> Volver al blog
          </Link>
          <ShareButton title={a.title} url={url} />
        </div>
      </div>
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
