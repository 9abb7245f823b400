/**
 * The audit trail reads as Spanish text: weekly hours by day, booleans as Sí/No, dates in es-PA,
 * lists and objects as words, catalog slugs as their labels; never JSON. Rendered as the page is.
 */
import { desc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log } from "~/db/schema";
import { auditChanges, auditValueText } from "~/lib/audit-text";
import * as audit from "~/routes/admin/audit";
import { db } from "~/server/platform/db.server";
import { makeUser } from "../setup/factories";
import { call, getRequest } from "../setup/route";

const p = (day: number, hour: number, minute = 0) => ({ day, hour, minute });
const weekdays = (open: number, close: number) => [1, 2, 3, 4, 5].map((d) => ({ open: p(d, open), close: p(d, close) }));

/** The page component with the loader's answer, as the router would render it. */
let pageData: unknown = null;
function AuditPageWithData() {
  return createElement(audit.default, { loaderData: pageData } as never);
}

let admin: string;
const tag = Math.random().toString(36).slice(2, 7);
beforeAll(async () => {
  admin = (await makeUser({ signedIn: true, admin: true })).cookie;
});

async function entry(values: { action: string; entity: string; before: unknown; after: unknown }) {
  const [row] = await db
    .insert(audit_log)
    .values({ actor_id: null, actor_email: `auditor-${tag}@admin.test`, entity_id: null, ...values })
    .returning();
  return row!;
}

type Shown = { id: number; changes: { field: string; before: string; after: string }[]; afterFields: { field: string; value: string }[] };
async function shown(id: number): Promise<Shown> {
  const page = await call(audit.loader, getRequest("/admin/audit", admin));
  return page.data.entries.find((e: { id: number }) => e.id === id);
}

describe("the audit trail's changes as text", () => {
  it("an hours change reads day by day, old → new, with Spanish day names", async () => {
    const before = { nombre: `Fonda ${tag}`, horario_semanal: [...weekdays(8, 17), { open: p(6, 8), close: p(6, 12) }] };
    const after = {
      nombre: `Fonda ${tag}`,
      horario_semanal: [
        ...weekdays(8, 17).filter((x) => x.open.day !== 1),
        { open: p(1, 9, 30), close: p(1, 18) },
        { open: p(5, 18), close: p(6, 2) },
      ],
    };
    const row = await entry({ action: "update", entity: "restaurant", before, after });
    const { changes } = await shown(row.id);
    expect(changes).toEqual([
      { key: "horario_semanal.1", field: "Horario del lunes", before: "08:00-17:00", after: "09:30-18:00" },
      { key: "horario_semanal.5", field: "Horario del viernes", before: "08:00-17:00", after: "08:00-17:00 y 18:00-02:00" },
      { key: "horario_semanal.6", field: "Horario del sábado", before: "08:00-12:00", after: "Cerrado" },
    ]);
    for (const c of changes) expect(`${c.before} ${c.after}`).not.toMatch(/[{}[\]"]/);
  });

  it("a schedule added where there was none reads as the whole week", async () => {
    const row = await entry({
      action: "update",
      entity: "business",
      before: { horario_semanal: null, is_active: true },
      after: { horario_semanal: weekdays(8, 17), is_active: false },
    });
    const { changes } = await shown(row.id);
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          key: "horario_semanal",
          field: "Horario semanal",
          before: "Sin horario",
          after: "Lunes a viernes: 08:00-17:00; sábado a domingo: Cerrado",
        },
        { key: "is_active", field: "Activo", before: "Sí", after: "No" },
      ]),
    );
  });

  it("dates, lists, catalog slugs, numbers and nested objects read as words", async () => {
    const row = await entry({
      action: "update",
      entity: "free_plan",
      before: {
        expires_at: "2026-12-01T17:00:00.000Z",
        especialidades: ["Mariscos"],
        provincia: "chiriqui",
        plan_type: "free_local",
        latitud: 8.4273,
        extra: { is_active: true, days_granted: 30 },
      },
      after: {
        expires_at: "2027-01-15T17:00:00.000Z",
        especialidades: ["Mariscos", "Comida criolla"],
        provincia: "bocas-del-toro",
        plan_type: "max_local",
        latitud: 9.1,
        extra: { is_active: false, days_granted: 60 },
      },
    });
    const text = Object.fromEntries((await shown(row.id)).changes.map((c) => [c.field, `${c.before} → ${c.after}`]));
    expect(text.Vence).toMatch(/^1 dic 2026,? .+ → 15 ene 2027,? .+$/);
    expect(text.Especialidades).toBe("Mariscos → Mariscos, Comida criolla");
    expect(text.Provincia).toBe("Chiriquí → Bocas del Toro");
    expect(text.Plan).toBe("Free Local → Max Local");
    // es-PA writes a decimal point.
    expect(text.Latitud).toBe("8.4273 → 9.1");
    expect(text.extra).toBe("Activo: Sí; Días: 30 → Activo: No; Días: 60");
    expect(auditValueText("especialidades", [])).toBe("—");
    expect(auditChanges(null, { nombre: "x" })).toEqual([]);
  });

  it("the page shows the text, the whole record as fields, and the new actions' labels", async () => {
    const created = await entry({
      action: "create",
      entity: "restaurant",
      before: null,
      after: { nombre: `Marisquería ${tag}`, is_verified: false, horario_semanal: weekdays(11, 22) },
    });
    const email = await entry({
      action: "email",
      entity: "profile",
      before: { email: `viejo-${tag}@x.test` },
      after: { email: `nuevo-${tag}@x.test` },
    });
    const attach = await entry({ action: "attach", entity: "free_plan", before: { user_id: null }, after: { user_id: "u1" } });
    const { afterFields } = await shown(created.id);
    expect(afterFields).toEqual(
      expect.arrayContaining([
        { key: "is_verified", field: "Verificado", value: "No" },
        { key: "horario_semanal", field: "Horario semanal", value: "Lunes a viernes: 11:00-22:00; sábado a domingo: Cerrado" },
      ]),
    );
    const page = await call(audit.loader, getRequest("/admin/audit", admin));
    pageData = page.data;
    const Stub = createRoutesStub([{ path: "/admin/audit", Component: AuditPageWithData }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/admin/audit"] }));
    expect(html).toContain("Cambio de email");
    expect(html).toContain("Plan asignado");
    expect(html).toContain(`nuevo-${tag}@x.test`);
    expect(html).toContain("Lunes a viernes: 11:00-22:00");
    expect(html).not.toContain("&quot;open&quot;");
    expect(html).not.toMatch(/\{&quot;|\[\{/);
    const rows = await db
      .select()
      .from(audit_log)
      .where(eq(audit_log.actor_email, `auditor-${tag}@admin.test`))
      .orderBy(desc(audit_log.id));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([email.id, attach.id]));
  });
});
