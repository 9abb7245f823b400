/**
 * What the sign-in limit and the admin's 'Cerrar sesiones' ask of the database, on PGlite and on
 * PostgreSQL: hits counted atomically under concurrency, a reserved hit given back (never below zero,
 * never into a new window), and a member's session rows gone with an audit row in one transaction.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audit_log, sessions } from "~/db/schema";
import { db, queryRows } from "~/server/platform/db.server";
import { revokeMemberSessions, SESSION_MESSAGES, SessionRevokeError } from "~/server/models/admin-members.server";
import { peekHits, recordHit, releaseHit } from "~/server/models/rate-limits.server";
import { makeUser } from "../setup/factories";

describe("reserving and giving back hits", () => {
  it("gives each of many concurrent hits its own count", async () => {
    const key = `concurrente-${Date.now()}`;
    const counts = (await Promise.all(Array.from({ length: 20 }, () => recordHit(key, 60)))).map((s) => s.count);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("gives a hit back within its window, never below zero and never into a window that started since", async () => {
    const key = `reservado-${Date.now()}`;
    await recordHit(key, 60);
    await recordHit(key, 60);
    await releaseHit(key, 60);
    expect((await peekHits(key, 60)).count).toBe(1);
    await releaseHit(key, 60);
    await releaseHit(key, 60);
    expect((await peekHits(key, 60)).count).toBe(0);

    // A window that is already over is left alone: the next hit starts a fresh one at 1.
    await queryRows(sql`update rate_limits set window_start = now() - interval '2 minutes', count = 3 where key = ${key}`);
    await releaseHit(key, 60);
    expect((await queryRows<{ count: number }>(sql`select count from rate_limits where key = ${key}`))[0]!.count).toBe(3);
    expect((await recordHit(key, 60)).count).toBe(1);
  });
});

describe("revokeMemberSessions", () => {
  it("deletes every session of the member and writes one audit row, leaving other accounts alone", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const member = await makeUser({ signedIn: true });
    const other = await makeUser({ signedIn: true });
    const count = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    expect(await count(member.id)).toBe(1);

    expect(await revokeMemberSessions({ id: admin.id, email: admin.email }, member.id)).toBe(1);
    expect(await count(member.id)).toBe(0);
    expect(await count(other.id)).toBe(1);
    expect(await count(admin.id)).toBe(1);
    const rows = await db.select().from(audit_log).where(eq(audit_log.entity_id, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "sessions", entity: "profile", actor_id: admin.id, after: { sesiones_abiertas: 0 } });

    // Nothing left to close is no error: the answer is 0, and it is audited too.
    expect(await revokeMemberSessions({ id: admin.id, email: admin.email }, member.id)).toBe(0);
  });

  it("refuses the admin's own sessions and a member that does not exist, changing nothing", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    await expect(revokeMemberSessions({ id: admin.id }, admin.id)).rejects.toThrow(new SessionRevokeError(SESSION_MESSAGES.self));
    await expect(revokeMemberSessions({ id: admin.id }, "no-existe")).rejects.toThrow(SESSION_MESSAGES.notFound);
    expect((await db.select().from(sessions).where(eq(sessions.userId, admin.id))).length).toBe(1);
    expect(await db.select().from(audit_log).where(eq(audit_log.actor_id, admin.id))).toEqual([]);
  });
});
