import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/my-blogs";
import { ConfirmDeleteBlog, ConfirmDeleteBlogStep } from "~/components/blog/confirm-delete";
import { TagList } from "~/components/blog/tag-list";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { formatDate, formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { blogDeleteSchema, myBlogsQuerySchema } from "~/schemas/blog";
import { parseSubmission } from "~/server/http/forms.server";
import { requireUser } from "~/server/accounts/guards.server";
import { canManageBlog, deleteBlog, getBlogById, listOwnBlogs } from "~/server/models/blogs.server";
import { redirectWithToast } from "~/server/http/toast.server";

const SIGN_IN_TO_LIST = "Debes iniciar sesión para ver tus blogs";
const DELETE_FAILED = "No se pudo eliminar el artículo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Mis artículos", description: "Tus artículos del blog.", path: "/my-blogs", noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user } = await requireUser(request, SIGN_IN_TO_LIST);
  const { q, estado } = myBlogsQuerySchema.parse({ q: url.searchParams.get("q"), estado: url.searchParams.get("estado") ?? undefined });
  try {
    const result = await listOwnBlogs(user.id, { q, estado });
    return { ...result, q, estado, failed: false };
  } catch (error) {
    console.error("[blog] own list:", error);
    return data({ items: [], counts: { todos: 0, publicados: 0, borradores: 0 }, q, estado, failed: true }, { status: 503 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const current = await requireUser(request, SIGN_IN_TO_LIST);
  const submission = await parseSubmission(request, blogDeleteSchema);
  const notFound = () =>
    data({ toast: { type: "error" as const, title: DELETE_FAILED, description: "El artículo no existe." } }, { status: 404 });
  if (submission.status !== "success") {
    return submission.error?.intent ? data({ toast: { type: "error" as const, title: "Acción no válida" } }, { status: 400 }) : notFound();
  }
  const blog = await getBlogById(submission.value.id);
  if (!blog) return notFound();
  // The server decides; hiding the button elsewhere is not the control.
  if (!canManageBlog(blog, { id: current.user.id, isAdmin: current.profile.is_admin })) {
    return data(
      { toast: { type: "error" as const, title: DELETE_FAILED, description: "No tienes permiso para eliminarlo." } },
      { status: 403 },
    );
  }
  const search = submission.value.back;
  // One click never deletes. Without confirm=1 (a plain POST, without JavaScript) the page shows
  // the confirmation step (docs/decisions/046).
  if (submission.payload.confirm !== "1") return { confirm: { id: blog.id, title: blog.title, back: search } };
  try {
    await deleteBlog(blog.id);
  } catch (error) {
    console.error("[blog] delete:", error);
    return data({ toast: { type: "error" as const, title: DELETE_FAILED } }, { status: 500 });
  }
  return redirectWithToast(`/my-blogs${search}`, { type: "success", title: "Blog Eliminado" });
}

const LOAD_FAILED = { type: "error" as const, title: "No se pudieron cargar tus artículos" };

const FILTERS = [
  { value: "todos", label: "Todos" },
  { value: "publicados", label: "Publicados" },
  { value: "borradores", label: "Borradores" },
] as const;

export default function MyBlogs({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, q, estado, failed } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/my-blogs";
  useShowToast(failed ? LOAD_FAILED : null, loaderData);
  useShowToast(actionData && "toast" in actionData ? actionData.toast : null, actionData);
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;

  const hrefFor = (value: string) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    if (value !== "todos") p.set("estado", value);
    const s = p.toString();
    return s ? `/my-blogs?${s}` : "/my-blogs";
  };

  return (
    <div className="flex-1 bg-ocean-50/40">
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-extrabold">Mis artículos</h1>
            <p className="mt-1 text-muted">Borradores y artículos publicados, del más reciente al más antiguo.</p>
          </div>
          <Link to="/write-blog" className={buttonClass("primary")}>
            <Icon name="file-plus-2" aria-hidden className="size-4" /> Escribir artículo
          </Link>
        </div>

        {confirm ? (
          <div className="mt-8">
            <ConfirmDeleteBlogStep id={confirm.id} title={confirm.title} back={confirm.back} />
          </div>
        ) : null}

        <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
            {FILTERS.map((f) => (
              <Link
                key={f.value}
                to={hrefFor(f.value)}
                aria-current={estado === f.value ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold",
                  estado === f.value ? "bg-ocean-700 text-white" : "border border-ocean-200 bg-white text-ocean-800 hover:bg-ocean-50",
                )}
              >
                {f.label}
                <span className={cn("rounded-full px-2 py-0.5 text-xs", estado === f.value ? "bg-white/20" : "bg-ocean-50")}>
                  {counts[f.value]}
                </span>
              </Link>
            ))}
          </nav>
          <Form method="get" role="search" className="flex gap-2 md:w-80">
            {estado !== "todos" ? <input type="hidden" name="estado" value={estado} /> : null}
            <Label htmlFor="my-q" className="sr-only">
              Buscar en mis artículos
            </Label>
            <Input id="my-q" name="q" type="search" defaultValue={q} key={q} maxLength={100} placeholder="Buscar en mis artículos" />
            <Button type="submit" variant="outline" size="icon" aria-label="Buscar" className="shrink-0">
              <Icon name="search" aria-hidden className="size-4" />
            </Button>
          </Form>
        </div>

        <div className="mt-6 space-y-4" aria-busy={loading} aria-live="polite">
          {failed ? (
            <Empty title="No se pudieron cargar tus artículos" text="Intenta de nuevo en unos minutos." />
          ) : items.length === 0 ? (
            q ? (
              <NoMatch q={q} estado={estado} counts={counts} hrefFor={hrefFor} />
            ) : (
              <Empty
                title={
                  estado === "borradores"
                    ? "No tienes borradores"
                    : estado === "publicados"
                      ? "Aún no has publicado artículos"
                      : "Aún no has escrito artículos"
                }
                text="Cuenta la historia de tu negocio: tu primer artículo está a un clic."
                action={
                  <Link to="/write-blog" className={buttonClass("primary")}>
                    Escribir mi primer artículo
                  </Link>
                }
              />
            )
          ) : (
            items.map((b) => (
              <Card key={b.id} className={cn("p-5 transition-opacity", loading && "opacity-60")}>
                <article>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={b.is_published ? "green" : "slate"}>{b.is_published ? "Publicado" : "Borrador"}</Badge>
                    {b.category ? <Badge tone="sun">{b.category}</Badge> : null}
                  </div>
                  <h2 className="mt-3 text-lg font-bold wrap-anywhere">{b.title}</h2>
                  {b.excerpt ? <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-muted">{b.excerpt}</p> : null}
                  <div className="mt-3">
                    <TagList tags={b.tags} />
                  </div>
                  <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-ocean-100 pt-3">
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
                      <span className="flex items-center gap-1.5" data-testid="views">
                        <Icon name="eye" aria-hidden className="size-4 text-ocean-600" />{" "}
                        {b.views === 1 ? "1 vista" : `${formatInteger(b.views)} vistas`}
                      </span>
                      <span className="flex items-center gap-1.5">
                        <Icon name="calendar-days" aria-hidden className="size-4 text-ocean-600" /> Actualizado el{" "}
                        <time dateTime={b.updated_at}>{formatDate(b.updated_at)}</time>
                      </span>
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      {b.is_published ? (
                        <Link to={`/blog/${b.slug}`} className={buttonClass("ghost")} aria-label={`Ver «${b.title}»`}>
                          <Icon name="external-link" aria-hidden className="size-4" /> Ver
                        </Link>
                      ) : null}
                      <Link to={`/edit-blog/${b.id}`} className={buttonClass("ghost")} aria-label={`Editar «${b.title}»`}>
                        <Icon name="pencil" aria-hidden className="size-4" /> Editar
                      </Link>
                      <ConfirmDeleteBlog id={b.id} title={b.title} />
                    </div>
                  </div>
                </article>
              </Card>
            ))
          )}
        </div>
      </div>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A search with no match under the chosen filter says which filter it was, and whether the other
 * one has matches (the counts beside the filters are the search's): the person sees where they are.
 */
function NoMatch({
  q,
  estado,
  counts,
  hrefFor,
}: {
  q: string;
  estado: (typeof FILTERS)[number]["value"];
  counts: Record<(typeof FILTERS)[number]["value"], number>;
  hrefFor: (value: string) => string;
}) {
  const other =
    estado === "borradores"
      ? { value: "publicados", n: counts.publicados, label: plural(counts.publicados, "publicado", "publicados") }
      : estado === "publicados"
        ? { value: "borradores", n: counts.borradores, label: plural(counts.borradores, "borrador", "borradores") }
        : null;
  const none =
    estado === "borradores"
      ? `Ningún borrador coincide con «${q}»`
      : estado === "publicados"
        ? `Ningún artículo publicado coincide con «${q}»`
        : `Ninguno de tus artículos coincide con «${q}»`;
  return (
    <Empty
      title="Sin resultados"
      text={other && other.n > 0 ? `${none}; ${other.label} sí.` : `${none}.`}
      action={
        other && other.n > 0 ? (
          <Link to={hrefFor(other.value)} className={buttonClass("outline")}>
            Ver {other.label}
          </Link>
        ) : undefined
      }
    />
  );
}

function Empty({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-ocean-200 bg-white px-6 py-14 text-center">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-2 text-muted">{text}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
