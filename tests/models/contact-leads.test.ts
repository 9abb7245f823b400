import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audit_log, contact_messages } from "~/db/schema";
import { contactSchema } from "~/schemas/contact";
import { db } from "~/server/platform/db.server";
import {
  countPendingContactMessages,
  createContactMessage,
  LeadNotFoundError,
  listContactMessages,
  markContactMessageHandled,
} from "~/server/models/contact.server";
import { makeUser } from "../setup/factories";

const lead = (over: Record<string, string> = {}) =>
  contactSchema.parse({ name: "Ana", email: "ana@example.com", message: "Hola", ...over });

describe("contact leads", () => {
  it("stores every field as typed, including accents, ñ and emoji", async () => {
    const saved = await createContactMessage(
      lead({
        name: "José Ñúñez 🎉",
        business: "Café Añejo",
        phone: "+507 6000-0000",
        service: "local-visibility",
        message: "¿Precio? 🙏\nGracias",
      }),
    );
    const [row] = await db.select().from(contact_messages).where(eq(contact_messages.id, saved.id));
    expect(row).toMatchObject({
      name: "José Ñúñez 🎉",
      business: "Café Añejo",
      phone: "+507 6000-0000",
      service: "local-visibility",
      message: "¿Precio? 🙏\nGracias",
      handled_at: null,
    });
  });

  it("lists newest first, filters pending, and marks handled once with an audit entry", async () => {
    const a = await createContactMessage(lead({ name: "Primero" }));
    await new Promise((r) => setTimeout(r, 5));
    const b = await createContactMessage(lead({ name: "Segundo" }));
    const names = (await listContactMessages()).map((l) => l.name);
    expect(names.indexOf("Segundo")).toBeLessThan(names.indexOf("Primero"));
    const pendingBefore = await countPendingContactMessages();

    const actor = await makeUser();
    const handled = await markContactMessageHandled(a.id, actor);
    expect(handled.handled_at).toBeInstanceOf(Date);
    expect(handled.handled_by).toBe(actor.id);
    expect(await countPendingContactMessages()).toBe(pendingBefore - 1);
    const pending = await listContactMessages({ pendingOnly: true });
    expect(pending.map((l) => l.id)).toContain(b.id);
    expect(pending.map((l) => l.id)).not.toContain(a.id);

    // Idempotent: a second click changes nothing and records nothing more.
    const again = await markContactMessageHandled(a.id, actor);
    expect(again.handled_at?.getTime()).toBe(handled.handled_at?.getTime());
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, a.id));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: "handle", entity: "contact_message", actor_id: actor.id });
  });

  it("refuses unknown leads", async () => {
    const actor = await makeUser();
    await expect(markContactMessageHandled("00000000-0000-4000-8000-000000000000", actor)).rejects.toBeInstanceOf(LeadNotFoundError);
  });

  it("pages with a keyset cursor without repeating rows", async () => {
    for (let i = 0; i < 5; i++) await createContactMessage(lead({ name: `Página ${i}` }));
    const first = await listContactMessages({ limit: 3 });
    const last = first.at(-1)!;
    const next = await listContactMessages({ limit: 3, before: { createdAt: last.created_at, id: last.id } });
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((l) => l.id).some((id) => first.some((f) => f.id === id))).toBe(false);
  });
});
