/** Insert on approval of a Google result, on PGlite and on PostgreSQL. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log, type Business, businesses, type Restaurant, restaurants } from "~/db/schema";
import type { Approval, ApprovedPlace } from "~/schemas/place-import";
import { db } from "~/server/platform/db.server";
import { DuplicatePlaceError, importPlace, skippedPlaceIds, skipPlace, unskipPlace } from "~/server/models/place-import.server";
import { weekRows } from "~/lib/opening-hours";
import { mapPlace } from "~/server/admin/places.server";
import { makeGooglePlace } from "../fakes/places";
import { makeUser } from "../setup/factories";

let actor: { id: string; email: string };
const tag = Math.random().toString(36).slice(2, 7);
function place(n: number, overrides: Record<string, unknown> = {}): ApprovedPlace {
  const p = mapPlace(makeGooglePlace(n, overrides)) as ApprovedPlace;
  return { ...p, place_id: `${p.place_id}-${tag}` };
}

beforeAll(async () => {
  actor = await makeUser();
});

/** Imports `p` as `choice` and reads back the row that it wrote. */
async function imported(p: ApprovedPlace, choice: Approval & { kind: "restaurant" }): Promise<Restaurant>;
async function imported(p: ApprovedPlace, choice: Approval & { kind: "business" }): Promise<Business>;
async function imported(p: ApprovedPlace, choice: Approval): Promise<Restaurant | Business> {
  const { id } = await importPlace(p, choice, actor);
  const [row] =
    choice.kind === "restaurant"
      ? await db.select().from(restaurants).where(eq(restaurants.id, id))
      : await db.select().from(businesses).where(eq(businesses.id, id));
  return row!;
}

describe("importPlace", () => {
  it("inserts a restaurant within the import limits, the place id, coordinates and weekly periods, audited", async () => {
    const p = place(1, {
      types: ["seafood_restaurant", "restaurant", "point_of_interest", "food", "bar", "establishment", "cafe", "meal_takeaway"],
      rating: 4.46,
    });
    const row = await imported(p, { kind: "restaurant", provincia: "chiriqui", industria: "construccion" });
    expect(row).toMatchObject({
      nombre: "Marisquería El Puerto 1",
      direccion: "Av. 3a Este, David, Provincia de Chiriquí, Panamá",
      telefono: "+507 775-1234",
      rating: 4.5,
      categoria: "mariscos",
      provincia: "chiriqui",
      maps_url: "https://maps.google.com/?cid=1001",
      website_url: "https://elpuerto1.example.com/",
      especialidades: ["Mariscos", "Restaurante", "Comida", "Bar", "Café"],
      is_verified: false,
      is_active: true,
      plan_type: "free_local",
      google_place_id: `ChIJfake0001-${tag}`,
      latitud: 8.4273,
      longitud: -82.4308,
    });
    expect(row?.horario).toBe("Lun-Sáb 11:00-22:00");
    expect(row?.horario_semanal).toHaveLength(6);
    expect(row?.horario_semanal?.[0]).toEqual({ open: { day: 1, hour: 11, minute: 0 }, close: { day: 1, hour: 22, minute: 0 } });
    const reviews = row?.customer_reviews?.split("\n") ?? [];
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toMatch(/^María G\. \(5\/5\): Excelente pescado frito/);
    expect(reviews[0]!.split(": ").slice(1).join(": ").length).toBeLessThanOrEqual(101);
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.entity_id, row.id));
    expect(entry).toMatchObject({ action: "create", entity: "restaurant", actor_id: actor.id });
  });

  it("inserts a business with its industry; missing coordinates and periods stay null", async () => {
    const p = place(2, { types: ["lawyer"], location: undefined, regularOpeningHours: undefined, reviews: undefined, rating: undefined });
    const row = await imported(p, { kind: "business", provincia: "veraguas", industria: "abogados" });
    expect(row).toMatchObject({
      industria: "abogados",
      provincia: "veraguas",
      website: "https://elpuerto2.example.com/",
      especialidades: ["Abogados"],
      customer_reviews: null,
      rating: null,
      latitud: null,
      longitud: null,
      horario_semanal: null,
      is_verified: false,
    });
    expect(row.descripcion).toBe("Negocio de abogados en Veraguas.");
  });

  it("keeps no coordinates outside Panama, and the database refuses them", async () => {
    const row = await imported(place(3, { location: { latitude: 40.4, longitude: -3.7 } }), {
      kind: "restaurant",
      provincia: "panama",
      industria: "construccion",
    });
    expect(row).toMatchObject({ latitud: null, longitud: null });
    await expect(db.update(restaurants).set({ latitud: 40.4, longitud: -3.7 }).where(eq(restaurants.id, row.id))).rejects.toThrow();
    await expect(db.update(restaurants).set({ latitud: 9, longitud: null }).where(eq(restaurants.id, row.id))).rejects.toThrow();
  });

  it("refuses a second import of the same place, as the other kind too, with a Spanish message", async () => {
    const p = place(4);
    await importPlace(p, { kind: "restaurant", provincia: "chiriqui", industria: "construccion" }, actor);
    const message = "«Marisquería El Puerto 4» ya fue importado desde Google; no se puede agregar dos veces.";
    await expect(importPlace(p, { kind: "restaurant", provincia: "chiriqui", industria: "construccion" }, actor)).rejects.toThrow(message);
    await expect(importPlace(p, { kind: "business", provincia: "chiriqui", industria: "turismo" }, actor)).rejects.toThrow(
      DuplicatePlaceError,
    );
  });

  it("lets only one of two simultaneous approvals of the same place through", async () => {
    const p = place(5);
    const outcomes = await Promise.allSettled([
      importPlace(p, { kind: "restaurant", provincia: "chiriqui", industria: "construccion" }, actor),
      importPlace(p, { kind: "business", provincia: "chiriqui", industria: "turismo" }, actor),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(DuplicatePlaceError);
    const inR = await db
      .select()
      .from(restaurants)
      .where(eq(restaurants.google_place_id, `ChIJfake0005-${tag}`));
    const inB = await db
      .select()
      .from(businesses)
      .where(eq(businesses.google_place_id, `ChIJfake0005-${tag}`));
    expect(inR.length + inB.length).toBe(1);
  });

  it("imports a place as the directory writes it: category from Google's types, phone as +507, hours by day", async () => {
    // A seafood place whose primary type Google puts after its generic ones, with a mobile phone,
    // open late on Friday and Saturday and closed on Monday.
    const p = place(6, {
      types: ["restaurant", "food", "seafood_restaurant", "bar", "point_of_interest", "establishment"],
      primaryType: "seafood_restaurant",
      nationalPhoneNumber: "6000-0001",
      internationalPhoneNumber: "+507 6000-0001",
      regularOpeningHours: {
        periods: [
          ...[2, 3, 4].map((day) => ({ open: { day, hour: 11, minute: 0 }, close: { day, hour: 22, minute: 0 } })),
          ...[5, 6].map((day) => ({ open: { day, hour: 11, minute: 0 }, close: { day: day + 1, hour: 1, minute: 30 } })),
          { open: { day: 0, hour: 12, minute: 0 }, close: { day: 0, hour: 18, minute: 0 } },
        ],
        weekdayDescriptions: ["lunes: Cerrado", "martes: 11:00–22:00"],
      },
    });
    const row = await imported(p, { kind: "restaurant", provincia: "chiriqui", industria: "construccion" });
    expect(row).toMatchObject({ categoria: "mariscos", telefono: "+507 6000-0001" });
    expect(row.horario).toBe("Mar-Jue 11:00-22:00, Vie-Sáb 11:00-1:30, Dom 12:00-18:00");
    expect(weekRows(row.horario_semanal!)).toEqual([
      { day: "Lunes", hours: "Cerrado" },
      { day: "Martes", hours: "11:00-22:00" },
      { day: "Miércoles", hours: "11:00-22:00" },
      { day: "Jueves", hours: "11:00-22:00" },
      { day: "Viernes", hours: "11:00-01:30" },
      { day: "Sábado", hours: "11:00-01:30" },
      { day: "Domingo", hours: "12:00-18:00" },
    ]);
    // The admin's choice in the dialog wins over the inferred category.
    const chosen = await imported(place(7), { kind: "restaurant", provincia: "chiriqui", industria: "construccion", categoria: "bar" });
    expect(chosen.categoria).toBe("bar");
  });

  it("keeps a skip for every admin until it is restored; skipping twice keeps the first", async () => {
    const other = await makeUser();
    const id = `ChIJskip-${tag}`;
    expect(await skippedPlaceIds([id])).toEqual(new Set());
    await skipPlace({ place_id: id, name: "Fonda Omitida" }, actor);
    await skipPlace({ place_id: id, name: "Fonda Omitida" }, other);
    expect(await skippedPlaceIds([id, `ChIJother-${tag}`])).toEqual(new Set([id]));
    await unskipPlace(id);
    expect(await skippedPlaceIds([id])).toEqual(new Set());
  });
});
