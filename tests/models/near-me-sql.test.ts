/**
 * The database's 'open now' and distance functions (migrations 0007, 0008), which filter under a LIMIT,
 * give the same answers as the TypeScript that the pages show (lib/opening-hours, lib/geo), on
 * PGlite and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/geo";
import { isOpenAt, WEEK_MINUTES, type WeeklyPeriod } from "~/lib/opening-hours";
import { queryRows } from "~/server/platform/db.server";

const PANAMA_CITY = { lat: 8.9824, lng: -79.5199 };
const ALWAYS: WeeklyPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];

describe("the database agrees with the pages' TypeScript", () => {
  it("on open-at for random schedules, overnight and week-end ranges included", async () => {
    // A fixed pseudo-random sequence, so that a failure repeats.
    let seed = 20261124;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const cases: { periods: WeeklyPeriod[]; m: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const periods: WeeklyPeriod[] = Array.from({ length: rand(4) }, () => {
        const day = rand(7);
        const hour = rand(24);
        const length = 30 + rand(14 * 60);
        const end = day * 1440 + hour * 60 + length;
        return {
          open: { day, hour, minute: 0 },
          close: { day: Math.floor(end / 1440) % 7, hour: Math.floor((end % 1440) / 60), minute: end % 60 },
        };
      });
      for (let k = 0; k < 5; k++) cases.push({ periods, m: rand(WEEK_MINUTES) });
    }
    // Around the clock; nothing; and a period that closes exactly at the week's end (Sunday 00:00).
    const toWeekEnd: WeeklyPeriod[] = [{ open: { day: 6, hour: 20, minute: 0 }, close: { day: 0, hour: 0, minute: 0 } }];
    cases.push({ periods: ALWAYS, m: 123 }, { periods: [], m: 123 });
    for (const m of [0, 6 * 1440 + 1199, 6 * 1440 + 1200, WEEK_MINUTES - 1]) cases.push({ periods: toWeekEnd, m });
    const rows = await queryRows<{ open: boolean }>(sql`
      select listing_open_at(c->'periods', (c->>'m')::int) as open
      from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, n) order by n`);
    expect(rows.map((r) => r.open)).toEqual(cases.map((c) => isOpenAt(c.periods, c.m)));
    // The open-period boxes of migration 0008 (a point, and the minute on the time axis) agree too.
    const boxes = await queryRows<{ open: boolean }>(sql`
      select exists (select 1 from listing_open_boxes(-79.5199, 8.9824, c->'periods') b
        where b.day = (c->>'m')::int / 1440 and b.span @> cube(array[-79.5199, 8.9824, listing_week_coord((c->>'m')::int)])) as open
      from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, n) order by n`);
    expect(boxes.map((r) => r.open)).toEqual(cases.map((c) => isOpenAt(c.periods, c.m)));
    // And the open minutes a listing stores (migration 0020), which the search tests.
    const minutes = await queryRows<{ open: boolean }>(sql`
      select listing_open_minutes(c->'periods') @> (c->>'m')::int as open
      from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, n) order by n`);
    expect(minutes.map((r) => r.open)).toEqual(cases.map((c) => isOpenAt(c.periods, c.m)));
  });

  it("on distances between towns", async () => {
    const towns = [PANAMA_CITY, { lat: 8.4273, lng: -82.4308 }, { lat: 8.1004, lng: -80.9833 }, { lat: 9.3592, lng: -79.9014 }];
    for (const a of towns) {
      for (const b of towns) {
        const [row] = await queryRows<{ km: number }>(
          sql`select listing_distance_km(${a.lat}::float8, ${a.lng}::float8, ${b.lat}::float8, ${b.lng}::float8) as km`,
        );
        expect(Number(row!.km)).toBeCloseTo(distanceKm(a, b), 6);
      }
    }
  });
});
