/**
 * The app's secret (sessions, the flash cookie, signed links): AUTH_SECRET, or one generated once into
 * DATA_DIR for the embedded setup. A module of its own, so that what signs with it (the monthly
 * report's unsubscribe link, which the mail layer reads) need not load the accounts, which send mail.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../platform/env.server";
import { singleton } from "../platform/singleton.server";

export function authSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  return singleton("auth-secret", () => {
    if (env.DATA_DIR.startsWith("memory://")) return crypto.randomBytes(32).toString("hex");
    const file = path.resolve(env.DATA_DIR, "auth-secret");
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  });
}
