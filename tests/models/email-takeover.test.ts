/**
 * An address is not taken over by typing it, on PGlite and on PostgreSQL, through the real routes:
 * a member who asks for the owner's address or for an address with a free plan waiting gets neither
 * the address nor what follows it until the link mailed there is opened, the address's real holder
 * can still sign up, and the owner's role never follows an e-mail change. With SMTP off (the
 * default), whatever the verification setting.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { audit_log } from "~/db/schema";
import * as authRoute from "~/routes/account/auth";
import * as profileRoute from "~/routes/account/profile";
import * as adminRoute from "~/routes/admin/dashboard";
import * as apiAuth from "~/routes/api/auth";
import * as checkRoute from "~/routes/api/check-subscription";
import { db } from "~/server/platform/db.server";
import { getCurrentUser } from "~/server/accounts/guards.server";
import { makeFreePlan } from "../setup/factories";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN, resetConfig } from "../setup/route";
import { readToast } from "~/server/http/toast.server";

let seq = 0;
const person = (name: string, email?: string) => {
  seq++;
  const id = `${Date.now().toString(36)}${seq}`;
  return { full_name: `${name} ${id}`, email: email ?? `${name.toLowerCase()}.${id}@ejemplo.pa`, password: `clave-segura-${id}` };
};
type Person = ReturnType<typeof person>;

let mailLog = "";
function configure(extra: Record<string, string | undefined> = {}) {
  mailLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-")), "mail.log");
  resetConfig({ MAIL_LOG_FILE: mailLog, ...extra });
}
afterEach(() => resetConfig({ MAIL_LOG_FILE: undefined, OWNER_EMAIL: undefined, REQUIRE_EMAIL_VERIFICATION: undefined }));

type Mail = { to: string; subject: string; text: string };
const mails = (): Mail[] =>
  fs.existsSync(mailLog)
    ? fs
        .readFileSync(mailLog, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
const lastMail = (to: string, subject: RegExp) => [...mails()].reverse().find((m) => m.to === to && subject.test(m.subject));
const linkIn = (mail: Mail | undefined) => mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";

async function signUp(p: Person) {
  const res = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...p }), { ip: `10.9.${seq % 250}.${seq % 200}` });
  // With verification required the form asks to confirm first (200), otherwise it signs in (302).
  expect(res.status).toBe(process.env.REQUIRE_EMAIL_VERIFICATION ? 200 : 302);
  return cookiesFrom(res.headers);
}

async function signIn(p: Person) {
  const res = await call(authRoute.action, formRequest("/auth", { intent: "login", email: p.email, password: p.password }));
  expect(res.status).toBe(302);
  return cookiesFrom(res.headers);
}

/** A member signed in, its own address confirmed where sign-in needs that. */
async function signedInMember(name: string) {
  const p = person(name);
  await signUp(p);
  if (process.env.REQUIRE_EMAIL_VERIFICATION) await open(linkIn(lastMail(p.email, /Confirma tu email/)));
  return { ...p, cookie: await signIn(p) };
}

const askFor = (cookie: string, p: Person, email: string) =>
  call(profileRoute.action, formRequest("/profile", { full_name: p.full_name, email }, cookie));

const open = (link: string, cookie?: string) => call(apiAuth.loader, new Request(link, { headers: cookie ? { Cookie: cookie } : {} }));

const toastOf = async (headers: Headers) => (await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesFrom(headers) } }))).toast;

const premium = async (cookie: string) => (await call(checkRoute.loader, getRequest("/api/check-subscription", cookie))).data;

for (const required of [undefined, "1"]) {
  describe(`with verification ${required ? "required" : "off"}, without SMTP`, () => {
    it("a member who types the owner's address keeps their own; the owner signs up and alone becomes admin", async () => {
      const ownerEmail = `duena.${seq}.${required ? "on" : "off"}@ejemplo.pa`;
      configure({ OWNER_EMAIL: ownerEmail, REQUIRE_EMAIL_VERIFICATION: required });
      const member = await signedInMember("Intrusa");
      const memberCookie = member.cookie;

      const asked = await askFor(memberCookie, member, ownerEmail);
      expect(asked.status).toBe(302);
      expect((await toastOf(asked.headers))?.description).toMatch(/seguirá siendo el actual/);
      const me = (await getCurrentUser(getRequest("/", memberCookie)))!;
      expect(me.user.email).toBe(member.email);
      expect(me.profile.email).toBe(member.email);
      const view = await call(profileRoute.loader, getRequest("/profile", memberCookie));
      expect(view.data.pendingEmail.email).toBe(ownerEmail);

      // The mail to the new address names the account that asked and says what the link does.
      const toOwner = lastMail(ownerEmail, /Confirma tu nuevo email/)!;
      expect(toOwner.text).toContain(member.full_name);
      expect(toOwner.text).toContain(member.email);
      expect(toOwner.text).toMatch(/Si abres este enlace, esa cuenta pasará a iniciar sesión con/);
      expect(toOwner.text).toMatch(/no lo abras/);
      // The old address is told.
      expect(lastMail(member.email, /Se pidió cambiar el email/)?.text).toContain(ownerEmail);

      // The pending change does not stop the real owner from signing up with the address.
      const owner = person("Dueña", ownerEmail);
      const ownerCookie = await signUp(owner);
      const ownerConfirm = lastMail(ownerEmail, /^Confirma tu email/)!;
      expect(ownerConfirm.text).toContain(owner.full_name);
      expect(ownerConfirm.text).not.toContain(member.full_name);
      const opened = await open(linkIn(ownerConfirm));
      expect(opened.status).toBe(302);
      expect((await toastOf(opened.headers))?.title).toBe("Email confirmado");
      const ownerNow = required ? await signIn(owner) : ownerCookie;
      expect((await call(adminRoute.loader, getRequest("/admin", ownerNow))).status).toBe(200);

      // The member's link, opened now, changes nothing: the address is someone else's. Their wait lapsed.
      const late = await open(linkIn(toOwner), memberCookie);
      expect(late.status).toBe(302);
      expect((await toastOf(late.headers))?.title).toBe("Ese email ya lo usa otra cuenta: el cambio no se hizo.");
      expect((await getCurrentUser(getRequest("/", memberCookie)))!.user.email).toBe(member.email);
      expect((await call(profileRoute.loader, getRequest("/profile", memberCookie))).data.pendingEmail).toBeNull();
      expect((await call(adminRoute.loader, getRequest("/admin", memberCookie))).status).toBe(302);

      // The audit trail has the owner's grant, by the system.
      const ownerId = (await getCurrentUser(getRequest("/", ownerNow)))!.user.id;
      const grant = await db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, ownerId), eq(audit_log.action, "role")));
      expect(grant).toHaveLength(1);
      expect(grant[0]).toMatchObject({ actor_id: null, after: { email: ownerEmail, is_admin: true } });
    });

    it("an account that moves to the owner's address through an opened link is still not admin", async () => {
      const ownerEmail = `jefa.${seq}.${required ? "on" : "off"}@ejemplo.pa`;
      configure({ OWNER_EMAIL: ownerEmail, REQUIRE_EMAIL_VERIFICATION: required });
      const member = await signedInMember("Socia");
      const { cookie } = member;
      await askFor(cookie, member, ownerEmail);
      // The owner, misled, opens the link before signing up: the address moves, the role does not.
      const opened = await open(linkIn(lastMail(ownerEmail, /Confirma tu nuevo email/)), cookie);
      expect(opened.status).toBe(302);
      const me = (await getCurrentUser(getRequest("/", cookie)))!;
      expect(me.user.email).toBe(ownerEmail);
      expect(me.user.emailVerified).toBe(true);
      expect(me.profile.is_admin).toBe(false);
      expect((await call(adminRoute.loader, getRequest("/admin", cookie))).status).toBe(302);
      const change = await db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, me.user.id), eq(audit_log.action, "email")));
      expect(change).toHaveLength(1);
      expect(change[0]).toMatchObject({ actor_id: me.user.id, before: { email: member.email }, after: { email: ownerEmail } });
    });

    it("a free plan granted to an address goes to the one who confirms it, not to whoever typed it", async () => {
      configure({ REQUIRE_EMAIL_VERIFICATION: required });
      const address = `regalo.${seq}.${required ? "on" : "off"}@ejemplo.pa`;
      const plan = await makeFreePlan({ email: address, days_granted: 30 });
      const thief = await signedInMember("Ladrona");
      const thiefCookie = thief.cookie;
      await askFor(thiefCookie, thief, address);
      expect((await premium(thiefCookie)).subscribed).toBe(false);

      const holder = person("Titular", address);
      const holderCookie = await signUp(holder);
      if (!required) expect((await premium(holderCookie)).subscribed).toBe(false);
      await open(linkIn(lastMail(address, /^Confirma tu email/)));
      const holderNow = required ? await signIn(holder) : holderCookie;
      expect(await premium(holderNow)).toMatchObject({ subscribed: true, source: "free_plan" });
      expect((await premium(thiefCookie)).subscribed).toBe(false);
      const attach = await db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, plan.id), eq(audit_log.action, "attach")));
      expect(attach).toHaveLength(1);
      expect(attach[0]!.after).toMatchObject({ email: address });
    });
  });
}

describe("asking for changes and links", () => {
  it("limits how many changes an account asks for, in Spanish, changing nothing", async () => {
    configure();
    const member = person("Insistente");
    const cookie = await signUp(member);
    for (let i = 0; i < 5; i++) expect((await askFor(cookie, member, `destino.${seq}.${i}@ejemplo.pa`)).status).toBe(302);
    const refused = await askFor(cookie, member, `destino.${seq}.extra@ejemplo.pa`);
    expect(refused.status).toBe(429);
    expect(refused.data.result.error.email).toEqual(["Pediste demasiados cambios de email. Inténtalo de nuevo más tarde."]);
    expect(lastMail(`destino.${seq}.extra@ejemplo.pa`, /./)).toBeUndefined();
    expect((await getCurrentUser(getRequest("/", cookie)))!.user.email).toBe(member.email);
  });

  it("re-sends the confirmation link from /profile, and a forged or expired link lands on a Spanish notice", async () => {
    configure();
    const member = person("Olvidadiza");
    const cookie = await signUp(member);
    const before = mails().filter((m) => m.to === member.email).length;
    const resent = await call(profileRoute.action, formRequest("/profile", { intent: "resend-confirmation" }, cookie));
    expect(resent.status).toBe(302);
    expect((await toastOf(resent.headers))?.title).toBe("Enlace enviado");
    expect(mails().filter((m) => m.to === member.email)).toHaveLength(before + 1);
    const forged = await open(`${ORIGIN}/api/auth/verify-email?token=falso&callbackURL=/profile`);
    expect(forged.status).toBe(302);
    expect(forged.location).toBe("/profile");
    expect((await toastOf(forged.headers))?.title).toBe("El enlace de confirmación no es válido.");
    expect((await getCurrentUser(getRequest("/", cookie)))!.user.emailVerified).toBe(false);
  });

  it("answers better-auth's JSON API in Spanish", async () => {
    configure();
    const member = person("Programadora");
    await signUp(member);
    const json = (p: string, body: unknown, cookie?: string) =>
      call(
        apiAuth.action,
        new Request(`${ORIGIN}/api/auth${p}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        }),
      );
    const wrong = await json("/sign-in/email", { email: member.email, password: "no-es-la-clave" });
    expect(wrong.status).toBe(401);
    expect(wrong.data.message).toBe("Credenciales inválidas. Verifica tu email y contraseña.");
    const cookie = await signIn(member);
    const same = await json("/change-email", { newEmail: member.email }, cookie);
    expect(same.status).toBe(400);
    expect(same.data.message).toBe("No se pudo completar la solicitud.");
  });
});
