import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "~/routes/account/auth";
import * as logoutRoute from "~/routes/account/logout";
import * as profileRoute from "~/routes/account/profile";
import * as forgotRoute from "~/routes/account/forgot-password";
import * as resetRoute from "~/routes/account/reset-password";
import * as adminRoute from "~/routes/admin/dashboard";
import * as membersRoute from "~/routes/admin/members";
import * as apiAuth from "~/routes/api/auth";
import { loader as rootLoader } from "~/root";
import { getProfile } from "~/server/models/profiles.server";
import { getCurrentUser } from "~/server/accounts/guards.server";
import { getAuth } from "~/server/accounts/auth.server";
import { readToast } from "~/server/http/toast.server";
import { UNEXPECTED_ERROR } from "~/lib/user-error";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN, resetConfig } from "../setup/route";

let seq = 0;
const newUser = () => {
  seq++;
  const id = `${Date.now().toString(36)}${seq}`;
  return { full_name: `Ana Pérez ${id}`, email: `ana.${id}@ejemplo.pa`, password: `clave-segura-${id}` };
};

async function toastOf(headers: Headers) {
  const cookie = cookiesFrom(headers);
  return (await readToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast;
}

const randomIp = () => `10.${seq % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function signUp(user = newUser(), ip = randomIp()) {
  const res = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip });
  return { user, res, cookie: cookiesFrom(res.headers) };
}

describe("sign-up and sign-in", () => {
  it("validates the forms with Spanish field errors and HTTP 400", async () => {
    const r = await call(authRoute.action, formRequest("/auth", { intent: "signup", full_name: "", email: "mal", password: "1" }));
    expect(r.status).toBe(400);
    expect(r.data.result.error.full_name).toContain("El nombre completo es obligatorio");
    expect(r.data.result.error.email).toContain("Ingresa un email válido");
    const l = await call(authRoute.action, formRequest("/auth", { intent: "login" }));
    expect(l.status).toBe(400);
    expect(l.data.result.error.email).toContain("El email es obligatorio");
    expect(l.data.result.error.password).toContain("La contraseña es obligatoria");
  });

  it("signs up, creates the profile, signs in and lands on / with the toasts", async () => {
    const { user, res, cookie } = await signUp();
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(await toastOf(res.headers)).toMatchObject({ title: "¡Cuenta creada!" });
    const current = await getCurrentUser(getRequest("/", cookie));
    expect(current?.user.email).toBe(user.email);
    expect(current?.profile.full_name).toBe(user.full_name);
    expect(current?.profile.is_admin).toBe(false);

    const login = await call(
      authRoute.action,
      formRequest("/auth", { intent: "login", email: user.email.toUpperCase(), password: user.password }),
    );
    expect(login.status).toBe(302);
    expect(await toastOf(login.headers)).toMatchObject({ title: "¡Bienvenido!" });

    // A signed-in visitor of /auth goes to /.
    const visit = await call(authRoute.loader, getRequest("/auth", cookie));
    expect(visit.status).toBe(302);
    expect(visit.location).toBe("/");
  });

  it("follows only same-site redirectTo paths", async () => {
    const u = newUser();
    const r = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...u, redirectTo: "//evil.example/x" }), {
      ip: randomIp(),
    });
    expect(r.location).toBe("/");
    const l = await call(
      authRoute.action,
      formRequest("/auth", { intent: "login", email: u.email, password: u.password, redirectTo: "/profile" }),
    );
    expect(l.location).toBe("/profile");
  });

  it("says when the e-mail is already registered or the credentials are wrong", async () => {
    const { user } = await signUp();
    const dup = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }));
    expect(dup.status).toBe(409);
    expect(dup.data.result.error[""]).toEqual(["Este email ya está registrado. Intenta iniciar sesión."]);
    const bad = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: "incorrecta-123" }), {
      ip: "198.51.100.1",
    });
    expect(bad.status).toBe(401);
    expect(bad.data.result.error[""]).toEqual(["Credenciales inválidas. Verifica tu email y contraseña."]);
    const unknown = await call(authRoute.action, formRequest("/auth", { intent: "login", email: "nadie@ejemplo.pa", password: "x" }), {
      ip: "198.51.100.1",
    });
    expect(unknown.data.result.error[""]).toEqual(["Credenciales inválidas. Verifica tu email y contraseña."]);
  });

  it("answers 429 to the 6th failed sign-in for one address within a minute", async () => {
    const { user } = await signUp();
    for (let i = 0; i < 5; i++) {
      const r = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: "mala" }), {
        ip: `192.0.2.${i}`,
      });
      expect(r.status).toBe(401);
    }
    const sixth = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }), {
      ip: "192.0.2.99",
    });
    expect(sixth.status).toBe(429);
    expect(sixth.data.result.error[""][0]).toMatch(/Demasiados intentos/);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("answers 429 to the 6th failed sign-in from one IP, whatever the address", async () => {
    for (let i = 0; i < 5; i++) {
      await call(authRoute.action, formRequest("/auth", { intent: "login", email: `x${i}@ejemplo.pa`, password: "mala" }), {
        ip: "203.0.113.50",
      });
    }
    const r = await call(authRoute.action, formRequest("/auth", { intent: "login", email: "otra@ejemplo.pa", password: "mala" }), {
      ip: "203.0.113.50",
    });
    expect(r.status).toBe(429);
  });

  it("signs out with the 'Sesión cerrada' toast and the session is gone", async () => {
    const { cookie } = await signUp();
    const out = await call(logoutRoute.action, formRequest("/logout", {}, cookie));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(await toastOf(out.headers)).toMatchObject({ title: "Sesión cerrada", description: "Has cerrado sesión exitosamente." });
    expect(await getCurrentUser(getRequest("/", cookiesFrom(out.headers, cookie)))).toBeNull();
  });

  it("shows the destructive 'Error al cerrar sesión: …' toast, without the error's own text, when signing out fails", async () => {
    const { cookie } = await signUp();
    // The auth service failing (e.g. its database unreachable) is simulated at its API boundary.
    const spy = vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(new Error("servicio no disponible"));
    try {
      const req = formRequest("/logout", {}, cookie);
      req.headers.set("Referer", `${ORIGIN}/profile`);
      const out = await call(logoutRoute.action, req);
      expect(out.status).toBe(302);
      expect(out.location).toBe("/profile");
      expect(await toastOf(out.headers)).toEqual({
        type: "error",
        title: "Error",
        description: `Error al cerrar sesión: ${UNEXPECTED_ERROR}`,
      });
      // Still signed in.
      expect(await getCurrentUser(getRequest("/", cookie))).not.toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it("a malformed or foreign Referer on a failed sign-out goes home, never a 500", async () => {
    const { cookie } = await signUp();
    const spy = vi.spyOn(getAuth().api, "signOut").mockRejectedValue(new Error("servicio no disponible"));
    try {
      for (const referer of ["::no es una dirección::", "https://otro.example/profile"]) {
        const req = formRequest("/logout", {}, cookie);
        req.headers.set("Referer", referer);
        const out = await call(logoutRoute.action, req);
        expect(out.status).toBe(302);
        expect(out.location).toBe("/");
      }
    } finally {
      spy.mockRestore();
    }
  });

  it("treats malformed or forged cookies as signed out, never a 500", async () => {
    for (const cookie of [
      "better-auth.session_token=%%%garbage",
      "better-auth.session_token=abc.def; better-auth.session_data=!!!",
      `pv_toast=notbase64%%; better-auth.session_token=${"x".repeat(5000)}`,
    ]) {
      const r = await call(rootLoader as never, getRequest("/", cookie));
      expect(r.status).toBe(200);
      expect(r.data.user).toBeNull();
    }
  });
});

describe("profile (/profile)", () => {
  it("redirects a visitor to /auth", async () => {
    const r = await call(profileRoute.loader, getRequest("/profile"));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/auth/);
  });

  it("updates full_name and email, ignores a forged is_admin, shows 'Perfil actualizado'", async () => {
    const { cookie, res } = await signUp();
    expect(res.status).toBe(302);
    const current = (await getCurrentUser(getRequest("/", cookie)))!;
    const r = await call(
      profileRoute.action,
      formRequest("/profile", { full_name: "José Ñúñez 😀", email: `nuevo.${seq}@ejemplo.pa`, is_admin: "true" }, cookie),
    );
    expect(r.status).toBe(302);
    expect(await toastOf(r.headers)).toMatchObject({ title: "Perfil actualizado" });
    const p = (await getProfile(current.user.id))!;
    expect(p.full_name).toBe("José Ñúñez 😀");
    // Even with verification off, the address waits for the link mailed to it.
    expect(p.email).toBe(current.user.email);
    expect(p.is_admin).toBe(false);
    const view = await call(profileRoute.loader, getRequest("/profile", cookie));
    expect(view.data.profile.is_admin).toBe(false);
    expect(view.data.pendingEmail.email).toBe(`nuevo.${seq}@ejemplo.pa`);
  });

  it("refuses overlong, empty or malformed values and an address in use, changing nothing", async () => {
    const a = await signUp();
    const b = await signUp();
    const id = (await getCurrentUser(getRequest("/", a.cookie)))!.user.id;
    const long = await call(profileRoute.action, formRequest("/profile", { full_name: "x".repeat(10_000), email: "nope" }, a.cookie));
    expect(long.status).toBe(400);
    expect(long.data.result.error.full_name[0]).toMatch(/demasiado largo/);
    expect(long.data.result.error.email).toContain("Ingresa un email válido");
    const taken = await call(profileRoute.action, formRequest("/profile", { full_name: "A", email: b.user.email }, a.cookie));
    expect(taken.status).toBe(409);
    expect(taken.data.toast.title).toMatch(/^Error al actualizar el perfil: /);
    expect((await getProfile(id))!.full_name).toBe(a.user.full_name);
    const wrongType = await call(
      profileRoute.action,
      new Request(`${ORIGIN}/profile`, { method: "POST", headers: { Cookie: a.cookie, "Content-Type": "application/json" }, body: "{}" }),
    );
    expect(wrongType.status).toBe(400);
  });
});

describe("admin guards", () => {
  it("sends visitors to /auth and non-admins away with 'Acceso Denegado'", async () => {
    const anon = await call(adminRoute.loader, getRequest("/admin"));
    expect(anon.location).toMatch(/^\/auth/);
    const { cookie } = await signUp();
    const user = await call(adminRoute.loader, getRequest("/admin", cookie));
    expect(user.location).toBe("/");
    expect(await toastOf(user.headers)).toMatchObject({ title: "Acceso Denegado", description: "No tienes permisos de administrador." });
    const members = await call(membersRoute.loader, getRequest("/admin-members", cookie));
    expect(members.location).toBe("/admin");
  });

  it("makes the OWNER_EMAIL account an admin only once its address is confirmed, verification off for everyone", async () => {
    const mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
    resetConfig({ OWNER_EMAIL: "duena.owner@ejemplo.pa", MAIL_LOG_FILE: mailLog });
    const logged = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      // Anyone may sign up with the owner's address: signed in, but no admin.
      const { res, cookie } = await signUp({ full_name: "Dueña", email: "Duena.Owner@ejemplo.pa", password: "clave-de-la-duena" });
      expect(res.status).toBe(302);
      const early = await call(adminRoute.loader, getRequest("/admin", cookie));
      expect(early.location).toBe("/");
      expect((await call(rootLoader as never, getRequest("/", cookie))).data.user.isAdmin).toBe(false);

      // The confirmation link goes to the address and, without SMTP, to the server log.
      const mails = fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(mails.map((m) => m.to)).toEqual(["duena.owner@ejemplo.pa"]);
      const link = mails[0].text.match(/https?:\/\/\S+/)![0] as string;
      expect(link).toContain("/api/auth/verify-email?token=");
      expect(logged.mock.calls.some(([line]) => String(line).includes(link))).toBe(true);
      // Every sign-up gets its own link: a confirmed address is what rights bound to it follow.
      const other = await signUp();
      const lines = fs.readFileSync(mailLog, "utf8").trim().split("\n");
      expect(lines.map((l) => JSON.parse(l).to)).toEqual(["duena.owner@ejemplo.pa", other.user.email]);

      const verify = await call(apiAuth.loader, new Request(link));
      expect(verify.status).toBe(302);
      const r = await call(adminRoute.loader, getRequest("/admin", cookie));
      expect(r.status).toBe(200);
      const root = await call(rootLoader as never, getRequest("/", cookie));
      expect(root.data.user.isAdmin).toBe(true);
    } finally {
      logged.mockRestore();
      resetConfig({ OWNER_EMAIL: undefined, MAIL_LOG_FILE: undefined });
    }
  });
});

describe("e-mail verification and password reset", () => {
  it("with verification on, sign-in waits for the confirmation link", async () => {
    const mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
    resetConfig({ REQUIRE_EMAIL_VERIFICATION: "1", MAIL_LOG_FILE: mailLog, OWNER_EMAIL: "jefa.verif@ejemplo.pa" });
    try {
      const user = { full_name: "Jefa", email: "jefa.verif@ejemplo.pa", password: "clave-verificada-1" };
      const { res } = await signUp(user);
      expect(res.status).toBe(200);
      expect(res.data.verifyNotice).toBe(true);
      const early = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }));
      expect(early.data.result.error[""]).toEqual(["Por favor confirma tu email antes de iniciar sesión."]);
      const mails = fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const link = mails
        .reverse()
        .find((m) => m.to === user.email)!
        .text.match(/https?:\/\/\S+/)![0];
      const verify = await call(apiAuth.loader, new Request(link));
      expect([200, 302]).toContain(verify.status);
      const login = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }));
      expect(login.status).toBe(302);
      const current = await getCurrentUser(getRequest("/", cookiesFrom(login.headers)));
      expect(current?.user.emailVerified).toBe(true);
      // The owner address became admin once verified.
      expect(current?.profile.is_admin).toBe(true);
    } finally {
      resetConfig({ REQUIRE_EMAIL_VERIFICATION: undefined, MAIL_LOG_FILE: undefined, OWNER_EMAIL: undefined });
    }
  });

  it("with verification on, a new address on /profile changes only once the link sent to it is opened", async () => {
    const mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
    resetConfig({ REQUIRE_EMAIL_VERIFICATION: "1", MAIL_LOG_FILE: mailLog });
    const linkTo = (to: string) =>
      fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .reverse()
        .find((m) => m.to === to)
        ?.text.match(/https?:\/\/\S+/)?.[0] as string | undefined;
    try {
      const user = newUser();
      await signUp(user);
      await call(apiAuth.loader, new Request(linkTo(user.email)!));
      const login = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }));
      const cookie = cookiesFrom(login.headers);
      const id = (await getCurrentUser(getRequest("/", cookie)))!.user.id;

      const other = newUser();
      await signUp(other);
      const taken = await call(profileRoute.action, formRequest("/profile", { full_name: user.full_name, email: other.email }, cookie));
      expect(taken.status).toBe(409);
      expect(taken.data.result.error.email).toEqual(["Este email ya está registrado"]);

      const wanted = `nueva.${seq}@ejemplo.pa`;
      const asked = await call(profileRoute.action, formRequest("/profile", { full_name: "Ana Cambiada", email: wanted }, cookie));
      expect(asked.status).toBe(302);
      expect(await toastOf(asked.headers)).toMatchObject({
        type: "info",
        description: `Te enviamos un enlace a ${wanted} para confirmar el cambio. Tu email seguirá siendo el actual hasta que lo abras.`,
      });
      expect((await getProfile(id))!.full_name).toBe("Ana Cambiada");
      expect((await getProfile(id))!.email).toBe(user.email);
      expect((await getCurrentUser(getRequest("/", cookie)))!.user.email).toBe(user.email);

      const opened = await call(apiAuth.loader, new Request(linkTo(wanted)!, { headers: { Cookie: cookie } }));
      expect([200, 302]).toContain(opened.status);
      expect((await getProfile(id))!.email).toBe(wanted);
      const relogin = await call(authRoute.action, formRequest("/auth", { intent: "login", email: wanted, password: user.password }));
      expect(relogin.status).toBe(302);
      expect((await getCurrentUser(getRequest("/", cookiesFrom(relogin.headers))))!.user.emailVerified).toBe(true);
    } finally {
      resetConfig({ REQUIRE_EMAIL_VERIFICATION: undefined, MAIL_LOG_FILE: undefined });
    }
  });

  it("resets a forgotten password through the e-mailed link", async () => {
    const mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
    resetConfig({ MAIL_LOG_FILE: mailLog });
    try {
      const { user } = await signUp();
      const req = await call(forgotRoute.action, formRequest("/auth/recuperar", { email: user.email }));
      expect(req.data.sent).toBe(true);
      // Unknown addresses get the same answer (no account enumeration).
      const unknown = await call(forgotRoute.action, formRequest("/auth/recuperar", { email: "nadie.aqui@ejemplo.pa" }));
      expect(unknown.data.sent).toBe(true);
      const mail = fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .find((m) => m.to === user.email && m.subject.startsWith("Restablece"))!;
      const link = mail.text.match(/https?:\/\/\S+/)![0];
      const follow = await call(apiAuth.loader, new Request(link));
      expect(follow.status).toBe(302);
      const token = new URL(follow.location!).searchParams.get("token")!;
      expect(token).toBeTruthy();
      const mismatch = await call(
        resetRoute.action,
        formRequest("/auth/nueva-contrasena", { token, password: "nueva-clave-123", confirm: "otra" }),
      );
      expect(mismatch.data.result.error.confirm).toContain("Las contraseñas no coinciden");
      const done = await call(
        resetRoute.action,
        formRequest("/auth/nueva-contrasena", { token, password: "nueva-clave-123", confirm: "nueva-clave-123" }),
      );
      expect(done.status).toBe(302);
      const again = await call(
        resetRoute.action,
        formRequest("/auth/nueva-contrasena", { token, password: "otra-clave-456", confirm: "otra-clave-456" }),
      );
      expect(again.status).toBe(400);
      const oldPw = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: user.password }));
      expect(oldPw.status).toBe(401);
      const newPw = await call(authRoute.action, formRequest("/auth", { intent: "login", email: user.email, password: "nueva-clave-123" }));
      expect(newPw.status).toBe(302);
    } finally {
      resetConfig({ MAIL_LOG_FILE: undefined });
    }
  });
});
