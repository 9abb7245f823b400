/** Toasts that survive a redirect travel in a short-lived signed flash cookie. */
import { createCookie, redirect } from "react-router";
import { z } from "~/schemas/zod";
import { hasCookie, TOAST_COOKIE } from "~/lib/cookies";
import { authSecret } from "../accounts/auth.server";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(300),
  description: z.string().max(1000).optional(),
});
export type Toast = z.input<typeof toastSchema>;

const cookie = () =>
  createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secrets: [authSecret()],
  });

export async function toastHeader(toast: Toast): Promise<string> {
  return cookie().serialize(toastSchema.parse(toast));
}

/** Reads the flash toast, and the header that clears it. Garbage cookies are ignored. */
export async function readToast(request: Request): Promise<{ toast: z.output<typeof toastSchema> | null; headers: Headers }> {
  const headers = new Headers();
  const raw = request.headers.get("cookie");
  if (!hasCookie(raw, TOAST_COOKIE)) return { toast: null, headers };
  let value: unknown = null;
  try {
    value = await cookie().parse(raw);
  } catch {
    value = null;
  }
  headers.append("Set-Cookie", await cookie().serialize("", { maxAge: 0 }));
  const parsed = toastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, headers };
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}
