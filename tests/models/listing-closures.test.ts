/**
 * Special closures and national holidays in 'abierto ahora', everywhere it is read: the one search
 * engine (words, filters, near a point with and without words), the cards of the listing pages and
 * search, and the entry. A closure today or a holiday it closes on turns 'open now' off and the card
 * says «Cerrado hoy»; a closure tomorrow changes nothing today. The holiday is forced by mocking the
 * calendar, so that the answer does not depend on the day the suite runs.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, panamaToday } from "~/catalog/holidays";
import type { WeeklyPeriod } from "~/db/schema";
import { listRestaurantsByProvince } from "~/server/models/listings.server";
import { getRestaurantBySlug } from "~/server/models/listing-entries.server";
import { addClosures, removeClosure, setClosesOnHolidays, upcomingClosures } from "~/server/models/listing-closures.server";
import { searchFresh } from "~/server/search/engine.server";
import { makeBusiness, makeRestaurants, makeUser } from "../setup/factories";

const calendar = vi.hoisted(() => ({ holidayToday: false }));
vi.mock("~/catalog/holidays", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/catalog/holidays")>();
  return { ...real, isHolidayPanama: () => calendar.holidayToday };
});

/** Open every minute of the week. */
const ALWAYS: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  open: { day, hour: 0, minute: 0 },
  close: { day: (day + 1) % 7, hour: 0, minute: 0 },
}));
/** Isla del Rey, far from every other test's entries. */
const POINT = { lat: 8.38, lng: -78.9 };
const near = POINT;
const WORD = "cierrequeso";

let actor: { id: string; email: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  const user = await makeUser();
  actor = { id: user.id, email: user.email };
  const rows = await makeRestaurants(
    ["cerrada-hoy", "cerrada-manana", "cierra-feriados"].map((slug, i) => ({
      slug: `${WORD}-${slug}`,
      nombre: `Fonda ${WORD} ${slug}`,
      provincia: "darien",
      direccion: "Isla del Rey",
      horario_semanal: ALWAYS,
      latitud: POINT.lat + i * 0.001,
      longitud: POINT.lng,
    })),
  );
  for (const r of rows) ids[r.slug] = r.id;
  const business = await makeBusiness({
    slug: `${WORD}-taller`,
    nombre: `Taller ${WORD}`,
    horario_semanal: ALWAYS,
    latitud: POINT.lat - 0.001,
    longitud: POINT.lng,
  });
  ids[business.slug] = business.id;
  const today = panamaToday();
  await addClosures("restaurant", ids[`${WORD}-cerrada-hoy`]!, [today], "Inventario", actor);
  await addClosures("restaurant", ids[`${WORD}-cerrada-manana`]!, [addDays(today, 1)], null, actor);
  await addClosures("business", business.id, [today], null, actor);
  await setClosesOnHolidays("restaurant", ids[`${WORD}-cierra-feriados`]!, true, actor);
});

const slugs = async (q: Parameters<typeof searchFresh>[0]) => (await searchFresh(q)).hits.map((h) => h.slug).sort();
const short = (s: string) => s.replace(`${WORD}-`, "");

describe("'abierto ahora' with special closures and holidays", () => {
  it.each([false, true])(
    "the engine leaves out a listing closed today (holiday today: %s), by words, near a point, and both",
    async (holiday) => {
      calendar.holidayToday = holiday;
      const open = holiday ? ["cerrada-manana"] : ["cerrada-manana", "cierra-feriados"];
      expect((await slugs({ text: WORD, kind: "restaurant", openNow: true, limit: 10 })).map(short)).toEqual(open);
      expect((await slugs({ text: `${WORD} abierto ahora`, kind: "restaurant", limit: 10 })).map(short)).toEqual(open);
      // Near a point without words walks the open-period boxes; with words, the point-and-words index.
      expect((await slugs({ text: "", near, radiusKm: 3, openNow: true, limit: 10 })).map(short)).toEqual(open);
      expect((await slugs({ text: WORD, near, radiusKm: 3, openNow: true, limit: 10 })).map(short)).toEqual(open);
      // Whatever the hour, all of them are found.
      expect(await slugs({ text: WORD, kind: "restaurant", limit: 10 })).toHaveLength(3);
    },
  );

  it("leaves out a business closed today too", async () => {
    calendar.holidayToday = false;
    expect(await slugs({ text: WORD, kind: "business", limit: 10 })).toEqual([`${WORD}-taller`]);
    expect(await slugs({ text: WORD, kind: "business", openNow: true, limit: 10 })).toEqual([]);
  });

  it("says «Cerrado hoy» on the search's cards, the listing page's and the entry's", async () => {
    calendar.holidayToday = false;
    const hits = (await searchFresh({ text: WORD, kind: "restaurant", limit: 10 })).hits;
    const label = (slug: string) => hits.find((h) => h.slug === `${WORD}-${slug}`)?.abierto?.label;
    expect(label("cerrada-hoy")).toBe("Cerrado hoy");
    expect(label("cerrada-manana")).toBe("Abierto ahora");
    expect(label("cierra-feriados")).toBe("Abierto ahora");

    const page = await listRestaurantsByProvince("darien");
    expect(page.items.find((c) => c.slug === `${WORD}-cerrada-hoy`)?.abierto).toEqual({
      state: "closed",
      label: "Cerrado hoy",
      labelEn: "Closed today",
    });
    const entry = await getRestaurantBySlug(`${WORD}-cerrada-hoy`);
    expect(entry && "entry" in entry ? entry.entry.abierto?.label : null).toBe("Cerrado hoy");

    calendar.holidayToday = true;
    const onHoliday = await getRestaurantBySlug(`${WORD}-cierra-feriados`);
    expect(onHoliday && "entry" in onHoliday ? onHoliday.entry.abierto?.label : null).toBe("Cerrado hoy");
    const other = await getRestaurantBySlug(`${WORD}-cerrada-manana`);
    expect(other && "entry" in other ? other.entry.abierto?.label : null).toBe("Abierto ahora");
    calendar.holidayToday = false;
  });

  it("opens again when the closure is removed, and lists the upcoming ones for the entry page", async () => {
    const id = ids[`${WORD}-cerrada-manana`]!;
    const today = panamaToday();
    const upcoming = await upcomingClosures("restaurant", id);
    expect(upcoming.closures).toEqual([{ day: addDays(today, 1), reason: null }]);
    expect(upcoming.closesOnHolidays).toBe(false);
    expect(upcoming.nextHoliday).toBeNull();

    const holidays = await upcomingClosures("restaurant", ids[`${WORD}-cierra-feriados`]!);
    expect(holidays.closesOnHolidays).toBe(true);

    const closedId = ids[`${WORD}-cerrada-hoy`]!;
    expect(await removeClosure("restaurant", closedId, today, actor)).toBe(true);
    expect(await removeClosure("restaurant", closedId, today, actor)).toBe(false);
    expect((await slugs({ text: WORD, kind: "restaurant", openNow: true, limit: 10 })).map(short)).toContain("cerrada-hoy");
  });
});
