import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { Badge } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { BlogCover } from "./blog-cover";
import { TagList } from "./tag-list";
import type { BlogCardData } from "~/schemas/blog";

export type { BlogCardData };

/** A published article on /blog: image, category, tags, author, date, excerpt and 'Leer más'. */
export function BlogCard({ blog }: { blog: BlogCardData }) {
  const href = `/blog/${blog.slug}`;
  return (
    <article className="group flex flex-col overflow-hidden rounded-card border border-ocean-100 bg-white shadow-card transition-shadow hover:shadow-lift">
      <Link to={href} tabIndex={-1} aria-hidden className="block aspect-[16/9] overflow-hidden bg-ocean-50">
        <BlogCover src={blog.image_url} category={blog.category} className="transition-transform duration-300 group-hover:scale-[1.03]" />
      </Link>
      <div className="flex flex-1 flex-col p-5">
        {blog.category ? (
          <Badge tone="sun" className="self-start">
            {blog.category}
          </Badge>
        ) : null}
        <h2 className="mt-3 text-lg leading-snug font-bold wrap-anywhere">
          <Link to={href} className="hover:text-ocean-700">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm leading-6 wrap-anywhere text-muted">{blog.excerpt}</p>
        <div className="mt-3">
          <TagList tags={blog.tags} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5 text-sm text-muted">
          <span className="flex min-w-0 flex-col gap-1">
            <span className="flex items-center gap-1.5 truncate">
              <Icon name="user-round" aria-hidden className="size-4 shrink-0 text-ocean-600" /> {blog.author_name}
            </span>
            <span className="flex items-center gap-1.5">
              <Icon name="calendar-days" aria-hidden className="size-4 shrink-0 text-ocean-600" />
              <time dateTime={blog.published_at ?? blog.created_at}>{formatDate(blog.published_at ?? blog.created_at)}</time>
            </span>
          </span>
          <Link
            to={href}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-ocean-700 hover:bg-ocean-50"
            aria-label={`Leer más: ${blog.title}`}
          >
            Leer más <Icon name="arrow-right" aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}

export function BlogCardSkeleton() {
  return (
    <div aria-hidden className="flex animate-pulse flex-col overflow-hidden rounded-card border border-ocean-100 bg-white shadow-card">
      <div className="aspect-[16/9] bg-ocean-50" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-24 rounded-full bg-ocean-50" />
        <div className="h-5 w-4/5 rounded bg-ocean-100" />
        <div className="h-4 w-full rounded bg-ocean-50" />
        <div className="h-4 w-2/3 rounded bg-ocean-50" />
      </div>
    </div>
  );
}
