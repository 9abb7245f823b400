/**
 * Tokens of the writing API. A token is shown once when created; only its sha256 hash and a short
 * prefix (to tell tokens apart in /profile) are stored. Revoked tokens stop working at once.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { api_tokens, profiles } from "~/db/schema";
import { db } from "../platform/db.server";
import { UUID_PATTERN as UUID } from "~/lib/uuid";
import { UserError } from "~/lib/user-error";

const TOKEN_PREFIX = "pvb_";
const MAX_ACTIVE_TOKENS = 10;

export type ApiTokenSummary = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null };

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

export class TooManyTokensError extends UserError {
  constructor() {
    super(`Puedes tener como máximo ${MAX_ACTIVE_TOKENS} tokens activos. Revoca uno antes de crear otro.`);
  }
}

/** Creates a token for `userId`; the full token is returned here and never again. */
export async function createApiToken(userId: string, name: string): Promise<{ id: string; token: string; prefix: string; name: string }> {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(api_tokens)
    .where(and(eq(api_tokens.user_id, userId), isNull(api_tokens.revoked_at)))) as [{ n: number }];
  if (Number(n) >= MAX_ACTIVE_TOKENS) throw new TooManyTokensError();
  const token = `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const prefix = token.slice(0, TOKEN_PREFIX.length + 8);
  const [row] = await db
    .insert(api_tokens)
    .values({ user_id: userId, name, prefix, token_hash: hashToken(token) })
    .returning({ id: api_tokens.id });
  return { id: row!.id, token, prefix, name };
}

/** The user's active tokens, newest first, prefix only. */
export async function listApiTokens(userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(api_tokens)
    .where(and(eq(api_tokens.user_id, userId), isNull(api_tokens.revoked_at)))
    .orderBy(desc(api_tokens.created_at));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at ? r.last_used_at.toISOString() : null,
  }));
}

/** Revokes one of the user's own tokens. False when there is no such active token of theirs. */
export async function revokeApiToken(userId: string, tokenId: string): Promise<boolean> {
  if (!UUID.test(tokenId)) return false;
  const rows = await db
    .update(api_tokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(api_tokens.id, tokenId), eq(api_tokens.user_id, userId), isNull(api_tokens.revoked_at)))
    .returning({ id: api_tokens.id });
  return rows.length > 0;
}

/** The owner of an active token (and marks it used), or null. */
export async function authenticateApiToken(token: string): Promise<{ tokenId: string; userId: string; isAdmin: boolean } | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .update(api_tokens)
    .set({ last_used_at: new Date() })
    .where(and(eq(api_tokens.token_hash, hashToken(token)), isNull(api_tokens.revoked_at)))
    .returning({ id: api_tokens.id, user_id: api_tokens.user_id });
  if (!row) return null;
  const [profile] = await db.select({ is_admin: profiles.is_admin }).from(profiles).where(eq(profiles.id, row.user_id)).limit(1);
  return { tokenId: row.id, userId: row.user_id, isAdmin: profile?.is_admin ?? false };
}

/** The token in an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
