/**
 * The blog's Zod schemas, with Spanish messages. One schema for the editor form (used in the
 * browser and re-checked in the action) and one for the writing API; both share the same field
 * rules, so the API validates exactly like the editor.
 */
import { z } from "./zod";
import { completeWebAddress } from "~/lib/safe-url";
import { BLOG_CATEGORIES } from "~/catalog/categories";
import { UUID_PATTERN } from "~/lib/uuid";

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
export const CONTENT_MAX = 100_000;
export const TAG_MAX = 40;
export const TAGS_MAX = 10;
export const IMAGE_URL_MAX = 2000;
export const TOKEN_NAME_MAX = 60;

/** C0/C1 control characters except tab, line feed and carriage return (kept in content). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** One-line text: control characters removed, runs of whitespace collapsed, trimmed. */
function cleanLine(v: string): string {
  return v.replace(CONTROL, "").replace(/\s+/g, " ").trim();
}
/** Multi-line text: control characters removed, trimmed. */
function cleanText(v: string): string {
  return v.replace(CONTROL, "").trim();
}

const line = (v: unknown) => (typeof v === "string" ? cleanLine(v) : v);
const multiline = (v: unknown) => (typeof v === "string" ? cleanText(v) : v);

const title = z.preprocess(
  line,
  z
    .string({ error: "El título es obligatorio" })
    .min(1, "El título es obligatorio")
    .max(TITLE_MAX, `El título es demasiado largo (máximo ${TITLE_MAX} caracteres)`),
);

const excerpt = z.preprocess(
  line,
  z
    .string({ error: "El resumen es obligatorio" })
    .min(1, "El resumen es obligatorio")
    .max(EXCERPT_MAX, `El resumen es demasiado largo (máximo ${EXCERPT_MAX} caracteres)`),
);

const content = z.preprocess(
  multiline,
  z
    .string({ error: "El contenido es obligatorio" })
    .min(1, "El contenido es obligatorio")
    .max(CONTENT_MAX, "El contenido es demasiado largo (máximo 100.000 caracteres)"),
);

const category = z.preprocess(
  (v) => (v == null ? null : typeof v === "string" ? cleanLine(v) || null : v),
  z.enum(BLOG_CATEGORIES, { error: "Selecciona una categoría válida" }).nullable(),
);

/** The tag as stored: one line, no commas (they separate tags in the API's string form). */
const cleanTag = (raw: string) => cleanLine(raw).replace(/,/g, " ").trim();

/** Tags without empty ones and without repeats (the first spelling stays, without regard to case). */
export function normalizeTags(input: unknown): unknown {
  if (input == null || input === "") return [];
  const list = typeof input === "string" ? input.split(",") : input;
  if (!Array.isArray(list)) return input;
  if (list.some((t) => typeof t !== "string")) return input;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list as string[]) {
    const tag = cleanTag(raw);
    if (!tag) continue;
    const key = tag.toLocaleLowerCase("es");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/**
 * Tags arrive as a list (the editor's `tags[i]` fields, the API's array) or as one comma-separated
 * string. Each is checked where it stands, so an error names the tag's own index (`tags[3]`); then
 * empty ones and repeats go, and the limit applies to what is left.
 */
const tags = z.preprocess(
  (v) => (v == null || v === "" ? [] : typeof v === "string" ? v.split(",") : v),
  z
    .array(
      z
        .string({ error: "Cada etiqueta debe ser un texto" })
        .transform(cleanTag)
        .pipe(z.string().max(TAG_MAX, `Cada etiqueta puede tener como máximo ${TAG_MAX} caracteres`)),
      { error: "Las etiquetas deben ser una lista de textos" },
    )
    .transform((list) => normalizeTags(list) as string[])
    .pipe(z.array(z.string()).max(TAGS_MAX, `Máximo ${TAGS_MAX} etiquetas`)),
);

/** True for an absolute http(s) URL without spaces or control characters. */
function isHttpUrl(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

// 'ejemplo.com/foto.jpg' is completed to https://, as in the admin forms.
const imageUrl = z.preprocess(
  (v) => (v == null ? null : typeof v === "string" ? (v.trim() ? completeWebAddress(v) : null) : v),
  z
    .string({ error: "La URL de la imagen no es válida" })
    .max(IMAGE_URL_MAX, "La URL de la imagen es demasiado larga")
    .refine(isHttpUrl, "La URL de la imagen debe empezar con http:// o https://")
    .nullable(),
);

const blogFields = { title, excerpt, content, category, tags, image_url: imageUrl };

const PUBLISH_NEEDS_CATEGORY = "Selecciona una categoría para publicar";

/** Run the publish rule even when other fields failed, so that every error shows at once. */
const alwaysForObjects = (payload: { value: unknown; issues: readonly { path?: PropertyKey[] }[] }) =>
  typeof payload.value === "object" &&
  payload.value !== null &&
  !payload.issues.some((i) => i.path?.[0] === "category" || i.path?.[0] === "intent" || i.path?.[0] === "is_published");

/**
 * The editor (/write-blog, /edit-blog/{id}). `intent` is the button pressed: 'draft' saves a draft
 * ('Guardar borrador'), 'publish' publishes ('Publicar') and needs a category.
 */
export const blogFormSchema = z
  .object({ ...blogFields, intent: z.enum(["draft", "publish"], { error: "Acción no válida" }).default("draft") })
  .refine((v) => !(v.intent === "publish" && !v.category), { path: ["category"], message: PUBLISH_NEEDS_CATEGORY, when: alwaysForObjects });
export type BlogFormInput = z.output<typeof blogFormSchema>;

/** The writing API: the same fields as JSON, `is_published` instead of the button. */
export const blogApiSchema = z
  .object({
    ...blogFields,
    is_published: z.boolean({ error: "is_published debe ser true o false" }).default(false),
  })
  .refine((v) => !(v.is_published === true && !v.category), {
    path: ["category"],
    message: PUBLISH_NEEDS_CATEGORY,
    when: alwaysForObjects,
  });

/** What the model needs to save an article. */
export type BlogInput = {
  title: string;
  excerpt: string;
  content: string;
  category: (typeof BLOG_CATEGORIES)[number] | null;
  tags: string[];
  image_url: string | null;
  is_published: boolean;
};

/**
 * The version of the article the editor was opened from (a hidden field of /edit-blog/{id}), as the
 * model wrote it. Anything else becomes "", which matches no article: the save is then refused as
 * if the article had changed, with what was typed kept.
 */
export const blogVersionSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .catch("");

export function blogInputFromForm(v: BlogFormInput): BlogInput {
  const { intent, ...rest } = v;
  return { ...rest, is_published: intent === "publish" };
}

/** /my-blogs filters, from the URL. Anything unknown falls back to the defaults. */
export const myBlogsQuerySchema = z.object({
  q: z.preprocess((v) => (typeof v === "string" ? cleanLine(v).slice(0, 100) : ""), z.string()),
  estado: z.enum(["todos", "publicados", "borradores"]).catch("todos"),
});

/** /blog search and page, from the URL. */
export const blogListQuerySchema = z.object({
  q: z.preprocess((v) => (typeof v === "string" ? cleanLine(v).slice(0, 100) : ""), z.string()),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** A token of the writing API, created in /profile. */
export const apiTokenSchema = z.object({
  name: z.preprocess(
    line,
    z
      .string({ error: "El nombre es obligatorio" })
      .min(1, "El nombre es obligatorio")
      .max(TOKEN_NAME_MAX, `El nombre es demasiado largo (máximo ${TOKEN_NAME_MAX} caracteres)`),
  ),
});

/** /my-blogs: deleting one article. `back` is the list's query string to return to (anything else: none). */
export const blogDeleteSchema = z.object({
  intent: z.literal("delete", { error: "Acción no válida" }),
  id: z.string({ error: "El artículo no existe." }).regex(UUID_PATTERN, "El artículo no existe."),
  back: z
    .string()
    .regex(/^\?[\w=&%+.-]*$/)
    .catch(""),
});

/** Revoking a token of the writing API (/profile). */
export const apiTokenRevokeSchema = z.object({ id: z.string().regex(UUID_PATTERN, "Token inválido") });

/** What a blog card shows: a published article without its content. */
export type BlogCardData = {
  slug: string;
  title: string;
  excerpt: string;
  category: string | null;
  tags: string[];
  image_url: string | null;
  author_name: string;
  published_at: string | null;
  created_at: string;
};
