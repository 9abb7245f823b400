/**
 * The blog editor: /write-blog (route id "write-blog") and /edit-blog/{id} (route id "edit-blog", D7).
 * Guard -> Zod -> model. Only the author (or an admin) can open the edit page or save it (D1).
 */
import { Icon } from "~/components/icons/icon";
import { useState, type FormEvent } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/write";
import { ApiDocsPanel } from "~/components/blog/api-docs-panel";
import { TagInput } from "~/components/blog/tag-input";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Field, FieldErrors as FieldErrorList, SelectField, TextareaField } from "~/components/ui/field";
import { Label, Textarea } from "~/components/ui/input";
import { BLOG_CATEGORIES } from "~/catalog/categories";
import { cn } from "~/lib/cn";
import { publicUrlFrom, seo } from "~/lib/meta";
import { fieldErrorsOf, formToObject, type FieldErrors } from "~/schemas/auth";
import { blogFormSchema, blogInputFromForm, CONTENT_MAX, EXCERPT_MAX, IMAGE_URL_MAX, TITLE_MAX } from "~/schemas/blog";
import { requireUser, type CurrentUser } from "~/server/guards.server";
import { canManageBlog, createBlog, getBlogById, updateBlog } from "~/server/models/blogs.server";
import { sanitizeBlogHtml } from "~/server/sanitize.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/request.server";

export const SIGN_IN_TO_WRITE = "Debes iniciar sesión para escribir un blog.";

/** requireUser, with the spec's toast when the visitor is signed out (SPEC §8). */
async function requireWriter(request: Request): Promise<CurrentUser> {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof Response && error.headers.get("Location")) {
      throw await redirectWithToast(error.headers.get("Location")!, { type: "error", title: SIGN_IN_TO_WRITE });
    }
    throw error;
  }
}

/** The article of /edit-blog/{id}, when the user may change it: 404 when missing, 403 when not theirs. */
async function editableBlog(id: string | undefined, current: CurrentUser) {
  if (!id) return null;
  const blog = await getBlogById(id);
  if (!blog) throw data("El artículo no existe.", { status: 404 });
  if (!canManageBlog(blog, { id: current.user.id, isAdmin: current.profile.is_admin })) {
    throw data("No tienes permiso para editar este artículo.", { status: 403 });
  }
  return blog;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData?.blog ? "Editar artículo" : "Escribir artículo",
    description: "Editor del blog de Panama VIP IA.",
    path: loaderData?.blog ? `/edit-blog/${loaderData.blog.id}` : "/write-blog",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const current = await requireWriter(request);
  const blog = await editableBlog(params.id, current);
  return {
    blog: blog
      ? {
          id: blog.id,
          slug: blog.slug,
          title: blog.title,
          excerpt: blog.excerpt,
          content: blog.content,
          category: blog.category,
          tags: blog.tags,
          image_url: blog.image_url,
          is_published: blog.is_published,
        }
      : null,
  };
}

type ActionResult = { fieldErrors: FieldErrors | null; toast: { type: "error"; title: string } | null; preview?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const current = await requireWriter(request);
  const existing = await editableBlog(params.id, current);
  const form = await readForm(request);
  const fields = formToObject(form);
  // Without JavaScript the tag box is a plain text field: its comma-separated tags join the list.
  if (fields.tags_nuevas?.trim()) fields.tags = [fields.tags, fields.tags_nuevas].filter(Boolean).join(",");

  if (fields.intent === "preview") {
    const content = (fields.content ?? "").slice(0, CONTENT_MAX);
    return { fieldErrors: null, toast: null, preview: sanitizeBlogHtml(content) } satisfies ActionResult;
  }

  // Only the article's fields are read: a forged author_id, slug, views or is_published is ignored.
  const parsed = blogFormSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrorsOf(parsed.error), toast: null } satisfies ActionResult, { status: 400 });
  }
  const input = blogInputFromForm(parsed.data);
  let saved;
  try {
    saved = existing ? await updateBlog(existing, input) : await createBlog(current.user.id, input);
  } catch (error) {
    console.error("[blog] save:", error);
    const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "error desconocido";
    return data(
      { fieldErrors: null, toast: { type: "error" as const, title: `Error al guardar el blog: ${message}` } } satisfies ActionResult,
      { status: 500 },
    );
  }
  return saved.is_published
    ? redirectWithToast(`/blog/${saved.slug}`, { type: "success", title: "¡Blog Publicado!" })
    : redirectWithToast(`/edit-blog/${saved.id}`, { type: "success", title: "¡Borrador Guardado!" });
}

/** Keyed by article, so that going from /write-blog to /edit-blog/{id} starts a fresh editor. */
export default function WriteBlog(props: Route.ComponentProps) {
  return <Editor key={props.loaderData.blog?.id ?? "new"} {...props} />;
}

function Editor({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { blog } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(actionData);
  if (actionData !== lastServer) {
    setLastServer(actionData);
    setClientErrors(null);
  }
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  useShowToast(actionData?.toast, actionData);

  const [tab, setTab] = useState<"write" | "preview">("write");
  const [content, setContent] = useState(blog?.content ?? "");
  const preview = useFetcher<ActionResult>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    let fd: FormData;
    try {
      fd = new FormData(event.currentTarget, submitter);
    } catch {
      fd = new FormData(event.currentTarget);
    }
    const result = blogFormSchema.safeParse(formToObject(fd));
    if (!result.success) {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(result.error));
      setTab("write");
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    } else {
      setClientErrors(null);
    }
  }

  function showPreview() {
    setTab("preview");
    preview.submit({ intent: "preview", content }, { method: "post" });
  }

  const origin = publicUrlFrom(matches);

  return (
    <div className="flex-1 bg-ocean-50/40">
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold">{blog ? "Editar artículo" : "Escribir un artículo"}</h1>
            <p className="mt-1 text-muted">
              {blog ? "Los cambios se guardan al pulsar Guardar borrador o Publicar." : "Comparte tu historia con la comunidad de Panama VIP IA."}
            </p>
          </div>
          {blog ? <Badge tone={blog.is_published ? "green" : "slate"}>{blog.is_published ? "Publicado" : "Borrador"}</Badge> : null}
        </div>

        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card className="p-5 sm:p-6">
            <Form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
              <Field label="Título" name="title" defaultValue={blog?.title} maxLength={TITLE_MAX} required errors={errors.title} />
              <TextareaField label="Resumen" name="excerpt" defaultValue={blog?.excerpt} maxLength={EXCERPT_MAX} rows={3} required errors={errors.excerpt} />

              <div>
                <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
                  <Label htmlFor="content" flush>
                    Contenido
                  </Label>
                  <div role="tablist" aria-label="Modo del contenido" className="inline-flex rounded-full bg-ocean-50 p-1 text-sm">
                    <button
                      type="button"
                      role="tab"
                      aria-selected={tab === "write"}
                      onClick={() => setTab("write")}
                      className={cn("inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-semibold", tab === "write" ? "bg-white text-ocean-800 shadow-sm" : "text-muted")}
                    >
                      <Icon name="pen-line" aria-hidden className="size-4" /> Escribir
                    </button>
                    <button
                      type="button"
                      role="tab"
                      aria-selected={tab === "preview"}
                      onClick={showPreview}
                      className={cn("inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-semibold", tab === "preview" ? "bg-white text-ocean-800 shadow-sm" : "text-muted")}
                    >
                      <Icon name="eye" aria-hidden className="size-4" /> Vista previa
                    </button>
                  </div>
                </div>
                <div className={tab === "write" ? "" : "hidden"}>
                  <Textarea
                    id="content"
                    name="content"
                    rows={15}
                    value={content}
                    onChange={(e) => setContent(e.target.value)}
                    maxLength={CONTENT_MAX}
                    required
                    aria-invalid={errors.content?.length ? true : undefined}
                    aria-describedby={errors.content?.length ? "content-error content-hint" : "content-hint"}
                    code
                  />
                  <p id="content-hint" className="mt-1 text-sm text-muted">
                    HTML básico: &lt;p&gt;, &lt;h2&gt;-&lt;h4&gt;, &lt;strong&gt;, &lt;em&gt;, &lt;u&gt;, &lt;s&gt;, &lt;blockquote&gt;, listas, enlaces, imágenes
                    (http/https), &lt;code&gt;, &lt;pre&gt; y &lt;hr&gt;. Todo lo demás se elimina al guardar.
                  </p>
                </div>
                <FieldErrorList id="content-error" errors={errors.content} />
                {tab === "preview" ? (
                  <div className="min-h-72 rounded-xl border border-ocean-100 bg-white p-4" aria-live="polite" aria-busy={preview.state !== "idle"}>
                    {preview.state !== "idle" ? (
                      <p className="text-muted">Procesando...</p>
                    ) : preview.data?.preview ? (
                      <div className="prose-content wrap-anywhere" dangerouslySetInnerHTML={{ __html: preview.data.preview }} />
                    ) : (
                      <p className="text-muted">No hay contenido para mostrar.</p>
                    )}
                    <p className="mt-4 border-t border-ocean-100 pt-3 text-xs text-muted">Así se verá el contenido después de la limpieza de HTML.</p>
                  </div>
                ) : null}
              </div>

              <div className="grid gap-5 sm:grid-cols-2">
                <SelectField label="Categoría" name="category" defaultValue={blog?.category ?? ""} errors={errors.category} hint="Obligatoria para publicar.">
                  <option value="">Sin categoría</option>
                  {BLOG_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
                <Field
                  label="URL de la imagen (opcional)"
                  name="image_url"
                  type="url"
                  inputMode="url"
                  defaultValue={blog?.image_url ?? ""}
                  maxLength={IMAGE_URL_MAX}
                  placeholder="https://…"
                  errors={errors.image_url}
                />
              </div>

              <TagInput name="tags" defaultValue={blog?.tags ?? []} errors={errors.tags} />

              {blog?.is_published ? (
                <p className="rounded-xl bg-sun-100 px-4 py-3 text-sm text-sun-700">
                  Este artículo está publicado. «Guardar borrador» lo retira del blog hasta que vuelvas a publicarlo; su dirección no cambia.
                </p>
              ) : null}

              <div className="flex flex-col-reverse gap-3 border-t border-ocean-100 pt-5 sm:flex-row sm:justify-end">
                {blog ? (
                  <Link to="/my-blogs" className="inline-flex min-h-11 items-center justify-center px-4 font-semibold text-ocean-700 hover:underline">
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
            <ApiDocsPanel origin={origin} />
          </aside>
        </div>
      </div>
    </div>
  );
}
