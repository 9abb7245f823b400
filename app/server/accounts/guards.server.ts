/**
 * Guards: every loader and action that needs a user starts with one; the server enforces every rule
 * the UI shows. Signed out -> /auth; signed in but not admin -> 'Acceso Denegado' and back to /
 * (or /admin).
 */
import { type MiddlewareFunction, redirect } from "react-router";
import type { Profile } from "~/db/schema";
import { hasCookie, SESSION_COOKIE } from "~/lib/cookies";
import { authHeaders, getAuth } from "./auth.server";
import { checkDatabase } from "../platform/db.server";
import { ensureProfile } from "../models/profiles.server";
import { redirectWithToast } from "../http/toast.server";

type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type CurrentUser = { user: SessionUser; profile: Profile };

export const ACCESS_DENIED = { title: "Acceso Denegado", description: "No tienes permisos de administrador." } as const;

// The root loader and the page's own loader or guard ask for the same request: look it up once.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

// The page's URL as React Router resolved it: a data request's own URL ends in `.data` and carries
// `_routes`, which must never become a redirectTo.
const pageUrls = new WeakMap<Request, URL>();

/** Root middleware: remembers the page URL of each request for the guards. */
export const rememberPageUrl: MiddlewareFunction<Response> = ({ request, url }, next) => {
  pageUrls.set(request, url);
  return next();
};

/** The signed-in user and profile, or null. A malformed or expired session cookie is just "signed out". */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = lookUpCurrentUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (!hasCookie(request.headers.get("cookie"), SESSION_COOKIE)) return null;
  let session: Awaited<ReturnType<ReturnType<typeof getAuth>["api"]["getSession"]>> = null;
  try {
    session = await getAuth().api.getSession({ headers: authHeaders(request) });
  } catch (error) {
    // A database that does not answer is no reason to send a member to the sign-in page: the page
    // fails with it (a 503, app/server/http/unavailable.server.ts).
    if (!(await checkDatabase(1_000)).ok) throw error;
    return null;
  }
  if (!session) return null;
  const user = session.user as SessionUser;
  const profile = await ensureProfile(user);
  if (!profile) return null;
  return { user, profile };
}

/** To /auth, and back to this page once signed in; `toast` says why (some pages must). */
async function signInRedirect(request: Request, toast?: string): Promise<Response> {
  const url = pageUrls.get(request) ?? new URL(request.url);
  const back = url.pathname + url.search;
  const to = back && back !== "/" ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth";
  return toast ? redirectWithToast(to, { type: "error", title: toast }) : redirect(to);
}

export async function requireUser(request: Request, signedOutToast?: string): Promise<CurrentUser> {
  const current = await getCurrentUser(request);
  if (!current) throw await signInRedirect(request, signedOutToast);
  return current;
}

/** Admin only. Non-admins get the 'Acceso Denegado' toast and go to `deniedTo` ('/' by default). */
export async function requireAdmin(request: Request, deniedTo = "/"): Promise<CurrentUser> {
  const current = await requireUser(request);
  if (!current.profile.is_admin) {
    throw await redirectWithToast(deniedTo, { type: "error", ...ACCESS_DENIED });
  }
  return current;
}

export async function requireAnonymous(request: Request): Promise<void> {
  if (await getCurrentUser(request)) throw redirect("/");
}
