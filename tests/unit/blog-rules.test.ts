/** Blog rules without a database: slugs, the sanitizer's allowlist, the public XSS corpora, the schemas. */
import { describe, expect, it } from "vitest";
import { nextFreeSlug, slugify } from "~/lib/slugify";
import { blogApiSchema, blogFormSchema, normalizeTags } from "~/schemas/blog";
import { ALLOWED_TAGS, htmlToText, safeHref, safeImageSrc, sanitizeBlogHtml } from "~/server/blog/sanitize.server";
import { forbiddenIn, loadXssCorpus } from "../fixtures/xss/corpus";

describe("slugs", () => {
  it("transliterates Spanish and joins words with hyphens", () => {
    expect(slugify("Gastronomía panameña: 10 platos")).toBe("gastronomia-panamena-10-platos");
    expect(slugify("  ¿Qué es la IA?  ¡Pingüinos & Café! ")).toBe("que-es-la-ia-pinguinos-y-cafe");
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
  });
  it("is unique with a numeric suffix", () => {
    expect(nextFreeSlug("cafe", [])).toBe("cafe");
    expect(nextFreeSlug("cafe", ["cafe"])).toBe("cafe-2");
    expect(nextFreeSlug("cafe", ["cafe", "cafe-2", "cafe-3"])).toBe("cafe-4");
  });
  it("stays short for a 2,000-character title", () => {
    expect(slugify("palabra ".repeat(250)).length).toBeLessThanOrEqual(80);
  });
});

describe("sanitizer allowlist", () => {
  it("keeps every allowed tag", () => {
    const html =
      "<p>a<br>b</p><h2>h2</h2><h3>h3</h3><h4>h4</h4><strong>s</strong><em>e</em><u>u</u><s>s</s><blockquote>q</blockquote>" +
      '<ul><li>1</li></ul><ol><li>2</li></ol><a href="https://ejemplo.pa/x">l</a><img src="https://ejemplo.pa/i.png" alt="i"><code>c</code><pre>p</pre><hr>';
    const out = sanitizeBlogHtml(html);
    for (const tag of ALLOWED_TAGS) expect(out, tag).toContain(`<${tag}`);
  });
  it("removes everything else, keeping harmless text", () => {
    const out = sanitizeBlogHtml(
      '<div class="x" style="color:red"><span>texto</span><script>alert(1)</script><iframe src="https://e.com"></iframe><form><input></form><style>p{}</style><table><tr><td>celda</td></tr></table></div>',
    );
    expect(out).toBe("textocelda");
  });
  it("maps b/i/h1 to their allowed equivalents", () => {
    expect(sanitizeBlogHtml("<b>n</b><i>c</i><h1>T</h1>")).toBe("<strong>n</strong><em>c</em><h2>T</h2>");
  });
  it("links: http(s), mailto or a site path, always with rel=noopener nofollow ugc", () => {
    expect(sanitizeBlogHtml('<a href="https://ejemplo.pa" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://ejemplo.pa/" rel="noopener nofollow ugc">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="mailto:hola@ejemplo.pa">m</a>')).toContain('href="mailto:hola@ejemplo.pa"');
    expect(sanitizeBlogHtml('<a href="/blog/otro">i</a>')).toContain('href="/blog/otro"');
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "ftp://x.y/z",
      " java\tscript:alert(1)",
      "/\\evil.example",
    ]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
  it("images: absolute http(s) only; an image without a usable src is dropped", () => {
    expect(safeImageSrc("https://ejemplo.pa/a.png")).toBe("https://ejemplo.pa/a.png");
    for (const bad of ["x", "/local.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "//evil.example/a.png"])
      expect(safeImageSrc(bad), bad).toBeNull();
    expect(sanitizeBlogHtml('<img src="x" onerror="alert(1)">')).toBe("");
    expect(sanitizeBlogHtml('<img src="https://e.pa/a.png" onerror="alert(1)" width="1">')).toBe(
      '<img src="https://e.pa/a.png" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" />',
    );
  });
  it("removes control characters and is idempotent", () => {
    const once = sanitizeBlogHtml("<p>a\u0000b\u0007c</p>");
    expect(once).toBe("<p>abc</p>");
    expect(sanitizeBlogHtml(once)).toBe(once);
  });
  it("text of an article for descriptions", () => {
    expect(htmlToText("<h2>Hola</h2><p>mundo &amp; <strong>más</strong></p>")).toBe("Holamundo & más");
  });
});

describe("public XSS corpora (DOMPurify, PayloadsAllTheThings)", () => {
  const corpus = loadXssCorpus();
  it("has the vectors", () => {
    expect(corpus.filter((v) => v.source === "dompurify").length).toBeGreaterThan(60);
    expect(corpus.filter((v) => v.source === "rsnake").length).toBeGreaterThan(60);
    expect(corpus.filter((v) => v.source === "polyglots").length).toBeGreaterThan(10);
    expect(corpus.filter((v) => v.source === "event-handlers").length).toBeGreaterThan(300);
  });
  it("the check itself catches what it must", () => {
    expect(forbiddenIn("<img src=x onerror=alert(1)>")).toEqual(["img[onerror]"]);
    expect(forbiddenIn('<a href=" JaVaScript:alert(1)">x</a><a href="data:text/html,x">y</a>')).toHaveLength(2);
    expect(forbiddenIn("<script></script><iframe></iframe><style></style><form></form>")).toHaveLength(4);
    expect(forbiddenIn("<p>&lt;script&gt; onclick=alert(1)</p>")).toEqual([]);
  });
  it.each(corpus.map((v) => [`${v.source}: ${v.title}`, v.payload] as const))("%s", (_name, payload) => {
    const out = sanitizeBlogHtml(payload);
    expect(forbiddenIn(out)).toEqual([]);
    expect(sanitizeBlogHtml(out)).toBe(out);
  });
});

describe("blog schemas", () => {
  const base = { title: "Título", excerpt: "Resumen", content: "<p>Hola</p>", category: "", tags: "", image_url: "" };
  const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it("a draft needs title, excerpt and content; publishing also a category", () => {
    expect(blogFormSchema.safeParse({ ...base, intent: "draft" }).success).toBe(true);
    expect(errorsOf(blogFormSchema.safeParse({ ...base, intent: "publish" }))).toEqual({
      category: "Selecciona una categoría para publicar",
    });
    expect(blogFormSchema.safeParse({ ...base, category: "Turismo", intent: "publish" }).success).toBe(true);
    expect(errorsOf(blogFormSchema.safeParse({ intent: "draft", title: " ", excerpt: "", content: "" }))).toEqual({
      title: "El título es obligatorio",
      excerpt: "El resumen es obligatorio",
      content: "El contenido es obligatorio",
    });
  });
  it("refuses a 2,000-character title, 1 MB of content, 500 tags, an unknown category and a non-http image", () => {
    const r = blogFormSchema.safeParse({
      ...base,
      intent: "draft",
      title: "x".repeat(2000),
      content: `<p>${"a".repeat(1024 * 1024)}</p>`,
      tags: Array.from({ length: 500 }, (_, i) => `t${i}`).join(","),
      category: "Política",
      image_url: "javascript:alert(1)",
    });
    expect(Object.keys(errorsOf(r)).sort()).toEqual(["category", "content", "image_url", "tags", "title"]);
    expect(errorsOf(r).tags).toBe("Máximo 10 etiquetas");
    expect(errorsOf(r).image_url).toBe("La URL de la imagen debe empezar con http:// o https://");
  });
  it("strips control characters from plain-text fields", () => {
    const r = blogFormSchema.parse({ ...base, intent: "draft", title: "Hola\u0000\u0007 mundo\u001b", excerpt: "a\u0008b" });
    expect(r.title).toBe("Hola mundo");
    expect(r.excerpt).toBe("ab");
  });
  it("de-duplicates tags without regard to case", () => {
    expect(normalizeTags("café, Café ,boquete,,")).toEqual(["café", "boquete"]);
    expect(normalizeTags(["IA", "ia", " IA "])).toEqual(["IA"]);
  });
  it("the API schema ignores forged fields and checks types", () => {
    const ok = blogApiSchema.parse({ title: "T", excerpt: "E", content: "C", author_id: "someone-else", views: 99, is_published: false });
    expect(ok).not.toHaveProperty("author_id");
    expect(ok).not.toHaveProperty("views");
    const bad = blogApiSchema.safeParse({ title: 5, excerpt: "E", content: "C", tags: "no-es-lista", is_published: "sí" });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["is_published", "title"]);
  });
});
