/**
 * Sessions and passwords over real HTTP, against the production server: a session cookie copied
 * before its owner signs out, changes or resets the password, or before an admin closes the member's
 * sessions, is signed out on the very next request; a role change counts at once; every sign-in gets
 * a new token; the cookie's attributes, `__Host-` prefixed behind an https PUBLIC_URL; common
 * passwords refused in Spanish; the sign-in limit against other spellings of an address and of the
 * endpoint's URL (a server of its own, behind a trusted proxy, so the test can speak for many
 * addresses).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../setup/free-port";
import { ADMIN_STATE, makeUser } from "./fixtures";
import { type AppServer, startAppServer } from "./app-server";

const TOO_COMMON = "Esa contraseña es una de las 10.000 más usadas y se adivina fácilmente. Elige otra.";

/** A browser's cookie jar as one Cookie header: `set-cookie` lines applied to `jar`. */
function applyCookies(res: Response, jar = ""): string {
  const cookies = new Map(
    jar
      .split(/;\s*/)
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const name = pair!.slice(0, pair!.indexOf("=")).trim();
    const value = pair!.slice(pair!.indexOf("=") + 1);
    if (!value || /max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function client(base: string) {
  const send = (
    method: string,
    pathname: string,
    init: { form?: Record<string, string>; cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(base + pathname, {
      method,
      redirect: "manual",
      headers: {
        ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
  return {
    get: (pathname: string, cookie?: string, headers?: Record<string, string>) => send("GET", pathname, { cookie, headers }),
    post: (pathname: string, form: Record<string, string>, cookie?: string, headers?: Record<string, string>) =>
      send("POST", pathname, { form, cookie, headers }),
    /** Signed in: /profile answers the page; signed out: a redirect to /auth. */
    async signedIn(cookie: string) {
      const res = await send("GET", "/profile", { cookie });
      if (res.status === 200) return true;
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/\/auth\?redirectTo=%2Fprofile$/);
      return false;
    },
  };
}

let seq = 0;
const newUser = (prefix: string) => {
  const id = `${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 6)}`;
  return { full_name: `Sesión ${prefix} ${id}`, email: `${prefix}-${id}@e2e.test`, password: `clave-${id}-propia` };
};

type Client = ReturnType<typeof client>;

async function signUp(c: Client, user: ReturnType<typeof newUser>, headers?: Record<string, string>) {
  const res = await c.post("/auth", { intent: "signup", ...user }, undefined, headers);
  expect(res.status).toBe(302);
  return applyCookies(res);
}

async function signIn(c: Client, user: { email: string; password: string }, headers?: Record<string, string>) {
  const res = await c.post("/auth", { intent: "login", email: user.email, password: user.password }, undefined, headers);
  return { res, cookie: applyCookies(res) };
}

const tokenOf = (cookie: string) => cookie.match(/better-auth\.session_token=([^.;]+)/)?.[1];

test.describe("on the site's server", () => {
  test("a copied cookie is signed out on the next request after sign-out; each sign-in has its own token", async ({ baseURL }) => {
    const c = client(baseURL!);
    const user = newUser("salida");
    const phone = await signUp(c, user);
    const laptop = (await signIn(c, user)).cookie;
    expect(tokenOf(phone)).toBeTruthy();
    expect(tokenOf(laptop)).not.toBe(tokenOf(phone));
    const copy = phone;
    expect(await c.signedIn(copy)).toBe(true);

    const out = await c.post("/logout", {}, phone);
    expect(out.status).toBe(302);
    expect(await c.signedIn(copy)).toBe(false);
    expect(await c.signedIn(laptop)).toBe(true);
  });

  test("the session cookie is HttpOnly, SameSite=Lax, Path=/, host-only, with no cached copy of the session", async ({ baseURL }) => {
    const c = client(baseURL!);
    const res = await c.post("/auth", { intent: "signup", ...newUser("galleta") });
    const auth = res.headers.getSetCookie().filter((l) => l.includes("better-auth."));
    expect(auth.map((l) => l.split("=")[0])).toEqual(["better-auth.session_token"]);
    expect(auth[0]).toMatch(/; HttpOnly/i);
    expect(auth[0]).toMatch(/; SameSite=Lax/i);
    expect(auth[0]).toMatch(/; Path=\//i);
    expect(auth[0]).not.toMatch(/; Domain=/i);
  });

  test("a password change on /profile signs the other browsers out at once and keeps this one", async ({ baseURL }) => {
    const c = client(baseURL!);
    const user = newUser("cambio");
    const phone = await signUp(c, user);
    const laptop = (await signIn(c, user)).cookie;

    const common = await c.post(
      "/profile",
      { intent: "change-password", current_password: user.password, new_password: "baseball1", confirm: "baseball1" },
      phone,
    );
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(TOO_COMMON);
    expect(await c.signedIn(laptop)).toBe(true);

    const next = `${user.password}-nueva`;
    const res = await c.post(
      "/profile",
      { intent: "change-password", current_password: user.password, new_password: next, confirm: next },
      phone,
    );
    expect(res.status).toBe(302);
    const renewed = applyCookies(res, phone);
    expect(tokenOf(renewed)).not.toBe(tokenOf(phone));
    expect(await c.signedIn(laptop)).toBe(false);
    expect(await c.signedIn(phone)).toBe(false);
    expect(await c.signedIn(renewed)).toBe(true);
    expect((await signIn(c, { email: user.email, password: next })).res.status).toBe(302);
  });

  test("a password reset through the e-mailed link signs every browser out", async ({ baseURL }) => {
    const c = client(baseURL!);
    const user = newUser("reinicio");
    const phone = await signUp(c, user);
    expect((await c.post("/auth/recuperar", { email: user.email })).status).toBe(200);
    const mailLog = `.e2e-data-${new URL(baseURL!).port}/mail.log`;
    let link: string | undefined;
    await expect
      .poll(() => {
        const mail = fs
          .readFileSync(mailLog, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
          .findLast((m) => m.to === user.email && m.subject.startsWith("Restablece"));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      })
      .toBeTruthy();
    const follow = await fetch(link!, { redirect: "manual" });
    const token = new URL(follow.headers.get("location")!).searchParams.get("token")!;

    const common = await c.post("/auth/nueva-contrasena", { token, password: "qwerty123", confirm: "qwerty123" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(TOO_COMMON);
    expect(await c.signedIn(phone)).toBe(true);

    const done = await c.post("/auth/nueva-contrasena", { token, password: "una-clave-nueva-e2e", confirm: "una-clave-nueva-e2e" });
    expect(done.status).toBe(302);
    expect(await c.signedIn(phone)).toBe(false);
  });

  test("a role change counts on the member's very next request", async ({ baseURL }) => {
    const c = client(baseURL!);
    const admin = JSON.parse(fs.readFileSync(ADMIN_STATE, "utf8")) as { cookies: { name: string; value: string }[] };
    const adminCookie = admin.cookies.map((k) => `${k.name}=${k.value}`).join("; ");
    const user = newUser("rol");
    const member = await signUp(c, user);
    const listed = await (await c.get(`/admin-members?q=${encodeURIComponent(user.email)}`, adminCookie)).text();
    const id = listed.match(/name="user_id" value="([^"]+)"/)![1]!;

    expect((await c.get("/admin", member)).status).toBe(302);
    expect((await c.post("/admin-members", { intent: "role", user_id: id, role: "admin" }, adminCookie)).status).toBe(302);
    expect((await c.get("/admin", member)).status).toBe(200);
    expect((await c.post("/admin-members", { intent: "role", user_id: id, role: "user" }, adminCookie)).status).toBe(302);
    const after = await c.get("/admin", member);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/");
  });

  test("an admin's 'Cerrar sesiones' signs the member out of every browser at once", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const member = await makeUser(browser, "cierre");
    const second = await browser.newContext();
    const page2 = await second.newPage();
    await page2.goto("/auth");
    await page2.getByLabel("Email").fill(member.email);
    await page2.getByLabel("Contraseña").fill(member.password);
    await page2.getByRole("button", { name: "Iniciar Sesión" }).last().click();
    await expect(page2).toHaveURL(/\/$/);
    const copied = (await second.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");

    const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
    const admin = await adminContext.newPage();
    await admin.goto(`/admin-members?q=${encodeURIComponent(member.email)}`);
    await admin.getByRole("button", { name: `Cerrar sesiones de ${member.name}` }).click();
    await expect(admin.getByText("Se cerraron 2 sesiones.")).toBeVisible();

    await page2.goto("/profile");
    await expect(page2).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
    expect(await client(baseURL!).signedIn(copied)).toBe(false);
    const first = await browser.newContext({ storageState: member.session });
    expect((await (await first.newPage()).goto("/profile"))?.url()).toMatch(/\/auth\?redirectTo=%2Fprofile$/);
    await Promise.all([first.close(), second.close(), adminContext.close()]);
  });
});

/** Sends `pathname` exactly as written (fetch would normalize it), as the client `ip` says it is. */
function raw(port: number, method: string, pathname: string, body: string, type: string, ip: string) {
  return new Promise<{ status: number; setCookie: string[]; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method,
        agent: false,
        headers: { "Content-Type": type, "Content-Length": Buffer.byteLength(body), "X-Forwarded-For": ip },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, setCookie: [res.headers["set-cookie"] ?? []].flat(), body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("behind https and a trusted proxy (a server of its own)", () => {
  test.describe.configure({ mode: "serial" });
  let port = 0;
  let dataDir = "";
  let app: AppServer | undefined;
  const output = () => app?.output() ?? "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-sessions-"));
    app = await startAppServer(port, {
      DATA_DIR: dataDir,
      PUBLIC_URL: `https://localhost:${port}`,
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT: "5",
      AUTH_SIGNUP_RATE_LIMIT: "1000",
    });
  });

  test.afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the session cookies are __Host- prefixed, Secure, HttpOnly and SameSite=Lax, and sign-out still ends them at once", async () => {
    const c = client(`http://127.0.0.1:${port}`);
    const res = await c.post("/auth", { intent: "signup", ...newUser("https") }, undefined, { "X-Forwarded-For": "198.51.100.40" });
    expect(res.status, output()).toBe(302);
    const auth = res.headers.getSetCookie().filter((l) => l.includes("better-auth."));
    expect(auth.length).toBeGreaterThan(0);
    for (const line of auth) {
      expect(line).toMatch(/^__Host-better-auth\.session_token=/);
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      expect(line).toMatch(/; Path=\/(;|$)/i);
      expect(line).not.toMatch(/; Domain=/i);
    }
    const copy = applyCookies(res);
    expect(await c.signedIn(copy)).toBe(true);
    const out = await c.post("/logout", {}, copy);
    expect(out.headers.getSetCookie().some((l) => /^__Host-better-auth\.session_token=;.*Max-Age=0/i.test(l))).toBe(true);
    expect(await c.signedIn(copy)).toBe(false);
  });

  test("common passwords are refused in Spanish by the form and by better-auth's JSON endpoint", async () => {
    const c = client(`http://127.0.0.1:${port}`);
    const form = await c.post("/auth", { intent: "signup", ...newUser("comun"), password: "football1" }, undefined, {
      "X-Forwarded-For": "198.51.100.41",
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(TOO_COMMON);
    const json = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.42" },
      body: JSON.stringify({ email: `json-${Date.now()}@e2e.test`, password: "trustno1", name: "JSON" }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ code: "PASSWORD_TOO_COMMON", message: TOO_COMMON });
  });

  test("the sign-in limit holds for every spelling of an IPv6 client and of the endpoint's URL", async () => {
    const c = client(`http://127.0.0.1:${port}`);
    const victim = newUser("victima");
    await signUp(c, victim, { "X-Forwarded-For": "198.51.100.43" });
    const wrong = () => JSON.stringify({ email: `nadie-${++seq}@e2e.test`, password: "no-es-la-clave" });
    const right = JSON.stringify({ email: victim.email, password: victim.password });
    const rightForm = new URLSearchParams({ intent: "login", email: victim.email, password: victim.password }).toString();

    // Five failures from one /64, each address written another way, through both doors.
    const failures = [
      await raw(port, "POST", "/api/auth/sign-in/email", wrong(), "application/json", "2001:db8:5::1"),
      await raw(port, "POST", "/api/auth/sign-in/email?x=1", wrong(), "application/json", "2001:0db8:0005:0000:0000:0000:0000:0001"),
      await raw(port, "POST", "/api/auth/sign-in/./email", wrong(), "application/json", "2001:DB8:5::ABCD"),
      await raw(port, "POST", "/api/auth/x/../sign-in/email", wrong(), "application/json", "2001:db8:5:0:1::2"),
      await raw(
        port,
        "POST",
        "/auth",
        new URLSearchParams({ intent: "login", email: `nadie-${++seq}@e2e.test`, password: "no-es-la-clave" }).toString(),
        "application/x-www-form-urlencoded",
        "2001:db8:5::9",
      ),
    ];
    expect(
      failures.map((f) => f.status),
      output(),
    ).toEqual([401, 401, 401, 401, 401]);

    // Now even the right password signs in nowhere from that /64, however the request is written.
    const ips = ["2001:db8:5::1", "2001:0DB8:0005::0001", "2001:db8:5:0:0:0:0:ffff", "2001:db8:5:0:dead:beef::1"];
    const paths = [
      "/api/auth/sign-in/email",
      "//api/auth/sign-in/email",
      "/api/auth//sign-in/email",
      "/api/auth/sign-in/email/",
      "/API/AUTH/SIGN-IN/EMAIL",
      "/Api/auth/sign-in/email",
      "/api/auth/sign-in%2Femail",
      "/api/auth/%73ign-in/email",
      "/api/auth/sign-in/email%2F",
      "/api/auth/sign-in/./email",
      "/api/auth/sign-in/email?",
    ];
    for (const [i, p] of paths.entries()) {
      for (const [body, type] of [
        [right, "application/json"],
        [rightForm, "application/x-www-form-urlencoded"],
      ] as const) {
        const r = await raw(port, "POST", p, body, type, ips[i % ips.length]!);
        expect(
          r.setCookie.some((l) => /session_token=[^;]/.test(l)),
          `${p} ${type}`,
        ).toBe(false);
        expect([404, 415, 429], `${p} ${type}: ${r.status}`).toContain(r.status);
      }
    }
    const form = await raw(port, "POST", "/auth", rightForm, "application/x-www-form-urlencoded", "2001:db8:5::77");
    expect(form.status).toBe(429);
    expect(form.body).toContain("Demasiados intentos");

    // Another network, and the victim's own address was never locked by the refused attempts.
    const elsewhere = await raw(port, "POST", "/api/auth/sign-in/email", right, "application/json", "2001:db8:6::1");
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.setCookie.some((l) => /^__Host-better-auth\.session_token=[^;]/.test(l))).toBe(true);
  });

  test("an IPv4 client is the same client in its IPv4-mapped IPv6 form", async () => {
    const wrong = () => JSON.stringify({ email: `nadie-${++seq}@e2e.test`, password: "no-es-la-clave" });
    const statuses = [];
    for (const ip of [
      "203.0.113.9",
      "::ffff:203.0.113.9",
      "::FFFF:cb00:7109",
      "203.0.113.9",
      "0:0:0:0:0:ffff:203.0.113.9",
      "203.0.113.9",
    ]) {
      statuses.push((await raw(port, "POST", "/api/auth/sign-in/email", wrong(), "application/json", ip)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
