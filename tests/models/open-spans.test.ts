/**
 * The open-period boxes behind 'open now, near me' (migration 0008) follow every write to a listing:
 * inserts of one row or many, schedule, place and state changes, deletes; and the search that walks
 * them answers by the minute, overnight and across the week's end, on PGlite and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseDirectoryQuery } from "~/server/search/reader.server";
import type { WeeklyPeriod } from "~/lib/opening-hours";
import { db, queryRows } from "~/server/platform/db.server";
import { directorySearchQuery } from "~/server/models/directory-search.server";
import { makeBusiness, makeRestaurant, makeRestaurants } from "../setup/factories";

const PANAMA_CITY = { lat: 8.9824, lng: -79.5199 };
const DAVID = { lat: 8.4273, lng: -82.4308 };
const ALWAYS: WeeklyPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];
/** Monday to Friday 9:00-17:00, and Saturday 22:00 to Sunday 2:00 (across the week's end). */
const WEEKDAYS_AND_SATURDAY_NIGHT: WeeklyPeriod[] = [
  ...[1, 2, 3, 4, 5].map((day) => ({ open: { day, hour: 9, minute: 0 }, close: { day, hour: 17, minute: 0 } })),
  { open: { day: 6, hour: 22, minute: 0 }, close: { day: 0, hour: 2, minute: 0 } },
];
const at = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute;

/** Slugs open at `minute` within 5 km of `point`, nearest first, through the search the API runs. */
async function openNear(minute: number, point = PANAMA_CITY, q = ""): Promise<string[]> {
  const rows = await queryRows<{ slug: string | null }>(
    directorySearchQuery(parseDirectoryQuery(q), {}, { near: { ...point, radiusKm: 5 }, openAt: minute }),
  );
  // An empty answer is one row of nulls that carries the count of entries matched at any hour.
  return rows.flatMap((r) => (r.slug === null ? [] : [r.slug]));
}

async function boxes(table: "restaurant_open_spans" | "business_open_spans", id: string) {
  return queryRows<{ version: string }>(sql`select xmin::text as version from ${sql.raw(table)} where listing_id = ${id}`);
}

describe("open-period boxes", () => {
  it("are written for active entries with coordinates, one per open range, and answer by the minute", async () => {
    const [shop, always, noMap, hidden, night] = await makeRestaurants([
      { slug: "caja-semana", latitud: 8.9834, longitud: -79.5199, horario_semanal: WEEKDAYS_AND_SATURDAY_NIGHT },
      { slug: "caja-siempre", latitud: 8.9924, longitud: -79.5199, horario_semanal: ALWAYS },
      { slug: "caja-sin-mapa", horario_semanal: ALWAYS },
      { slug: "caja-inactiva", latitud: 8.9825, longitud: -79.5199, horario_semanal: ALWAYS, is_active: false },
      // Friday 20:00 to Saturday 2:00: two boxes, cut at midnight.
      {
        slug: "caja-noche",
        latitud: 8.9844,
        longitud: -79.5199,
        horario_semanal: [{ open: { day: 5, hour: 20, minute: 0 }, close: { day: 6, hour: 2, minute: 0 } }],
      },
    ]);
    // Five weekdays, and the Saturday night cut at midnight; around the clock is one box a day.
    expect(await boxes("restaurant_open_spans", shop!.id)).toHaveLength(7);
    expect(await boxes("restaurant_open_spans", always!.id)).toHaveLength(7);
    expect(await boxes("restaurant_open_spans", noMap!.id)).toHaveLength(0);
    expect(await boxes("restaurant_open_spans", hidden!.id)).toHaveLength(0);
    expect(await boxes("restaurant_open_spans", night!.id)).toHaveLength(2);

    expect(await openNear(at(1, 10))).toEqual(["caja-semana", "caja-siempre"]);
    expect(await openNear(at(1, 9))).toEqual(["caja-semana", "caja-siempre"]);
    expect(await openNear(at(1, 16, 59))).toEqual(["caja-semana", "caja-siempre"]);
    expect(await openNear(at(1, 17))).toEqual(["caja-siempre"]);
    expect(await openNear(at(6, 23))).toEqual(["caja-semana", "caja-siempre"]);
    expect(await openNear(at(0, 1, 59))).toEqual(["caja-semana", "caja-siempre"]);
    expect(await openNear(at(0, 2))).toEqual(["caja-siempre"]);
    expect(await openNear(at(5, 19, 59))).toEqual(["caja-siempre"]);
    expect(await openNear(at(5, 23, 59))).toEqual(["caja-noche", "caja-siempre"]);
    expect(await openNear(at(6, 0))).toEqual(["caja-noche", "caja-siempre"]);
    expect(await openNear(at(6, 1, 59))).toEqual(["caja-noche", "caja-siempre"]);
    expect(await openNear(at(6, 2))).toEqual(["caja-siempre"]);
    // Far from every one of them.
    expect(await openNear(at(1, 10), DAVID)).toEqual([]);
  });

  it("follow schedule, place and state changes, ignore other edits and go with the entry", async () => {
    const entry = await makeRestaurant({ slug: "caja-cambios", latitud: 8.9834, longitud: -79.5199, horario_semanal: ALWAYS });
    const q = "caja cambios";
    expect(await openNear(at(3, 3))).toContain("caja-cambios");

    const before = await boxes("restaurant_open_spans", entry.id);
    await db.execute(sql`update restaurants set nombre = 'Caja renombrada', updated_at = now() where id = ${entry.id}`);
    expect(await boxes("restaurant_open_spans", entry.id)).toEqual(before);

    await db.execute(
      sql`update restaurants set horario_semanal = ${JSON.stringify(WEEKDAYS_AND_SATURDAY_NIGHT)}::jsonb where id = ${entry.id}`,
    );
    expect(await boxes("restaurant_open_spans", entry.id)).toHaveLength(7);
    expect(await openNear(at(3, 3))).not.toContain("caja-cambios");
    expect(await openNear(at(3, 12))).toContain("caja-cambios");

    await db.execute(sql`update restaurants set latitud = ${DAVID.lat}, longitud = ${DAVID.lng} where id = ${entry.id}`);
    expect(await openNear(at(3, 12))).not.toContain("caja-cambios");
    expect(await openNear(at(3, 12), DAVID)).toEqual(["caja-cambios"]);

    await db.execute(sql`update restaurants set is_active = false where id = ${entry.id}`);
    expect(await boxes("restaurant_open_spans", entry.id)).toHaveLength(0);
    expect(await openNear(at(3, 12), DAVID)).toEqual([]);
    await db.execute(sql`update restaurants set is_active = true where id = ${entry.id}`);
    expect(await openNear(at(3, 12), DAVID)).toEqual(["caja-cambios"]);

    await db.execute(sql`update restaurants set latitud = null, longitud = null where id = ${entry.id}`);
    expect(await boxes("restaurant_open_spans", entry.id)).toHaveLength(0);
    await db.execute(sql`update restaurants set latitud = ${DAVID.lat}, longitud = ${DAVID.lng} where id = ${entry.id}`);
    expect(await openNear(at(3, 12), DAVID, q)).toEqual(["caja-cambios"]);

    await db.execute(sql`delete from restaurants where id = ${entry.id}`);
    expect(await boxes("restaurant_open_spans", entry.id)).toHaveLength(0);
  });

  it("are kept for businesses too, and a category or industry filter still applies", async () => {
    const point = { lat: 8.1004, lng: -80.9833 };
    const business = await makeBusiness({
      slug: "caja-abogados",
      industria: "servicios",
      latitud: 8.1014,
      longitud: -80.9833,
      horario_semanal: ALWAYS,
    });
    await makeRestaurant({
      slug: "caja-fonda",
      categoria: "comida-tradicional",
      latitud: 8.1024,
      longitud: -80.9833,
      horario_semanal: ALWAYS,
    });
    expect(await boxes("business_open_spans", business.id)).toHaveLength(7);
    expect(await openNear(at(2, 8), point)).toEqual(["caja-abogados", "caja-fonda"]);
    expect(await openNear(at(2, 8), point, "negocios")).toEqual(["caja-abogados"]);
    expect(await openNear(at(2, 8), point, "restaurantes")).toEqual(["caja-fonda"]);
    await db.execute(sql`update businesses set is_active = false where id = ${business.id}`);
    expect(await openNear(at(2, 8), point)).toEqual(["caja-fonda"]);
  });
});

/** Slugs open at `minute` with the words `q`, anywhere (no point): the stored open minutes decide. */
async function openWith(q: string, minute: number): Promise<string[]> {
  const rows = await queryRows<{ slug: string | null }>(directorySearchQuery(parseDirectoryQuery(q), {}, { openAt: minute }));
  return rows.flatMap((r) => (r.slug === null ? [] : [r.slug]));
}

describe("stored open minutes", () => {
  it("follow the schedule through inserts and updates, and 'open now' with words reads them", async () => {
    const [shop, none] = await makeRestaurants([
      { slug: "minutos-semana", nombre: "Fonda Minutera", horario_semanal: WEEKDAYS_AND_SATURDAY_NIGHT },
      { slug: "minutos-sin-horario", nombre: "Fonda Minutera Sin Horario", horario_semanal: null },
    ]);
    expect(await openWith("minutera", at(1, 10))).toEqual(["minutos-semana"]);
    // Across the week's end: Saturday 23:00 and Sunday 1:59 are open, Sunday 2:00 is not.
    expect(await openWith("minutera", at(6, 23))).toEqual(["minutos-semana"]);
    expect(await openWith("minutera", at(0, 1, 59))).toEqual(["minutos-semana"]);
    expect(await openWith("minutera", at(0, 2))).toEqual([]);
    expect(await openWith("minutera", at(1, 17))).toEqual([]);

    await db.execute(sql`update restaurants set horario_semanal = ${JSON.stringify(ALWAYS)}::jsonb where id = ${none!.id}`);
    await db.execute(sql`update restaurants set horario_semanal = null where id = ${shop!.id}`);
    expect(await openWith("minutera", at(1, 10))).toEqual(["minutos-sin-horario"]);
    expect(await openWith("minutera", at(1, 17))).toEqual(["minutos-sin-horario"]);
  });
});
