/**
 * The monthly report's unsubscribe link: a token that names the account and is signed with the app's
 * secret (HMAC-SHA256), so that it works without signing in and nobody can make one for someone else.
 * It does not expire: a report read months later must still stop the next ones (RFC 8058).
 */
import crypto from "node:crypto";
import { authSecret } from "../accounts/secret.server";
import { getEnv } from "../platform/env.server";
import { userIdByEmail } from "../models/visibility-monthly.server";

export const UNSUBSCRIBE_PATH = "/informes/baja";
/** Separates this signature from any other the secret makes. */
const PURPOSE = "informe-mensual-baja:";
const MAX_TOKEN = 200;

function signature(userId: string): string {
  return crypto
    .createHmac("sha256", authSecret())
    .update(PURPOSE + userId)
    .digest("base64url");
}

export function reportToken(userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${signature(userId)}`;
}

/** The account a token names, or null for anything malformed or not signed by us. */
export function verifyReportToken(token: string | null | undefined): string | null {
  if (!token || token.length > MAX_TOKEN) return null;
  const [id, sig, extra] = token.split(".");
  if (!id || !sig || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  const expected = Buffer.from(signature(userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

export function reportUnsubscribeUrl(userId: string): string {
  return `${getEnv().PUBLIC_URL}${UNSUBSCRIBE_PATH}?token=${reportToken(userId)}`;
}

/** RFC 8058's headers for the account an address belongs to (none when no account has it any more). */
export async function reportListHeaders(to: string): Promise<Record<string, string>> {
  const userId = await userIdByEmail(to);
  if (!userId) return {};
  return { "List-Unsubscribe": `<${reportUnsubscribeUrl(userId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
