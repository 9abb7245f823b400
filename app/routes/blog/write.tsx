/**
 * The blog editor: /write-blog (route id "write-blog") and /edit-blog/{id} (route id "edit-blog").
 * Guard -> Zod -> model, on the server: only the author (or an admin) can open the edit page or save it.
 */
import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { createContext, data, Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/write";
import { ApiDocsPanel } from "~/components/blog/api-docs-panel";
import { CoverPreview } from "~/components/blog/cover-preview";
import { TagInput } from "~/components/blog/tag-input";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { InputField, FieldErrors as FieldErrorList, SelectField, TextareaField } from "~/components/ui/field";
import { Label, Textarea } from "~/components/ui/input";
import { BLOG_CATEGORIES } from "~/catalog/categories";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/format";
import { useSchemaForm } from "~/lib/conform";
import { publicUrlFrom, seo } from "~/lib/meta";
import { blogFormSchema, blogInputFromForm, blogVersionSchema, CONTENT_MAX, EXCERPT_MAX, IMAGE_URL_MAX, TITLE_MAX } from "~/schemas/blog";
import { refused, submissionOf } from "~/server/http/forms.server";
import { requireUser, type CurrentUser } from "~/server/accounts/guards.server";
import { canManageBlog, createBlog, getBlogById, updateBlog, type VersionedBlog } from "~/server/models/blogs.server";
import type { Blog } from "~/db/schema";
import { sanitizeBlogHtml } from "~/server/blog/sanitize.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readForm } from "~/server/http/request.server";
import { errorPage } from "~/lib/error-page";
import { messageOf } from "~/lib/user-error";

const SIGN_IN_TO_WRITE = "Debes iniciar sesión para escribir un blog.";

const NOT_FOUND = {
  title: "Artículo no encontrado",
  message: "El artículo que quieres editar no existe o fue eliminado.",
  action: { href: "/my-blogs", label: "Ir a Mis Blogs" },
};

/** The article of /edit-blog/{id} (null when it does not exist), when the user may change it: 403 when not theirs. */
async function blogToEdit(id: string, current: CurrentUser) {
  const blog = await getBlogById(id);
  if (blog && !canManageBlog(blog, { id: current.user.id, isAdmin: current.profile.is_admin })) {
    throw errorPage(403, {
      title: "No tienes acceso a este artículo",
      message: "Solo su autor o un administrador pueden editarlo.",
      action: { href: "/my-blogs", label: "Ir a Mis Blogs" },
    });
  }
  return blog;
}

/** The editor's fields of a saved article. */
function fieldsOf(blog: Blog) {
  return {
    title: blog.title,
    excerpt: blog.excerpt,
    content: blog.content,
    category: blog.category,
    tags: blog.tags,
    image_url: blog.image_url,
  };
}

/**
 * Why a save of /edit-blog/{id} was not written, with the article as it is now: the editor shows
 * it beside what was typed, and its version becomes the form's, so that saving again (now knowingly)
 * replaces it.
 */
type EditConflict =
  | { gone: false; message: string; version: string; updated_at: string; is_published: boolean; fields: ReturnType<typeof fieldsOf> }
  | { gone: true; message: string };

/**
 * Set by the action when the article was deleted while it was being edited, for the loader that
 * renders the answer without JavaScript: the editor again (with what was typed), not the 404 page.
 */
const deletedWhileEditing = createContext(false);

const BLOG_CHANGED = "Este artículo cambió desde que lo abriste.";
const BLOG_GONE = "Este artículo fue eliminado mientras lo editabas.";

function conflictOf(current: VersionedBlog | null): EditConflict {
  if (!current) return { gone: true, message: BLOG_GONE };
  return {
    gone: false,
    message: BLOG_CHANGED,
    version: current.version,
    updated_at: current.updated_at.toISOString(),
    is_published: current.is_published,
    fields: fieldsOf(current),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData?.blog ? "Editar artículo" : "Escribir artículo",
    description: "Editor del blog de Panama VIP IA.",
    path: loaderData?.blog ? `/edit-blog/${loaderData.blog.id}` : "/write-blog",
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireUser(request, SIGN_IN_TO_WRITE);
  const blog = params.id ? await blogToEdit(params.id, current) : null;
  if (params.id && !blog && !context.get(deletedWhileEditing)) throw errorPage(404, NOT_FOUND);
  return {
    blog: blog
      ? {
          id: blog.id,
          slug: blog.slug,
          is_published: blog.is_published,
          // Sent back by the save: it is written only over this version.
          version: blog.version,
          // The editor's fields as saved: the form's starting values.
          fields: fieldsOf(blog),
        }
      : null,
  };
}

type PreviewResult = { preview: string };

/** Deleted since the editor opened: nothing to save over; what was typed stays in the editor, which now saves a new article. */
function deletedAnswer<R>(result: R, context: Route.ActionArgs["context"]) {
  context.set(deletedWhileEditing, true);
  return data({ result, conflict: conflictOf(null) }, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const current = await requireUser(request, SIGN_IN_TO_WRITE);
  const existing = params.id ? await blogToEdit(params.id, current) : null;
  const form = await readForm(request);

  if (form.get("intent") === "preview") {
    if (params.id && !existing) throw errorPage(404, NOT_FOUND);
    const content = String(form.get("content") ?? "").slice(0, CONTENT_MAX);
    return { preview: sanitizeBlogHtml(content) } satisfies PreviewResult;
  }

  // Only the article's fields are read: a forged author_id, slug, views or is_published is ignored.
  const submission = submissionOf(form, blogFormSchema);
  if (submission.status !== "success") return refused(submission, { toast: null });
  const input = blogInputFromForm(submission.value);
  if (params.id && !existing) return deletedAnswer(submission.reply(), context);
  let saved: Awaited<ReturnType<typeof createBlog>>;
  try {
    if (existing) {
      const result = await updateBlog(existing, input, blogVersionSchema.parse(form.get("version")));
      // Changed (or deleted) since the editor opened: refused, what was typed stays in the editor.
      if (!result.saved) {
        if (!result.current) return deletedAnswer(submission.reply(), context);
        return data({ result: submission.reply(), conflict: conflictOf(result.current) }, { status: 409 });
      }
      saved = result.saved;
    } else {
      saved = await createBlog(current.user.id, input);
    }
  } catch (error) {
    // The article as typed stays in the editor.
    return data(
      {
        result: submission.reply(),
        toast: { type: "error" as const, title: `Error al guardar el blog: ${messageOf(error, "blog save")}` },
      },
      { status: 500 },
    );
  }
  if (!saved.is_published) return redirectWithToast(`/edit-blog/${saved.id}`, { type: "success", title: "¡Borrador Guardado!" });
  // Only the first publication is news; saving an article already published changes it in place.
  return redirectWithToast(`/blog/${saved.slug}`, {
    type: "success",
    title: existing?.is_published ? "Cambios guardados" : "¡Blog Publicado!",
  });
}

const CONTENT_TABS = [
  { id: "write", icon: "pen-line", label: "Escribir" },
  { id: "preview", icon: "eye", label: "Vista previa" },
] as const;
type ContentTab = (typeof CONTENT_TABS)[number]["id"];

/**
 * Keyed by article and version, so that going from /write-blog to /edit-blog/{id}, or reopening the
 * article after a save, starts a fresh editor with the saved values.
 */
export default function WriteBlog(props: Route.ComponentProps) {
  const blog = props.loaderData.blog;
  return <Editor key={blog ? `${blog.id}@${blog.version}` : "new"} {...props} />;
}

function Editor({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { blog } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const result = actionData && "result" in actionData ? actionData.result : null;
  const conflict = actionData && "conflict" in actionData ? actionData.conflict : null;
  // Once the newer version has been shown, saving again replaces it on purpose.
  const version = conflict && !conflict.gone ? conflict.version : blog?.version;
  // What was typed (and refused) wins over the saved article.
  const [form, fields] = useSchemaForm(blogFormSchema, {
    id: "blog",
    lastResult: result,
    defaultValue: blog?.fields,
  });
  useShowToast(actionData && "toast" in actionData ? actionData.toast : null, actionData);

  const [tab, setTab] = useState<ContentTab>("write");
  const preview = useFetcher<PreviewResult>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The content box must be on screen for Conform to focus it when it is the field in error.
    if (tab !== "write") flushSync(() => setTab("write"));
    form.onSubmit(event);
  }

  function selectTab(id: ContentTab) {
    setTab(id);
    if (id === "preview") preview.submit({ intent: "preview", content: fields.content.value ?? "" }, { method: "post" });
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = tab === "write" ? "preview" : "write";
    selectTab(next);
    document.getElementById(`contenido-${next}`)?.focus();
  }

  const origin = publicUrlFrom(matches);

  return (
    <div className="flex-1 bg-ocean-50/40">
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold">{blog ? "Editar artículo" : "Escribir un artículo"}</h1>
            <p className="mt-1 text-muted">
              {blog
                ? "Los cambios se guardan al pulsar Guardar borrador o Publicar."
                : "Comparte tu historia con la comunidad de Panama VIP IA."}
            </p>
          </div>
          {blog ? <Badge tone={blog.is_published ? "green" : "slate"}>{blog.is_published ? "Publicado" : "Borrador"}</Badge> : null}
        </div>

        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card className="p-5 sm:p-6">
            <Form
              method="post"
              // The article is gone: saving makes a new one with what was typed.
              action={conflict?.gone ? "/write-blog" : undefined}
              {...getFormProps(form)}
              onSubmit={onSubmit}
              className="space-y-5"
            >
              {/* Enter in a text field saves a draft, as «Guardar borrador»: the tag buttons below are submit
                  buttons too (Conform's list buttons), and the first one would otherwise be the default. */}
              <button type="submit" name="intent" value="draft" hidden tabIndex={-1} />
              {version ? <input type="hidden" name="version" value={version} /> : null}
              {conflict ? <ConflictNotice conflict={conflict} blogId={blog?.id ?? ""} /> : null}
              <InputField label="Título" meta={fields.title} type="text" maxLength={TITLE_MAX} required />
              <TextareaField
                label="Resumen"
                {...getTextareaProps(fields.excerpt)}
                maxLength={EXCERPT_MAX}
                rows={3}
                required
                errors={fields.excerpt.errors}
              />

              <div>
                <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
                  <Label htmlFor={fields.content.id} flush>
                    Contenido
                  </Label>
                  <div
                    role="tablist"
                    aria-label="Modo del contenido"
                    className="inline-flex rounded-full bg-ocean-50 p-1 text-sm"
                    onKeyDown={onTabKey}
                  >
                    {CONTENT_TABS.map(({ id, icon, label }) => (
                      <button
                        key={id}
                        type="button"
                        role="tab"
                        id={`contenido-${id}`}
                        aria-controls={`contenido-${id}-panel`}
                        aria-selected={tab === id}
                        // One stop in the tab order; the arrow keys move between the two.
                        tabIndex={tab === id ? 0 : -1}
                        onClick={() => selectTab(id)}
                        className={cn(
                          "inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-semibold",
                          tab === id ? "bg-white text-ocean-800 shadow-sm" : "text-muted",
                        )}
                      >
                        <Icon name={icon} aria-hidden className="size-4" /> {label}
                      </button>
                    ))}
                  </div>
                </div>
                <div role="tabpanel" id="contenido-write-panel" aria-labelledby="contenido-write" hidden={tab !== "write"}>
                  <Textarea
                    {...getTextareaProps(fields.content, { ariaDescribedBy: fields.content.descriptionId })}
                    rows={15}
                    maxLength={CONTENT_MAX}
                    required
                    code
                  />
                  <p id={fields.content.descriptionId} className="mt-1 text-sm text-muted">
                    HTML básico: &lt;p&gt;, &lt;h2&gt;-&lt;h4&gt;, &lt;strong&gt;, &lt;em&gt;, &lt;u&gt;, &lt;s&gt;, &lt;blockquote&gt;,
                    listas, enlaces, imágenes (http/https), &lt;code&gt;, &lt;pre&gt; y &lt;hr&gt;. Todo lo demás se elimina al guardar.
                  </p>
                </div>
                <FieldErrorList id={fields.content.errorId} errors={fields.content.errors} />
                <div
                  role="tabpanel"
                  id="contenido-preview-panel"
                  aria-labelledby="contenido-preview"
                  hidden={tab !== "preview"}
                  className="min-h-72 rounded-xl border border-ocean-100 bg-white p-4"
                  aria-live="polite"
                  aria-busy={preview.state !== "idle"}
                >
                  {tab !== "preview" ? null : preview.state !== "idle" ? (
                    <p className="text-muted">Procesando...</p>
                  ) : preview.data?.preview ? (
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is the server's sanitized HTML
                    <div className="prose-content wrap-anywhere" dangerouslySetInnerHTML={{ __html: preview.data.preview }} />
                  ) : (
                    <p className="text-muted">No hay contenido para mostrar.</p>
                  )}
                  <p className="mt-4 border-t border-ocean-100 pt-3 text-xs text-muted">
                    Así se verá el contenido después de la limpieza de HTML.
                  </p>
                </div>
              </div>

              <div className="grid gap-5 sm:grid-cols-2">
                <SelectField
                  label="Categoría"
                  {...getSelectProps(fields.category)}
                  errors={fields.category.errors}
                  hint="Obligatoria para publicar."
                >
                  <option value="">Sin categoría</option>
                  {BLOG_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
                <InputField
                  label="URL de la imagen (opcional)"
                  meta={fields.image_url}
                  type="url"
                  inputMode="url"
                  maxLength={IMAGE_URL_MAX}
                  placeholder="https://…"
                />
              </div>
              <CoverPreview url={fields.image_url.value ?? ""} category={fields.category.value || null} />

              <TagInput form={form} meta={fields.tags} />

              {blog?.is_published ? (
                <p className="rounded-xl bg-sun-100 px-4 py-3 text-sm text-sun-700">
                  Este artículo está publicado. «Guardar borrador» lo retira del blog hasta que vuelvas a publicarlo; su dirección no
                  cambia.
                </p>
              ) : null}

              <div className="flex flex-col-reverse gap-3 border-t border-ocean-100 pt-5 sm:flex-row sm:justify-end">
                {blog ? (
                  <Link
                    to="/my-blogs"
                    className="inline-flex min-h-11 items-center justify-center px-4 font-semibold text-ocean-700 hover:underline"
                  >
                    Cancelar
                  </Link>
                ) : null}
                <Button type="submit" name="intent" value="draft" variant="outline" disabled={Boolean(pendingIntent)}>
                  <Icon name="save" aria-hidden className="size-4" />
                  {pendingIntent === "draft" ? "Procesando..." : "Guardar borrador"}
                </Button>
                <Button type="submit" name="intent" value="publish" disabled={Boolean(pendingIntent)}>
                  <Icon name="send" aria-hidden className="size-4" />
                  {pendingIntent === "publish" ? "Procesando..." : "Publicar"}
                </Button>
              </div>
            </Form>
          </Card>

          <aside className="space-y-6">
            <PublishChecklist />
            <ApiDocsPanel origin={origin} />
          </aside>
        </div>
      </div>
    </div>
  );
}

/**
 * A save refused because the article changed (or was deleted) since the editor opened: what was typed
 * is still in the form below; the saved version can be read here, or reopened to drop the changes.
 */
function ConflictNotice({ conflict, blogId }: { conflict: EditConflict; blogId: string }) {
  if (conflict.gone) {
    return (
      <div role="alert" data-testid="edit-conflict" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-danger">
        <p className="font-bold">{conflict.message}</p>
        <p className="mt-1">
          Tus cambios no se guardaron, pero siguen en el formulario: si pulsas «Guardar borrador» o «Publicar», se guardarán como un
          artículo nuevo.
        </p>
      </div>
    );
  }
  const saved = conflict.fields;
  return (
    <div role="alert" data-testid="edit-conflict" className="rounded-xl border border-sun-300 bg-sun-100 p-4 text-sm text-ink">
      <p className="font-bold">{conflict.message}</p>
      <p className="mt-1">
        Se guardó otra versión ({formatDateTime(conflict.updated_at)}), en otra pestaña o por otra persona. Tus cambios no se guardaron y
        siguen en el formulario: no has perdido nada. Revisa la versión guardada; si vuelves a pulsar «Guardar borrador» o «Publicar», tu
        versión la reemplazará.
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-ocean-700">Ver la versión guardada</summary>
        <dl className="mt-2 space-y-2">
          <div>
            <dt className="font-semibold">Título</dt>
            <dd data-testid="saved-title">{saved.title}</dd>
          </div>
          <div>
            <dt className="font-semibold">Resumen</dt>
            <dd>{saved.excerpt}</dd>
          </div>
          <div>
            <dt className="font-semibold">Categoría</dt>
            <dd>{saved.category ?? "Sin categoría"}</dd>
          </div>
          <div>
            <dt className="font-semibold">Estado</dt>
            <dd>{conflict.is_published ? "Publicado" : "Borrador"}</dd>
          </div>
        </dl>
        <Label htmlFor="contenido-guardado" className="mt-2">
          Contenido guardado
        </Label>
        <Textarea id="contenido-guardado" readOnly rows={8} value={saved.content} code />
      </details>
      <a href={`/edit-blog/${blogId}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-ocean-700 hover:underline">
        Descartar mis cambios y abrir la versión guardada
      </a>
    </div>
  );
}

/** The side panel that says what an article needs before it can be published. */
function PublishChecklist() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name="file-text" aria-hidden className="size-5 text-ocean-600" /> Antes de publicar
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted">
        <li>Título, resumen y contenido son obligatorios.</li>
        <li>Para publicar, elige una categoría.</li>
        <li>La dirección del artículo se crea a partir del título y no cambia una vez publicado.</li>
      </ul>
    </Card>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
