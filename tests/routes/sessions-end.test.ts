/**
 * Sessions end at once: a copied session cookie stops working on the very next request after its
 * owner signs out, changes or resets the password, or an admin closes the member's sessions; a role
 * change counts on the next request; every sign-in gets a new token; the cookie's attributes.
 * (The same over real HTTP, with the production server: tests/e2e/sessions-end.spec.ts.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { audit_log } from "~/db/schema";
import { PASSWORD_TOO_COMMON } from "~/schemas/auth";
import * as adminRoute from "~/routes/admin/dashboard";
import * as membersRoute from "~/routes/admin/members";
import * as apiAuth from "~/routes/api/auth";
import * as authRoute from "~/routes/account/auth";
import * as forgotRoute from "~/routes/account/forgot-password";
import * as logoutRoute from "~/routes/account/logout";
import * as profileRoute from "~/routes/account/profile";
import * as resetRoute from "~/routes/account/reset-password";
import { db } from "~/server/platform/db.server";
import { getCurrentUser } from "~/server/accounts/guards.server";
import { SESSION_MESSAGES } from "~/server/models/admin-members.server";
import { readToast } from "~/server/http/toast.server";
import { makeUser } from "../setup/factories";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN, resetConfig } from "../setup/route";

let seq = 0;
const newUser = () => {
  seq++;
  const id = `${Date.now().toString(36)}${seq}`;
  return { full_name: `Lucía Sesión ${id}`, email: `lucia.${id}@ejemplo.pa`, password: `clave-propia-${id}` };
};
// Each test signs in from its own address, so the sign-in limit of one never touches another.
const ipOf = () => `198.18.${seq % 250}.${(seq * 7) % 250}`;

async function signUp(user = newUser()) {
  const res = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip: ipOf() });
  expect(res.status).toBe(302);
  return { user, cookie: cookiesFrom(res.headers) };
}

/** Another browser of the same person: a sign-in of its own. */
async function signIn(user: { email: string; password: string }) {
  const res = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }), {
    ip: ipOf(),
  });
  return { res, cookie: cookiesFrom(res.headers) };
}

const signedIn = async (cookie: string) => (await getCurrentUser(getRequest("/profile", cookie))) !== null;

/** The session token a Set-Cookie list carries (the signed value's token part). */
function tokenOf(headers: Headers): string | undefined {
  const c = headers.getSetCookie().find((s) => /(^|-)better-auth\.session_token=[^;]/.test(s));
  return c ? decodeURIComponent(c.split(";")[0]!.split("=")[1]!).split(".")[0] : undefined;
}

async function toastOf(headers: Headers) {
  return (await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesFrom(headers) } }))).toast;
}

afterEach(() => resetConfig({ PUBLIC_URL: undefined, MAIL_LOG_FILE: undefined }));

describe("a copied session cookie", () => {
  it("stops working on the very next request after its owner signs out (other browsers stay signed in)", async () => {
    const { user, cookie } = await signUp();
    const other = await signIn(user);
    const copy = cookie;
    expect(await signedIn(copy)).toBe(true);

    const out = await call(logoutRoute.action, formRequest("/logout", {}, cookie));
    expect(out.status).toBe(302);
    // The attacker's copy, replayed as it was (whatever cookies it held): signed out at once.
    expect(await signedIn(copy)).toBe(false);
    const page = await call(profileRoute.loader, getRequest("/profile", copy));
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth/);
    // Signing out ends this browser's session only.
    expect(await signedIn(other.cookie)).toBe(true);
  });

  it("carries no signed copy of the session, so nothing but the database decides", async () => {
    const { res } = await signIn((await signUp()).user);
    const names = res.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toContain("better-auth.session_token");
    expect(names.some((n) => n?.includes("session_data"))).toBe(false);
  });
});

describe("password change on /profile", () => {
  it("ends every other session at once; this browser continues on a new token; the old password stops working", async () => {
    const { user, cookie } = await signUp();
    const laptop = await signIn(user);
    const newPassword = `otra-clave-propia-${seq}`;
    const res = await call(
      profileRoute.action,
      formRequest(
        "/profile",
        { intent: "change-password", current_password: user.password, new_password: newPassword, confirm: newPassword },
        cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res.headers)).toMatchObject({ type: "success", title: "Contraseña actualizada" });
    const fresh = cookiesFrom(res.headers, cookie);
    expect(tokenOf(res.headers)).toBeTruthy();
    expect(fresh).not.toBe(cookie);

    expect(await signedIn(laptop.cookie)).toBe(false);
    expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);
    expect((await signIn(user)).res.status).toBe(401);
    expect((await signIn({ email: user.email, password: newPassword })).res.status).toBe(302);
  });

  it("refuses a wrong current password, a common new one and a mismatch in Spanish, and changes nothing", async () => {
    const { user, cookie } = await signUp();
    const laptop = await signIn(user);
    const change = (fields: Record<string, string>) =>
      call(profileRoute.action, formRequest("/profile", { intent: "change-password", ...fields }, cookie));

    const wrong = await change({ current_password: "no-es-la-clave", new_password: "nueva-clave-larga-1", confirm: "nueva-clave-larga-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.current_password).toEqual(["La contraseña actual no es correcta."]);

    const common = await change({ current_password: user.password, new_password: "iloveyou1", confirm: "iloveyou1" });
    expect(common.status).toBe(400);
    expect(common.data.result.error.new_password).toEqual([PASSWORD_TOO_COMMON]);

    const mismatch = await change({ current_password: user.password, new_password: "nueva-clave-larga-1", confirm: "otra-cosa" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.result.error.confirm).toContain("Las contraseñas no coinciden");

    const short = await change({ current_password: user.password, new_password: "corta", confirm: "corta" });
    expect(short.data.result.error.new_password[0]).toMatch(/al menos 8 caracteres/);
    // Passwords are never sent back to the page.
    expect(JSON.stringify(common.data.result)).not.toContain("iloveyou1");
    expect(JSON.stringify(wrong.data.result)).not.toContain(user.password);

    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(laptop.cookie)).toBe(true);
    expect((await signIn(user)).res.status).toBe(302);
  });
});

describe("password reset", () => {
  it("ends every session of the account at once", async () => {
    const mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
    resetConfig({ MAIL_LOG_FILE: mailLog });
    const { user, cookie } = await signUp();
    const laptop = await signIn(user);
    await call(forgotRoute.action, formRequest("/auth/recuperar", { email: user.email }), { ip: ipOf() });
    const mail = fs
      .readFileSync(mailLog, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
      .find((m) => m.to === user.email && m.subject.startsWith("Restablece"))!;
    const follow = await call(apiAuth.loader, new Request(mail.text.match(/https?:\/\/\S+/)![0]));
    const token = new URL(follow.location!).searchParams.get("token")!;

    // A common password is refused next to the field, and the link keeps working.
    const common = await call(
      resetRoute.action,
      formRequest("/auth/nueva-contrasena", { token, password: "password1", confirm: "password1" }),
    );
    expect(common.status).toBe(400);
    expect(common.data.result.error.password).toEqual([PASSWORD_TOO_COMMON]);
    expect(await signedIn(cookie)).toBe(true);

    const done = await call(
      resetRoute.action,
      formRequest("/auth/nueva-contrasena", { token, password: "una-clave-nueva-9", confirm: "una-clave-nueva-9" }),
    );
    expect(done.status).toBe(302);
    expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(laptop.cookie)).toBe(false);
  });
});

describe("an admin closing a member's sessions (/admin-members)", () => {
  it("signs the member out everywhere on the next request, with an audit row", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const { user, cookie } = await signUp();
    const laptop = await signIn(user);
    const id = (await getCurrentUser(getRequest("/", cookie)))!.user.id;

    const res = await call(membersRoute.action, formRequest("/admin-members", { intent: "revoke-sessions", user_id: id }, admin.cookie));
    expect(res.status).toBe(302);
    expect(await toastOf(res.headers)).toMatchObject({
      type: "success",
      title: "Sesiones cerradas",
      description: "Se cerraron 2 sesiones.",
    });
    expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(laptop.cookie)).toBe(false);
    expect(await signedIn(admin.cookie)).toBe(true);

    const [row] = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, id), eq(audit_log.action, "sessions")));
    expect(row).toMatchObject({ actor_id: admin.id, entity: "profile", before: { sesiones_abiertas: 2 }, after: { sesiones_abiertas: 0 } });

    // The member signs in again as usual.
    expect(await signedIn((await signIn(user)).cookie)).toBe(true);
  });

  it("is refused for the admin's own sessions, an unknown member, a bad form and a non-admin", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const { cookie } = await signUp();
    const id = (await getCurrentUser(getRequest("/", cookie)))!.user.id;
    const revoke = (userId: string, as: string) =>
      call(membersRoute.action, formRequest("/admin-members", { intent: "revoke-sessions", user_id: userId }, as));

    const self = await revoke(admin.id, admin.cookie);
    expect(await toastOf(self.headers)).toMatchObject({ type: "error", title: `Error al cerrar sesiones: ${SESSION_MESSAGES.self}` });
    expect(await signedIn(admin.cookie)).toBe(true);

    const unknown = await revoke("no-existe", admin.cookie);
    expect(await toastOf(unknown.headers)).toMatchObject({
      type: "error",
      title: `Error al cerrar sesiones: ${SESSION_MESSAGES.notFound}`,
    });

    const bad = await revoke("x".repeat(500), admin.cookie);
    expect(bad.status).toBe(400);

    const other = await signUp();
    const denied = await revoke(id, other.cookie);
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/admin");
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe("a role change", () => {
  it("counts on the member's very next request, both ways", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const { cookie } = await signUp();
    const id = (await getCurrentUser(getRequest("/", cookie)))!.user.id;
    const setRole = (role: "admin" | "user") =>
      call(membersRoute.action, formRequest("/admin-members", { intent: "role", user_id: id, role }, admin.cookie));

    expect((await call(adminRoute.loader, getRequest("/admin", cookie))).location).toBe("/");
    expect((await setRole("admin")).status).toBe(302);
    expect((await call(adminRoute.loader, getRequest("/admin", cookie))).status).toBe(200);
    expect((await setRole("user")).status).toBe(302);
    const after = await call(adminRoute.loader, getRequest("/admin", cookie));
    expect(after.status).toBe(302);
    expect(after.location).toBe("/");
  });
});

describe("signing in", () => {
  it("always issues a new session token, and replaces one the browser brought (no fixation)", async () => {
    const { user } = await signUp();
    const first = await signIn(user);
    const second = await signIn(user);
    const tokens = [tokenOf(first.res.headers), tokenOf(second.res.headers)];
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBeTruthy();
    expect(tokens[0]).not.toBe(tokens[1]);

    // A browser that arrives with a session cookie someone planted leaves the sign-in with its own.
    const planted = `better-auth.session_token=${encodeURIComponent(`plantado${"x".repeat(24)}.firma`)}`;
    const res = await call(
      authRoute.action,
      formRequest("/auth", { intent: "login", email: user.email, password: user.password }, planted),
      { ip: ipOf() },
    );
    expect(res.status).toBe(302);
    const jar = cookiesFrom(res.headers, planted);
    expect(tokenOf(res.headers)).toBeTruthy();
    expect(jar).not.toContain("plantado");
    expect(await signedIn(jar)).toBe(true);
  });
});

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and host-only over http", async () => {
    const { res } = await signIn((await signUp()).user);
    const session = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="))!;
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Domain=/i);
    expect(session).not.toMatch(/; Secure/i);
  });

  it("is __Host- prefixed and Secure when PUBLIC_URL is https, and the app reads it", async () => {
    resetConfig({ PUBLIC_URL: "https://panamavipia.example" });
    const user = newUser();
    const res = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip: ipOf() });
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie().filter((c) => c.includes("better-auth."));
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c).toMatch(/^__Host-better-auth\./);
      expect(c).toMatch(/; Secure/i);
      expect(c).toMatch(/; HttpOnly/i);
      expect(c).toMatch(/; SameSite=Lax/i);
      expect(c).toMatch(/; Path=\/(;|$)/i);
      expect(c).not.toMatch(/; Domain=/i);
    }
    const jar = cookiesFrom(res.headers);
    expect((await getCurrentUser(getRequest("/", jar)))?.user.email).toBe(user.email);
    // The unprefixed name means nothing over https: a cookie set by plain http cannot pose as it.
    expect(await signedIn(jar.replace("__Host-better-auth.session_token", "better-auth.session_token"))).toBe(false);
  });
});
