/**
 * The writing API: `POST /api/blogs` with `Authorization: Bearer <token>` and a JSON article.
 * 201 {id, slug, url} · 400 field errors in Spanish · 401 without a valid token · 413 over 200 kB ·
 * 429 past 30 requests a minute per token. Same validation and sanitizing as the editor.
 */
import type { Route } from "./+types/blogs";
import { blogApiSchema } from "~/schemas/blog";
import { getEnv } from "~/server/platform/env.server";
import { authenticateApiToken, bearerToken } from "~/server/models/api-tokens.server";
import { createBlog } from "~/server/models/blogs.server";
import { recordHit } from "~/server/models/rate-limits.server";

export const API_BODY_LIMIT = 200 * 1024;
export const API_RATE_LIMIT = 30;

const noStore = { "Cache-Control": "no-store" };

function fail(status: number, error: string, extra?: Record<string, unknown>, headers?: HeadersInit) {
  return Response.json({ error, ...extra }, { status, headers: { ...noStore, ...headers } });
}

/** Reads at most `limit` bytes of the body; null when it is larger (whatever Content-Length said). */
async function readBodyWithin(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return fail(405, "Método no permitido", undefined, { Allow: "POST" });

  const token = bearerToken(request);
  const auth = token ? await authenticateApiToken(token) : null;
  if (!auth) {
    return fail(401, "Token de acceso inválido o ausente. Usa Authorization: Bearer <token> con un token creado en tu perfil.", undefined, {
      "WWW-Authenticate": 'Bearer realm="api"',
    });
  }

  const hit = await recordHit(`api-blogs:${auth.tokenId}`, 60);
  if (hit.count > API_RATE_LIMIT) {
    return fail(
      429,
      `Demasiadas solicitudes: máximo ${API_RATE_LIMIT} por minuto. Intenta de nuevo en ${hit.retryAfterSeconds} s.`,
      undefined,
      {
        "Retry-After": String(hit.retryAfterSeconds),
      },
    );
  }

  const tooLarge = () => fail(413, "El cuerpo de la solicitud supera el máximo de 200 kB.");
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > API_BODY_LIMIT) return tooLarge();
  const raw = await readBodyWithin(request, API_BODY_LIMIT);
  if (raw === null) return tooLarge();

  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fail(400, "El cuerpo debe ser JSON válido.");
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return fail(400, "El cuerpo debe ser un objeto JSON.");

  // Only the documented fields are read: a forged author_id (or author_email) is ignored.
  const parsed = blogApiSchema.safeParse(json);
  if (!parsed.success) return fail(400, "Datos inválidos", { errors: errorsByPath(parsed.error.issues) });

  const blog = await createBlog(auth.userId, parsed.data);
  const path = `/blog/${blog.slug}`;
  const url = blog.is_published ? `${getEnv().PUBLIC_URL}${path}` : `${getEnv().PUBLIC_URL}/edit-blog/${blog.id}`;
  return Response.json(
    { id: blog.id, slug: blog.slug, url, is_published: blog.is_published },
    { status: 201, headers: { ...noStore, Location: url } },
  );
}

/** Spanish messages keyed by the field's whole path, written as the forms name it: `tags[3]`, `title`. */
function errorsByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.reduce<string>(
      (name, p) => (typeof p === "number" ? `${name}[${p}]` : name ? `${name}.${String(p)}` : String(p)),
      "",
    );
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

export function loader() {
  return Response.json({ error: "Método no permitido" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}
