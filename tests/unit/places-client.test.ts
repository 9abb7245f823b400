/** The Places (New) Text Search client against the fake at its wire format, the mapping, and inference. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { placeCategory, placeIndustry } from "~/catalog/place-types";
import { horarioOf } from "~/lib/opening-hours";
import { formatPhone } from "~/lib/phone";
import { approvalDefaults, inferIndustry, inferKind, inferProvince } from "~/lib/place-inference";
import {
  forgetPageTokens,
  mapPlace,
  PLACES_FIELD_MASK,
  PLACES_MESSAGES,
  PLACES_TIMEOUT_MS,
  type PlacesAnswer,
  searchPlaces,
} from "~/server/admin/places.server";
import { FAKE_PLACES_KEY, type FakePlaces, makeGooglePlace, startFakePlaces } from "../fakes/places";
import { fieldMaskErrors, protoErrors } from "../fakes/places-protos";

let fake: FakePlaces;
const deps = () => ({ apiKey: FAKE_PLACES_KEY, base: fake.url });
const search = { query: "restaurantes de mariscos", location: "Chiriquí, Panamá", offset: 0 };

function results(answer: PlacesAnswer) {
  if ("error" in answer) throw new Error(answer.error);
  return answer.results;
}

beforeAll(async () => {
  fake = await startFakePlaces();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
  fake.setMode({ kind: "ok" });
  fake.setPlaces(Array.from({ length: 23 }, (_, i) => makeGooglePlace(i + 1)));
  forgetPageTokens();
});

describe("the message definitions guard", () => {
  it("refuses a request body field and a field-mask path that Google does not know", () => {
    expect(protoErrors("SearchTextRequest", { textQuery: "x", pageSize: 10, pageToken: "t" })).toEqual([]);
    expect(protoErrors("SearchTextRequest", { textQuery: "x", offset: 10 })).toEqual([
      "offset: campo desconocido en google.maps.places.v1.SearchTextRequest",
    ]);
    expect(protoErrors("SearchTextRequest", { textQuery: "x", pageSize: "10" })).toHaveLength(1);
    expect(fieldMaskErrors("places.id,places.phone")).toHaveLength(1);
    expect(protoErrors("Place", { id: "x", displayName: "no es LocalizedText" })).toHaveLength(1);
  });

  it("the fake's own places are valid Place messages", () => {
    expect(protoErrors("SearchTextResponse", { places: [makeGooglePlace(1)], nextPageToken: "page-1" })).toEqual([]);
  });
});

describe("searchPlaces", () => {
  it("sends Google's request (path, key, field mask, body) and maps the first page", async () => {
    const list = results(await searchPlaces(search, deps()));
    expect(list).toHaveLength(10);
    const [req] = fake.requests;
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/v1/places:searchText");
    expect(req?.headers["x-goog-api-key"]).toBe(FAKE_PLACES_KEY);
    expect(req?.headers["x-goog-fieldmask"]).toBe(PLACES_FIELD_MASK);
    expect(fieldMaskErrors(PLACES_FIELD_MASK)).toEqual([]);
    expect(req?.body).toEqual({
      textQuery: "restaurantes de mariscos, Chiriquí, Panamá",
      languageCode: "es",
      regionCode: "PA",
      pageSize: 10,
    });
    expect(protoErrors("SearchTextRequest", req?.body)).toEqual([]);
    for (const answer of fake.answers) expect(protoErrors("SearchTextResponse", answer)).toEqual([]);
    expect(list[0]).toEqual({
      place_id: "ChIJfake0001",
      name: "Marisquería El Puerto 1",
      address: "Av. 3a Este, David, Provincia de Chiriquí, Panamá",
      phone: "+507 775-1234",
      website: "https://elpuerto1.example.com/",
      rating: 4.4,
      user_ratings_total: 128,
      opening_hours: expect.arrayContaining(["lunes: 11:00–22:00", "domingo: Cerrado"]),
      opening_periods: expect.arrayContaining([{ open: { day: 1, hour: 11, minute: 0 }, close: { day: 1, hour: 22, minute: 0 } }]),
      types: ["seafood_restaurant", "restaurant", "food", "point_of_interest", "establishment"],
      primary_type: "seafood_restaurant",
      reviews: [
        { author_name: "María G.", rating: 5, text: expect.stringMatching(/^Excelente pescado frito/) },
        { author_name: "José P.", rating: 4, text: "Buen servicio, algo lento los domingos." },
        { author_name: "Ana R.", rating: 3, text: "Normal." },
      ],
      maps_url: "https://maps.google.com/?cid=1001",
      latitude: 8.4273,
      longitude: -82.4308,
    });
  });

  it("maps the spec's offset to the previous answer's page token, until Google has no more", async () => {
    results(await searchPlaces(search, deps()));
    const second = results(await searchPlaces({ ...search, offset: 10 }, deps()));
    expect(second.map((r) => r.place_id)[0]).toBe("ChIJfake0011");
    expect(fake.requests[1]?.body).toMatchObject({ pageToken: "page-10" });
    expect(protoErrors("SearchTextRequest", fake.requests[1]?.body)).toEqual([]);
    expect(await searchPlaces({ ...search, offset: 10 }, deps())).toMatchObject({ nextOffset: 20, more: true });
    const last = await searchPlaces({ ...search, offset: 20 }, deps());
    // The last page says so: no page token, no 'Buscar más'.
    expect(last).toMatchObject({ nextOffset: 23, more: false });
    const third = results(last);
    expect(third).toHaveLength(3);
    // The last page carried no nextPageToken: nothing more, and Google is not asked again.
    expect(results(await searchPlaces({ ...search, offset: 23 }, deps()))).toEqual([]);
    expect(fake.requests).toHaveLength(4);
    for (const answer of fake.answers) expect(protoErrors("SearchTextResponse", answer)).toEqual([]);
  });

  it("keeps places with missing fields, as nulls and empty lists", async () => {
    fake.setPlaces([
      { id: "ChIJbare", displayName: { text: "Fonda Doña Chela" } },
      { id: "ChIJnoname" },
      makeGooglePlace(2, { nationalPhoneNumber: undefined, location: { latitude: 9.1 } }),
    ]);
    const list = results(await searchPlaces(search, deps()));
    expect(fake.answers.every((a) => protoErrors("SearchTextResponse", a).length === 0)).toBe(true);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      place_id: "ChIJbare",
      name: "Fonda Doña Chela",
      address: null,
      phone: null,
      website: null,
      rating: null,
      opening_hours: [],
      opening_periods: null,
      types: [],
      reviews: [],
      latitude: null,
      longitude: null,
    });
    // The phone as the directory writes it; half a coordinate is no coordinate.
    expect(list[1]).toMatchObject({ phone: "+507 775-1234", latitude: null, longitude: null });
  });

  it("turns Google's error answers into Spanish messages", async () => {
    const cases: [number, string, string, string][] = [
      [400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", PLACES_MESSAGES.badKey],
      [403, "PERMISSION_DENIED", "Places API (New) has not been used in project 1 before.", PLACES_MESSAGES.badKey],
      [429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'SearchTextRequest'.", PLACES_MESSAGES.quota],
      [500, "INTERNAL", "Internal error encountered.", PLACES_MESSAGES.unavailable],
      [503, "UNAVAILABLE", "The service is currently unavailable.", PLACES_MESSAGES.unavailable],
      [400, "INVALID_ARGUMENT", "Invalid page token.", "Google rechazó la búsqueda (HTTP 400 INVALID_ARGUMENT)."],
    ];
    for (const [code, status, message, expected] of cases) {
      fake.setMode({ kind: "error", code, status, message });
      expect(await searchPlaces(search, deps())).toEqual({ error: expected });
    }
    for (const answer of fake.answers) expect(answer).toMatchObject({ error: { code: expect.any(Number), status: expect.any(String) } });
    // A wrong key reaches the real check of the fake.
    fake.setMode({ kind: "ok" });
    expect(await searchPlaces(search, { ...deps(), apiKey: "wrong" })).toEqual({ error: PLACES_MESSAGES.badKey });
  });

  it("answers malformed JSON, a timeout and an unreachable server with Spanish errors", async () => {
    fake.setMode({ kind: "malformed" });
    expect(await searchPlaces(search, deps())).toEqual({ error: PLACES_MESSAGES.unreadable });
    fake.setMode({ kind: "slow", ms: 2_000 });
    const started = Date.now();
    expect(await searchPlaces(search, { ...deps(), timeoutMs: 300 })).toEqual({ error: PLACES_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(PLACES_TIMEOUT_MS).toBe(10_000);
    expect(await searchPlaces(search, { ...deps(), base: "http://127.0.0.1:1" })).toEqual({ error: PLACES_MESSAGES.network });
  });

  it("says the search is not configured without an API key, and calls nobody", async () => {
    expect(await searchPlaces(search, { base: fake.url, apiKey: "" })).toEqual({ error: PLACES_MESSAGES.notConfigured });
    expect(fake.requests).toHaveLength(0);
  });

  it("mapPlace prefers the translated review text and falls back to the original", () => {
    const r = mapPlace({ id: "x", displayName: { text: "X" }, reviews: [{ originalText: { text: "Original" } }] });
    expect(r?.reviews).toEqual([{ author_name: "Anónimo", rating: null, text: "Original" }]);
  });
});

describe("approval defaults", () => {
  it("infers the province from real Panamanian address shapes", () => {
    const shapes: [string, string][] = [
      ["Av. 3a Este, David, Provincia de Chiriquí, Panamá", "chiriqui"],
      ["Calle Central, David, Chiriquí, Panamá", "chiriqui"],
      ["Santiago de Veraguas, Provincia de Veraguas, Panamá", "veraguas"],
      ["Calle 2da, Santiago, Veraguas, Panamá", "veraguas"],
      ["Calle 3, Bocas del Toro, Provincia de Bocas del Toro, Panamá", "bocas-del-toro"],
      ["Isla Colón, Bocas del Toro, Panamá", "bocas-del-toro"],
      ["Calle 50, Panamá, Provincia de Panamá, Panamá", "panama"],
      ["Vía España, Ciudad de Panamá, Panamá", "panama"],
      ["Av. Balboa, Panama City, Panama", "panama"],
      ["Calle Estudiante, La Chorrera, Provincia de Panamá Oeste, Panamá", "panama-oeste"],
      ["Av. Libertador, La Chorrera, Panamá", "panama-oeste"],
      ["Chitré, Herrera, Panamá", "herrera"],
      ["Las Tablas, Provincia de Los Santos, Panamá", "los-santos"],
    ];
    for (const [address, slug] of shapes) expect(inferProvince(address, "darien"), address).toBe(slug);
  });

  it("falls back to the searched province, then to panama", () => {
    expect(inferProvince("Panamá", "cocle")).toBe("cocle");
    expect(inferProvince(null, "colon")).toBe("colon");
    expect(approvalDefaults({ address: null, types: [] }, null)).toEqual({
      kind: "restaurant",
      provincia: "panama",
      categoria: "otro",
      industria: "construccion",
    });
  });

  it("infers the type and the industry from Google's types", () => {
    expect(inferKind(["seafood_restaurant", "food"])).toBe("restaurant");
    expect(inferKind(["cafe"])).toBe("restaurant");
    expect(inferKind(["lawyer", "point_of_interest"])).toBe("business");
    expect(inferIndustry(["beauty_salon", "establishment"])).toBe("belleza");
    expect(inferIndustry(["dentist"])).toBe("salud");
    expect(inferIndustry(["establishment"])).toBeNull();
    expect(approvalDefaults({ address: "David, Chiriquí, Panamá", types: ["lawyer"] }, "veraguas")).toEqual({
      kind: "business",
      provincia: "chiriqui",
      categoria: "otro",
      industria: "abogados",
    });
    expect(approvalDefaults({ address: "Panamá", types: ["point_of_interest"] }, "herrera")).toEqual({
      kind: "restaurant",
      provincia: "herrera",
      categoria: "otro",
      industria: "construccion",
    });
    // A supermarket sells food but is a shop; a hotel with a restaurant is a hotel.
    expect(inferKind(["supermarket", "grocery_store", "food", "store"])).toBe("business");
    expect(inferKind(["hotel", "lodging", "restaurant", "food"])).toBe("business");
    expect(inferKind(["restaurant", "food"])).toBe("restaurant");
  });

  it("maps Google's types to our restaurant categories and industries (the catalog's table)", () => {
    const seafood = ["restaurant", "food", "seafood_restaurant", "point_of_interest", "establishment"];
    expect(placeCategory(seafood)).toBe("mariscos");
    expect(approvalDefaults({ address: "David, Chiriquí, Panamá", types: seafood }, null)).toMatchObject({
      kind: "restaurant",
      categoria: "mariscos",
    });
    const cases: [string[], string | null, string][] = [
      [["steak_house", "restaurant"], null, "parrilla"],
      [["pizza_restaurant", "restaurant"], null, "comida-rapida"],
      [["coffee_shop", "cafe", "food"], null, "cafeteria"],
      [["ice_cream_shop", "food"], null, "postres"],
      [["vegan_restaurant"], null, "vegetariano"],
      [["latin_american_restaurant", "restaurant"], null, "comida-tradicional"],
      [["japanese_restaurant", "sushi_restaurant"], null, "internacional"],
      // A cuisine this table does not list yet is still international food.
      [["uzbek_restaurant", "restaurant"], null, "internacional"],
      // A restaurant with a bar is a restaurant, unless the bar is what Google calls it first.
      [["bar", "seafood_restaurant", "restaurant"], null, "mariscos"],
      [["bar", "seafood_restaurant"], "bar", "bar"],
      [["wine_bar", "bar"], null, "bar"],
      [["restaurant", "food"], null, "otro"],
      [[], null, "otro"],
    ];
    for (const [types, primary, slug] of cases) expect(placeCategory(types, primary), types.join()).toBe(slug);
    expect(placeIndustry(["hair_salon", "beauty_salon"])).toBe("belleza");
    expect(placeIndustry(["hotel", "lodging"])).toBe("turismo");
    expect(placeIndustry(["electrician"])).toBe("construccion");
    expect(placeIndustry(["point_of_interest"])).toBeNull();
  });
});

describe("imported values in the directory's own shape", () => {
  it("writes phones as +507 with a hyphen", () => {
    expect(formatPhone("6000-0001")).toBe("+507 6000-0001");
    expect(formatPhone("+507 6000-0001")).toBe("+507 6000-0001");
    expect(formatPhone("60000001")).toBe("+507 6000-0001");
    expect(formatPhone("775-1234")).toBe("+507 775-1234");
    expect(formatPhone(" +1 305-555-0100 ")).toBe("+1 305-555-0100");
    expect(formatPhone("")).toBeNull();
  });

  it("writes weekly periods as the directory's one-line hours", () => {
    const day = (d: number, open: number, close: number, closeDay = d) => ({
      open: { day: d, hour: open, minute: 0 },
      close: { day: closeDay, hour: close, minute: 0 },
    });
    expect(horarioOf([1, 2, 3, 4, 5, 6, 0].map((d) => day(d, 7, 21)))).toBe("Todos los días 7:00-21:00");
    expect(horarioOf([1, 2, 3, 4, 5].map((d) => day(d, 8, 17)).concat(day(6, 8, 12)))).toBe("Lun-Vie 8:00-17:00, Sáb 8:00-12:00");
    expect(horarioOf([2, 3, 4, 5, 6, 0].flatMap((d) => [day(d, 11, 15), day(d, 18, 22)]))).toBe("Mar-Dom 11:00-15:00 y 18:00-22:00");
    expect(horarioOf([{ open: { day: 0, hour: 0, minute: 0 } }])).toBe("Abierto 24 horas");
    expect(horarioOf([])).toBeNull();
    expect(horarioOf(null)).toBeNull();
  });
});
