/**
 * The admin forms' location field and weekly hours editor: the actions called with
 * the fields a browser sends without JavaScript, what is stored, and what the edit form shows again.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log, businesses, restaurants } from "~/db/schema";
import * as audit from "~/routes/admin/audit";
import * as businessForm from "~/routes/admin/listing-form";
import * as restaurantForm from "~/routes/admin/listing-form";
import { LOCATION_OUTSIDE_PANAMA, LOCATION_UNREADABLE } from "~/schemas/admin";
import { db } from "~/server/platform/db.server";
import { makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest } from "../setup/route";

const MAPS_LINK = "https://www.google.com/maps/place/X/@8.9936,-79.5197,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d8.9935!4d-79.5198";

let admin: string;

beforeAll(async () => {
  admin = (await makeUser({ signedIn: true, email: "horarios@admin.test", name: "Horarios", admin: true })).cookie;
});

/** Monday first, as the editor's rows: index 0 = lunes ... 6 = domingo. */
const LUNES = 0;
const MARTES = 1;
const VIERNES = 4;
const SABADO = 5;
const DOMINGO = 6;
type Row = { cerrado?: boolean; rangos?: [string, string][] };

/** The editor's fields as a browser sends them: seven rows, two ranges each (empty ones as ""). */
function hours(rows: Partial<Record<number, Row>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < 7; i++) {
    const row = rows[i] ?? {};
    if (row.cerrado) out[`horario_semanal[${i}].cerrado`] = "on";
    const ranges = [...(row.rangos ?? [])];
    while (ranges.length < 2) ranges.push(["", ""]);
    ranges.forEach(([abre, cierra], j) => {
      out[`horario_semanal[${i}].rangos[${j}].abre`] = abre;
      out[`horario_semanal[${i}].rangos[${j}].cierra`] = cierra;
    });
  }
  return out;
}

const restaurant = (nombre: string, over: Record<string, string> = {}) => ({
  nombre,
  direccion: "Calle 50",
  provincia: "panama",
  is_active: "on",
  ubicacion: "",
  ...hours(),
  ...over,
});
const business = (nombre: string, over: Record<string, string> = {}) => ({
  nombre,
  descripcion: "Servicios",
  direccion: "Vía España",
  provincia: "panama",
  industria: "servicios",
  is_active: "on",
  ubicacion: "",
  ...hours(),
  ...over,
});

async function createRestaurant(nombre: string, over: Record<string, string> = {}) {
  const res = await call(restaurantForm.action, formRequest("/admin/restaurant/new", restaurant(nombre, over), admin));
  expect(res.status, JSON.stringify(res.data?.result?.error)).toBe(302);
  const [row] = await db.select().from(restaurants).where(eq(restaurants.nombre, nombre));
  return row!;
}

const editRestaurant = (id: string, nombre: string, over: Record<string, string>) =>
  call(restaurantForm.action, formRequest(`/admin/restaurant/edit/${id}`, restaurant(nombre, over), admin), { params: { id } });
const loadRestaurant = (id: string) => call(restaurantForm.loader, getRequest(`/admin/restaurant/edit/${id}`, admin), { params: { id } });
const restaurantRow = async (id: string) => (await db.select().from(restaurants).where(eq(restaurants.id, id)))[0]!;

const p = (day: number, hour: number, minute = 0) => ({ day, hour, minute });

describe("location: a Google Maps link or typed coordinates", () => {
  it("creates a restaurant from a Maps link: the place's own !3d/!4d pair wins over the map's centre", async () => {
    const row = await createRestaurant("Ubicación por enlace", { ubicacion: MAPS_LINK });
    expect(row.latitud).toBe(8.9935);
    expect(row.longitud).toBe(-79.5198);
    const form = await loadRestaurant(row.id);
    expect(form.data.ubicacion).toBe("8.993500, -79.519800");
    expect(form.data.saved).toEqual({ lat: 8.9935, lng: -79.5198 });
  });

  it("edits to typed numbers, shows them back, and an empty field clears them", async () => {
    const row = await createRestaurant("Ubicación tecleada", { ubicacion: MAPS_LINK });
    const edited = await editRestaurant(row.id, "Ubicación tecleada", { ubicacion: " 8.9824 , -79.5199 " });
    expect(edited.status).toBe(302);
    expect(await restaurantRow(row.id)).toMatchObject({ latitud: 8.9824, longitud: -79.5199 });
    expect((await loadRestaurant(row.id)).data.ubicacion).toBe("8.982400, -79.519900");

    const cleared = await editRestaurant(row.id, "Ubicación tecleada", { ubicacion: "" });
    expect(cleared.status).toBe(302);
    expect(await restaurantRow(row.id)).toMatchObject({ latitud: null, longitud: null });
    const form = await loadRestaurant(row.id);
    expect(form.data.ubicacion).toBe("");
    expect(form.data.saved).toBeNull();
  });

  it("keeps six decimals, as the columns do", async () => {
    const row = await createRestaurant("Seis decimales", { ubicacion: "8.98765432, -79.51234567" });
    expect(row).toMatchObject({ latitud: 8.987654, longitud: -79.512346 });
  });

  it("refuses coordinates outside Panama with a field error and saves nothing", async () => {
    const res = await call(
      restaurantForm.action,
      formRequest("/admin/restaurant/new", restaurant("Fuera de Panamá", { ubicacion: "40.7128, -74.0060" }), admin),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.ubicacion).toEqual([LOCATION_OUTSIDE_PANAMA]);
    expect(LOCATION_OUTSIDE_PANAMA).toBe("Las coordenadas deben estar dentro de Panamá.");
    expect(res.data.result.initialValue.ubicacion).toBe("40.7128, -74.0060");
    expect(await db.select().from(restaurants).where(eq(restaurants.nombre, "Fuera de Panamá"))).toHaveLength(0);

    // An edit keeps what was stored.
    const row = await createRestaurant("Se queda donde está", { ubicacion: "9.3547, -79.9015" });
    const edit = await editRestaurant(row.id, "Se queda donde está", { ubicacion: "https://www.google.com/maps/@4.711,-74.0721,12z" });
    expect(edit.status).toBe(400);
    expect(edit.data.result.error.ubicacion).toEqual([LOCATION_OUTSIDE_PANAMA]);
    expect(await restaurantRow(row.id)).toMatchObject({ latitud: 9.3547, longitud: -79.9015 });
  });

  it("says so when longitude came first", async () => {
    const res = await call(
      restaurantForm.action,
      formRequest("/admin/restaurant/new", restaurant("Al revés", { ubicacion: "-79.5199, 8.9824" }), admin),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.ubicacion[0]).toMatch(/^Las coordenadas deben estar dentro de Panamá\. ¿Las escribiste al revés\?/);
  });

  for (const [name, text] of [
    ["a short link", "https://maps.app.goo.gl/AbCdEf123"],
    ["words", "al lado del parque de Santa Ana"],
    ["one number", "8.9824"],
    ["a link without coordinates", "https://www.google.com/maps/place/Fonda+Lo+Que+Hay"],
  ] as const) {
    it(`refuses ${name} as unreadable`, async () => {
      const nombre = `Ilegible ${name}`;
      const res = await call(restaurantForm.action, formRequest("/admin/restaurant/new", restaurant(nombre, { ubicacion: text }), admin));
      expect(res.status).toBe(400);
      expect(res.data.result.error.ubicacion).toEqual([LOCATION_UNREADABLE]);
      expect(LOCATION_UNREADABLE).toBe(
        "No encontramos coordenadas en ese enlace; pega el enlace completo de Google Maps o escribe latitud, longitud.",
      );
      expect(await db.select().from(restaurants).where(eq(restaurants.nombre, nombre))).toHaveLength(0);
    });
  }

  it("a restaurant with the field empty takes the coordinates of its Google Maps link (in Panama only)", async () => {
    const row = await createRestaurant("Desde maps_url", { maps_url: MAPS_LINK });
    expect(row).toMatchObject({ latitud: 8.9935, longitud: -79.5198 });
    const abroad = await createRestaurant("maps_url lejano", { maps_url: "https://www.google.com/maps/@40.7128,-74.006,12z" });
    expect(abroad).toMatchObject({ latitud: null, longitud: null });
    // The field wins over the link.
    const both = await createRestaurant("Campo y enlace", { maps_url: MAPS_LINK, ubicacion: "9.3547, -79.9015" });
    expect(both).toMatchObject({ latitud: 9.3547, longitud: -79.9015 });
  });

  it("a business: created and cleared the same way (no Maps link fallback)", async () => {
    const res = await call(
      businessForm.action,
      formRequest("/admin/business/new", business("Negocio ubicado", { ubicacion: MAPS_LINK }), admin),
    );
    expect(res.status).toBe(302);
    const [row] = await db.select().from(businesses).where(eq(businesses.nombre, "Negocio ubicado"));
    expect(row).toMatchObject({ latitud: 8.9935, longitud: -79.5198 });
    const form = await call(businessForm.loader, getRequest(`/admin/business/edit/${row!.id}`, admin), { params: { id: row!.id } });
    expect(form.data.ubicacion).toBe("8.993500, -79.519800");
    const bad = await call(
      businessForm.action,
      formRequest(`/admin/business/edit/${row!.id}`, business("Negocio ubicado", { ubicacion: "0, 0" }), admin),
      { params: { id: row!.id } },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.ubicacion).toEqual([LOCATION_OUTSIDE_PANAMA]);
    const cleared = await call(
      businessForm.action,
      formRequest(`/admin/business/edit/${row!.id}`, business("Negocio ubicado", { ubicacion: "  " }), admin),
      { params: { id: row!.id } },
    );
    expect(cleared.status).toBe(302);
    const [after] = await db.select().from(businesses).where(eq(businesses.id, row!.id));
    expect(after).toMatchObject({ latitud: null, longitud: null });
  });
});

describe("weekly hours editor", () => {
  it("an overnight range (viernes 18:00-02:00) is stored closing on Saturday and reads back as typed", async () => {
    const row = await createRestaurant("Bar de noche", hours({ [VIERNES]: { rangos: [["18:00", "02:00"]] } }));
    expect(row.horario_semanal).toEqual([{ open: p(5, 18), close: p(6, 2) }]);
    const form = await loadRestaurant(row.id);
    const rows = form.data.horario_semanal;
    expect(rows).toHaveLength(7);
    expect(rows[VIERNES]).toEqual({
      cerrado: "",
      rangos: [
        { abre: "18:00", cierra: "02:00" },
        { abre: "", cierra: "" },
      ],
    });
    // Days left empty beside a day with hours are closed.
    expect(rows[LUNES].cerrado).toBe("on");
    expect(form.data.hoursNote).toBeNull();
  });

  it("two ranges a day, closed days, 00:00-00:00 as the whole day", async () => {
    const row = await createRestaurant(
      "Fonda partida",
      hours({
        [LUNES]: {
          rangos: [
            ["08:00", "12:00"],
            ["14:00", "18:30"],
          ],
        },
        [MARTES]: { rangos: [["08:00", "12:00"]] },
        [SABADO]: { rangos: [["00:00", "00:00"]] },
        [DOMINGO]: { cerrado: true, rangos: [["09:00", "10:00"]] },
      }),
    );
    expect(row.horario_semanal).toEqual([
      { open: p(1, 8), close: p(1, 12) },
      { open: p(1, 14), close: p(1, 18, 30) },
      { open: p(2, 8), close: p(2, 12) },
      { open: p(6, 0), close: p(0, 0) },
    ]);
    const rows = (await loadRestaurant(row.id)).data.horario_semanal;
    expect(rows[LUNES].rangos).toEqual([
      { abre: "08:00", cierra: "12:00" },
      { abre: "14:00", cierra: "18:30" },
    ]);
    expect(rows[SABADO].rangos[0]).toEqual({ abre: "00:00", cierra: "00:00" });
    // Marked closed: its hours are not kept.
    expect(rows[DOMINGO]).toEqual({
      cerrado: "on",
      rangos: [
        { abre: "", cierra: "" },
        { abre: "", cierra: "" },
      ],
    });
  });

  it("every day closed is an empty schedule ([]), not 'no schedule'", async () => {
    const all: Partial<Record<number, Row>> = {};
    for (let i = 0; i < 7; i++) all[i] = { cerrado: true };
    const row = await createRestaurant("Cerrado por obras", hours(all));
    expect(row.horario_semanal).toEqual([]);
  });

  it("every row empty stores no schedule (null), also clearing a saved one", async () => {
    const empty = await createRestaurant("Sin horario");
    expect(empty.horario_semanal).toBeNull();
    // Fields missing altogether (an old form, a script) mean the same.
    const res = await call(
      restaurantForm.action,
      formRequest("/admin/restaurant/new", { nombre: "Sin campos", direccion: "x", provincia: "panama" }, admin),
    );
    expect(res.status).toBe(302);
    expect((await db.select().from(restaurants).where(eq(restaurants.nombre, "Sin campos")))[0]!.horario_semanal).toBeNull();

    const row = await createRestaurant("Horario que se borra", hours({ [LUNES]: { rangos: [["08:00", "17:00"]] } }));
    expect(row.horario_semanal).toHaveLength(1);
    expect((await editRestaurant(row.id, "Horario que se borra", hours())).status).toBe(302);
    expect((await restaurantRow(row.id)).horario_semanal).toBeNull();
    const rows = (await loadRestaurant(row.id)).data.horario_semanal;
    // No schedule: seven empty rows, none ticked closed.
    expect(rows.every((r: { cerrado: string; rangos: { abre: string }[] }) => r.cerrado === "" && r.rangos.every((x) => !x.abre))).toBe(
      true,
    );
  });

  const refused: [string, Partial<Record<number, Row>>, number, RegExp][] = [
    ["25:00", { [LUNES]: { rangos: [["08:00", "25:00"]] } }, LUNES, /^Escribe las horas del lunes como HH:MM, de 00:00 a 23:59\.$/],
    ["a half-filled range", { [MARTES]: { rangos: [["08:00", ""]] } }, MARTES, /^Escribe las horas del martes como HH:MM/],
    [
      "closing before opening (not overnight)",
      { [MARTES]: { rangos: [["18:00", "10:00"]] } },
      MARTES,
      /^El martes, la hora de cierre \(10:00\) debe ser posterior a la de apertura \(18:00\), o de madrugada \(hasta las 06:00\)/,
    ],
    ["closing when it opens", { [VIERNES]: { rangos: [["09:00", "09:00"]] } }, VIERNES, /^El viernes, la hora de cierre/],
    [
      "overlapping ranges",
      {
        [LUNES]: {
          rangos: [
            ["08:00", "12:00"],
            ["11:00", "14:00"],
          ],
        },
      },
      LUNES,
      /^Los horarios del lunes se superponen con otro horario\.$/,
    ],
    [
      "an overnight range running into the next day's hours",
      { [LUNES]: { rangos: [["18:00", "04:00"]] }, [MARTES]: { rangos: [["03:00", "10:00"]] } },
      MARTES,
      /^Los horarios del martes se superponen/,
    ],
  ];
  for (const [name, rows, index, message] of refused) {
    it(`refuses ${name} on the day's row, keeps what was typed and saves nothing`, async () => {
      const nombre = `Horario malo ${name}`;
      const res = await call(restaurantForm.action, formRequest("/admin/restaurant/new", restaurant(nombre, hours(rows)), admin));
      expect(res.status).toBe(400);
      const errors = res.data.result.error as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual([`horario_semanal[${index}]`]);
      expect(errors[`horario_semanal[${index}]`]!.join(" ")).toMatch(message);
      const typed = rows[index]!.rangos![0]!;
      // What was typed comes back (Conform leaves empty fields out of it).
      const back = res.data.result.initialValue.horario_semanal[index].rangos[0];
      expect([back.abre ?? "", back.cierra ?? ""]).toEqual(typed);
      expect(await db.select().from(restaurants).where(eq(restaurants.nombre, nombre))).toHaveLength(0);
    });
  }

  it("an edit refused for its hours leaves the stored schedule alone", async () => {
    const row = await createRestaurant("Horario firme", hours({ [LUNES]: { rangos: [["08:00", "17:00"]] } }));
    const res = await editRestaurant(row.id, "Horario firme", hours({ [LUNES]: { rangos: [["08:00", "25:00"]] } }));
    expect(res.status).toBe(400);
    expect((await restaurantRow(row.id)).horario_semanal).toEqual([{ open: p(1, 8), close: p(1, 17) }]);
  });

  it("a business's hours go through the same editor", async () => {
    const res = await call(
      businessForm.action,
      formRequest("/admin/business/new", business("Oficina con horario", hours({ [LUNES]: { rangos: [["08:00", "17:00"]] } })), admin),
    );
    expect(res.status).toBe(302);
    const [row] = await db.select().from(businesses).where(eq(businesses.nombre, "Oficina con horario"));
    expect(row!.horario_semanal).toEqual([{ open: p(1, 8), close: p(1, 17) }]);
    const bad = await call(
      businessForm.action,
      formRequest(
        `/admin/business/edit/${row!.id}`,
        business("Oficina con horario", hours({ [DOMINGO]: { rangos: [["9:00", "12:00"]] } })),
        admin,
      ),
      { params: { id: row!.id } },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error["horario_semanal[6]"][0]).toMatch(/^Escribe las horas del domingo/);
  });

  it("a listing without a schedule whose text reads as one gets the editor filled in, with a note", async () => {
    const row = await makeRestaurant({ nombre: "Fonda texto", horario: "Lun-Sáb 11:00-22:00" });
    const form = await loadRestaurant(row.id);
    const rows = form.data.horario_semanal;
    expect(rows[LUNES].rangos[0]).toEqual({ abre: "11:00", cierra: "22:00" });
    expect(rows[SABADO].rangos[0]).toEqual({ abre: "11:00", cierra: "22:00" });
    expect(rows[DOMINGO].cerrado).toBe("on");
    expect(form.data.hoursNote).toMatch(/a partir del texto «Lun-Sáb 11:00-22:00»/);
    // Nothing is stored until the admin saves.
    expect((await restaurantRow(row.id)).horario_semanal).toBeNull();

    // Text that does not read as hours: empty editor, no note.
    await db.update(restaurants).set({ horario: "Con cita previa" }).where(eq(restaurants.id, row.id));
    const other = await loadRestaurant(row.id);
    expect(other.data.hoursNote).toBeNull();
    expect(other.data.horario_semanal[LUNES].rangos[0]).toEqual({ abre: "", cierra: "" });

    // A stored schedule wins over the text.
    await db
      .update(restaurants)
      .set({ horario: "Lun-Sáb 11:00-22:00", horario_semanal: [{ open: p(3, 7), close: p(3, 9) }] })
      .where(eq(restaurants.id, row.id));
    const stored = await loadRestaurant(row.id);
    expect(stored.data.hoursNote).toBeNull();
    expect(stored.data.horario_semanal[LUNES].cerrado).toBe("on");
    expect(stored.data.horario_semanal[2].rangos[0]).toEqual({ abre: "07:00", cierra: "09:00" });
  });

  it("a stored day with three ranges shows all three and saves them back", async () => {
    const three = [
      { open: p(1, 7), close: p(1, 9) },
      { open: p(1, 12), close: p(1, 14) },
      { open: p(1, 19), close: p(1, 22) },
    ];
    const row = await makeRestaurant({ nombre: "Tres turnos", horario_semanal: three });
    const rows = (await loadRestaurant(row.id)).data.horario_semanal;
    expect(rows[LUNES].rangos).toHaveLength(3);
    const fields: Record<string, string> = { ...hours() };
    rows[LUNES].rangos.forEach((r: { abre: string; cierra: string }, j: number) => {
      fields[`horario_semanal[0].rangos[${j}].abre`] = r.abre;
      fields[`horario_semanal[0].rangos[${j}].cierra`] = r.cierra;
    });
    expect((await editRestaurant(row.id, "Tres turnos", fields)).status).toBe(302);
    expect((await restaurantRow(row.id)).horario_semanal).toEqual(three);
  });

  it("a schedule open around the clock (a period without close) reads as 00:00-00:00 every day and saves the same", async () => {
    const row = await makeRestaurant({ nombre: "Siempre abierto", horario_semanal: [{ open: p(0, 0) }] });
    const rows = (await loadRestaurant(row.id)).data.horario_semanal;
    expect(rows.map((r: { rangos: { abre: string; cierra: string }[] }) => r.rangos[0])).toEqual(
      Array(7).fill({ abre: "00:00", cierra: "00:00" }),
    );
  });
});

describe("audit and hostile input", () => {
  it("the audit trail records the new columns", async () => {
    const row = await createRestaurant("Auditado", { ubicacion: "9.3547, -79.9015" });
    await editRestaurant(row.id, "Auditado", { ubicacion: "8.9824, -79.5199", ...hours({ [LUNES]: { rangos: [["08:00", "17:00"]] } }) });
    const [entry] = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, row.id), eq(audit_log.action, "update")))
      .orderBy(desc(audit_log.created_at));
    expect(entry!.before).toMatchObject({ latitud: 9.3547, horario_semanal: null });
    expect(entry!.after).toMatchObject({ latitud: 8.9824, longitud: -79.5199, horario_semanal: [{ open: p(1, 8), close: p(1, 17) }] });
    // The trail names the changes in Spanish.
    const page = await call(audit.loader, getRequest("/admin/audit?entidad=restaurant", admin));
    const shown = page.data.entries.find((e: { id: number }) => e.id === entry!.id);
    expect(shown.changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(["Latitud", "Longitud", "Horario semanal"]),
    );
  });

  const hostile: [string, Record<string, string | string[]>][] = [
    ["the location sent twice", { ubicacion: ["8.9824, -79.5199", "9.3547, -79.9015"] }],
    ["a 5,000-character location", { ubicacion: `8.9,-79.5${"9".repeat(5000)}` }],
    ["a location of 999 degrees", { ubicacion: "999.1, -79.5" }],
    ["an eighth day", { "horario_semanal[7].rangos[0].abre": "08:00" }],
    ["five ranges in a day", { "horario_semanal[0].rangos[4].abre": "08:00" }],
    ["a long time text", { "horario_semanal[0].rangos[0].abre": "0".repeat(500) }],
    ["hours as a plain value", { horario_semanal: "lunes" }],
    ["a row as a plain value", { "horario_semanal[0]": "x" }],
    ["ranges as a plain value", { "horario_semanal[0].rangos": "x" }],
    ["a range as a plain value", { "horario_semanal[0].rangos[0]": "x" }],
  ];
  for (const [name, fields] of hostile) {
    it(`${name}: a 400 with a Spanish message, never a 500`, async () => {
      const nombre = `Hostil ${name}`;
      const res = await call(
        restaurantForm.action,
        formRequest("/admin/restaurant/new", { nombre, direccion: "x", provincia: "panama", ...fields }, admin),
      );
      expect(res.status).toBe(400);
      const messages = Object.values(res.data.result.error as Record<string, string[]>).flat();
      expect(messages.length).toBeGreaterThan(0);
      // Spanish, not Zod's English defaults.
      for (const m of messages) expect(m).not.toMatch(/invalid|expected|received|too (big|small)/i);
      expect(await db.select().from(restaurants).where(eq(restaurants.nombre, nombre))).toHaveLength(0);
    });
  }
});
