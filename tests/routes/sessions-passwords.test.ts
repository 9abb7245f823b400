/**
 * Passwords: 8 to 128 characters, none of the 10,000 most common (the public list in
 * tests/fixtures/common-passwords-10k.txt), no composition rules, refused in Spanish on sign-up, reset
 * and change, through the forms and better-auth's JSON endpoints alike. The sign-in limit counts a
 * client however its address is written and whatever URL reaches the endpoint, and holds under
 * concurrent attempts. (Over real HTTP: tests/e2e/sessions-end.spec.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_COMMON } from "~/schemas/auth";
import * as apiAuth from "~/routes/api/auth";
import * as authRoute from "~/routes/account/auth";
import * as profileRoute from "~/routes/account/profile";
import { queryRows } from "~/server/platform/db.server";
import { getAuth } from "~/server/accounts/auth.server";
import { isCommonPassword } from "~/server/accounts/passwords.server";
import { makeUser } from "../setup/factories";
import { call, cookiesFrom, formRequest, ORIGIN } from "../setup/route";

const COMMON = fs
  .readFileSync(path.resolve(import.meta.dirname, "../fixtures/common-passwords-10k.txt"), "utf8")
  .split("\n")
  .filter(Boolean);

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

const signUpForm = (password: string, ip = `198.19.${seq % 250}.1`) => {
  const id = unique();
  const email = `clave.${id}@ejemplo.pa`;
  return call(authRoute.action, formRequest("/auth", { intent: "signup", full_name: `Clave ${id}`, email, password }), { ip }).then(
    (res) => ({ res, email }),
  );
};

const accountExists = async (email: string) =>
  (await queryRows<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`))[0]!.n > 0;

/** A JSON call to better-auth's own endpoint `endpoint` (/api/auth/…), as `ip`, with `cookie`. */
function authApi(endpoint: string, body: unknown, opts: { ip?: string; cookie?: string; url?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: ORIGIN };
  if (opts.cookie) headers.Cookie = opts.cookie;
  const request = new Request(opts.url ?? `${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) });
  return call(apiAuth.action, request, { ip: opts.ip });
}

describe("the list of common passwords", () => {
  it("is the public list of 10,000, and every one of them is refused, in any case", () => {
    expect(COMMON).toHaveLength(10_000);
    expect(new Set(COMMON).size).toBe(10_000);
    const missed = COMMON.filter((p) => !isCommonPassword(p));
    expect(missed).toEqual([]);
    for (const p of ["PASSWORD1", "DrAgOn", "QWERTYUIOP", "99999999"]) expect(isCommonPassword(p), p).toBe(true);
  });

  it("lets everything else through: no composition rules", () => {
    for (const p of ["clave-segura-123", "correct horse battery staple", "sólo minúsculas", "ÑAndú con espacios", "1234567890123456789"]) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe("sign-up (/auth)", () => {
  it("takes 8 to 128 characters, whatever they are", async () => {
    const short = await signUpForm("abcdefg");
    expect(short.res.status).toBe(400);
    expect(short.res.data.result.error.password).toEqual([`La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`]);
    expect(await accountExists(short.email)).toBe(false);

    const long = await signUpForm("ñ".repeat(PASSWORD_MAX + 1));
    expect(long.res.status).toBe(400);
    expect(long.res.data.result.error.password).toEqual([`La contraseña es demasiado larga (máximo ${PASSWORD_MAX} caracteres)`]);

    for (const ok of ["tqmpzkwx", "ñ".repeat(PASSWORD_MAX), "solo letras minusculas"]) {
      const r = await signUpForm(ok);
      expect(r.res.status, ok).toBe(302);
      expect(await accountExists(r.email)).toBe(true);
    }
  });

  it("refuses a common password next to the field, in Spanish, and creates nothing", async () => {
    for (const common of ["password1", "99999999", "Qwertyuiop"]) {
      const { res, email } = await signUpForm(common);
      expect(res.status, common).toBe(400);
      expect(res.data.result.error.password).toEqual([PASSWORD_TOO_COMMON]);
      expect(JSON.stringify(res.data.result)).not.toContain(common);
      expect(await accountExists(email)).toBe(false);
    }
  });
});

describe("better-auth's JSON endpoints", () => {
  it("refuse a common password on sign-up, change and reset with the same Spanish message", async () => {
    const email = `json.${unique()}@ejemplo.pa`;
    const signUp = await authApi("/sign-up/email", { email, password: "iloveyou1", name: "JSON" }, { ip: "198.19.200.1" });
    expect(signUp.status).toBe(400);
    expect(signUp.data).toMatchObject({ code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON });
    expect(await accountExists(email)).toBe(false);

    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    const change = await authApi(
      "/change-password",
      { currentPassword: "clave-segura-123", newPassword: "superman1", revokeOtherSessions: true },
      { cookie: user.cookie, ip: "198.19.200.2" },
    );
    expect(change.status).toBe(400);
    expect(change.data).toMatchObject({ code: "PASSWORD_TOO_COMMON" });

    await getAuth().api.requestPasswordReset({ body: { email: user.email } });
    const [row] = await queryRows<{ identifier: string }>(
      sql`select identifier from verifications where value = ${user.id} and identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row!.identifier.slice("reset-password:".length);
    const reset = await authApi("/reset-password", { token, newPassword: "baseball1" }, { ip: "198.19.200.3" });
    expect(reset.status).toBe(400);
    expect(reset.data).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    // Still the old password.
    const still = await authApi("/sign-in/email", { email: user.email, password: "clave-segura-123" }, { ip: "198.19.200.4" });
    expect(still.status).toBe(200);
  });
});

describe("the sign-in limit", () => {
  const login = (email: string, password: string, ip: string) =>
    call(authRoute.action, formRequest("/auth", { intent: "login", email, password }), { ip });
  const failFrom = (ip: string) => login(`nadie.${unique()}@ejemplo.pa`, "no-es-la-clave", ip);

  it("counts an IPv6 client however its address is written, by its /64", async () => {
    for (let i = 0; i < 5; i++) expect((await failFrom("2001:db8:1::1")).status).toBe(401);
    for (const same of ["2001:0db8:0001:0000:0000:0000:0000:0001", "2001:DB8:1:0::1", "2001:db8:1::ffff", "2001:db8:1:0:abcd::9"]) {
      const r = await failFrom(same);
      expect(r.status, same).toBe(429);
      expect(r.data.result.error[""][0]).toMatch(/Demasiados intentos/);
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // Another /64 is another client.
    expect((await failFrom("2001:db8:2::1")).status).toBe(401);
  });

  it("counts an IPv4 client the same with or without the IPv4-mapped IPv6 form", async () => {
    for (let i = 0; i < 3; i++) expect((await failFrom("::ffff:192.0.2.77")).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await failFrom("192.0.2.77")).status).toBe(401);
    expect((await failFrom("::FFFF:192.0.2.77")).status).toBe(429);
    expect((await failFrom("0:0:0:0:0:FFFF:C000:024D")).status).toBe(429);
    expect((await failFrom("192.0.2.77")).status).toBe(429);
  });

  it("holds under concurrent attempts: 12 at once, at most 5 are tried", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => failFrom("203.0.113.201")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("is one count for the /auth form and better-auth's JSON endpoint, per address too", async () => {
    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    for (let i = 0; i < 3; i++) expect((await login(user.email, "mala-clave-1", `198.51.100.${10 + i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      expect(
        (await authApi("/sign-in/email", { email: user.email, password: "mala-clave-1" }, { ip: `198.51.100.${20 + i}` })).status,
      ).toBe(401);
    }
    // The right password from a fresh address: the address is locked for the minute, either way.
    const json = await authApi(
      "/sign-in/email",
      { email: user.email.toUpperCase(), password: "clave-segura-123" },
      { ip: "198.51.100.30" },
    );
    expect(json.status).toBe(429);
    expect(json.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(json.data).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await login(user.email, "clave-segura-123", "198.51.100.31")).status).toBe(429);
  });

  it("counts a refused attempt for nobody: a client over its limit cannot lock someone else's address", async () => {
    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    for (let i = 0; i < 5; i++) expect((await failFrom("203.0.113.150")).status).toBe(401);
    for (let i = 0; i < 6; i++) expect((await login(user.email, "mala-clave-1", "203.0.113.150")).status).toBe(429);
    expect((await login(user.email, "clave-segura-123", "203.0.113.151")).status).toBe(302);
  });

  it("counts a wrong current password on /profile's password change as a failed sign-in of the account", async () => {
    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    const change = (current: string, ip: string) =>
      call(
        profileRoute.action,
        formRequest(
          "/profile",
          { intent: "change-password", current_password: current, new_password: "otra-clave-larga-1", confirm: "otra-clave-larga-1" },
          user.cookie,
        ),
        { ip },
      );
    for (let i = 0; i < 5; i++) expect((await change(`adivina-${i}-clave`, `198.51.101.${i}`)).status).toBe(400);
    const sixth = await change("clave-segura-123", "198.51.101.50");
    expect(sixth.status).toBe(429);
    expect(sixth.data.result.error[""][0]).toMatch(/Demasiados intentos/);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The same address budget: signing in is locked for the minute too, and the password is unchanged.
    expect((await login(user.email, "clave-segura-123", "198.51.101.51")).status).toBe(429);
    expect(await authApi("/sign-in/email", { email: user.email, password: "otra-clave-larga-1" }, { ip: "198.51.101.52" })).toMatchObject({
      status: 429,
    });
  });

  it("does not count successful sign-ins against the client", async () => {
    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    for (let i = 0; i < 8; i++) expect((await login(user.email, "clave-segura-123", "198.51.100.99")).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await failFrom("198.51.100.99")).status).toBe(401);
    expect((await failFrom("198.51.100.99")).status).toBe(429);
  });

  it("counts any URL that reaches the endpoint, and no other spelling reaches it", async () => {
    const user = await makeUser({ signedIn: true, password: "clave-segura-123" });
    const ip = "2001:db8:77::1";
    const reached = [`${ORIGIN}/api/auth/sign-in/email`, `${ORIGIN}/api/auth/sign-in/./email`, `${ORIGIN}/api/auth/x/../sign-in/email?a=1`];
    for (const url of reached)
      expect((await authApi("", { email: `n.${unique()}@ejemplo.pa`, password: "mala-clave-1" }, { ip, url })).status, url).toBe(401);
    for (const url of [
      `${ORIGIN}//api/auth/sign-in/email`,
      `${ORIGIN}/api/auth//sign-in/email`,
      `${ORIGIN}/api/auth/sign-in/email/`,
      `${ORIGIN}/API/AUTH/SIGN-IN/EMAIL`,
      `${ORIGIN}/api/auth/sign-in%2Femail`,
      `${ORIGIN}/api/auth/%73ign-in/email`,
    ]) {
      const r = await authApi("", { email: user.email, password: "clave-segura-123" }, { ip, url });
      expect(r.status, url).toBe(404);
      expect(cookiesFrom(r.headers)).toBe("");
    }
    for (let i = 0; i < 2; i++)
      expect((await authApi("/sign-in/email", { email: `n.${unique()}@ejemplo.pa`, password: "x1234567" }, { ip })).status).toBe(401);
    expect((await authApi("/sign-in/email", { email: user.email, password: "clave-segura-123" }, { ip: "2001:db8:77:0::2" })).status).toBe(
      429,
    );
  });
});
