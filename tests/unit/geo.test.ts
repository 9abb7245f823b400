/**
 * Coordinates (app/lib/geo.ts): distances between real towns against an independent method,
 * Panama's box, the `cerca=lat,lng` parameter, Google Maps links and how distances read in Spanish.
 */
import { describe, expect, it } from "vitest";
import { formatKm } from "~/lib/format";
import { coordinatesFromMapsUrl, directionsUrl, distanceKm, inPanama, PANAMA_BOUNDS, parseLatLng } from "~/lib/geo";

const CIUDAD_DE_PANAMA = { lat: 8.9824, lng: -79.5199 };
const COLON = { lat: 9.3592, lng: -79.9014 };
const DAVID = { lat: 8.4273, lng: -82.4308 };
const BOQUETE = { lat: 8.7804, lng: -82.4413 };
const CHITRE = { lat: 7.9618, lng: -80.4289 };
const LAS_TABLAS = { lat: 7.7644, lng: -80.2756 };
const SANTIAGO = { lat: 8.1004, lng: -80.9833 };
const PENONOME = { lat: 8.5188, lng: -80.3573 };
const BOCAS = { lat: 9.3403, lng: -82.242 };
const METETI = { lat: 8.5, lng: -77.9667 };

describe("distanceKm", () => {
  // Geodesic distances on the WGS 84 ellipsoid by Vincenty's inverse formula, computed apart from
  // this code (a separate Python implementation). The haversine on a sphere of 6371.0088 km stays
  // within about 0.5 % of the ellipsoid at these latitudes, so 1 % is the tolerance.
  const cases: [string, { lat: number; lng: number }, { lat: number; lng: number }, number][] = [
    // By hand: 0.3768° north ≈ 41.9 km and 0.3815° west × cos 9.2° ≈ 41.9 km, so √2 × 41.9 ≈ 59 km.
    ["Ciudad de Panamá–Colón", CIUDAD_DE_PANAMA, COLON, 59.117],
    ["David–Boquete", DAVID, BOQUETE, 39.07],
    ["Chitré–Las Tablas", CHITRE, LAS_TABLAS, 27.612],
    ["Santiago–Penonomé", SANTIAGO, PENONOME, 83.046],
    ["Ciudad de Panamá–David", CIUDAD_DE_PANAMA, DAVID, 326.16],
    ["Bocas del Toro–Metetí", BOCAS, METETI, 479.296],
  ];

  it.each(cases)("%s is within 1%% of the geodesic distance", (_name, a, b, km) => {
    expect(Math.abs(distanceKm(a, b) - km) / km).toBeLessThan(0.01);
    expect(distanceKm(b, a)).toBeCloseTo(distanceKm(a, b), 9);
  });

  it("is zero at the same point and about 111 km per degree of latitude", () => {
    expect(distanceKm(CIUDAD_DE_PANAMA, CIUDAD_DE_PANAMA)).toBe(0);
    // One degree of a great circle on a sphere of radius 6371.0088 km: 2πR/360.
    expect(distanceKm({ lat: 8, lng: -80 }, { lat: 9, lng: -80 })).toBeCloseTo((2 * Math.PI * 6371.0088) / 360, 6);
    // A degree of longitude shrinks with the cosine of the latitude.
    expect(distanceKm({ lat: 9, lng: -80 }, { lat: 9, lng: -79 })).toBeCloseTo(111.195 * Math.cos((9 * Math.PI) / 180), 1);
  });
});

describe("inPanama", () => {
  it("holds Panama's box, edges included (the tables' check constraint)", () => {
    expect(PANAMA_BOUNDS).toEqual({ lat: [7.0, 9.8], lng: [-83.1, -77.1] });
    for (const town of [CIUDAD_DE_PANAMA, COLON, DAVID, BOCAS, METETI, CHITRE]) expect(inPanama(town.lat, town.lng)).toBe(true);
    expect(inPanama(7.0, -83.1)).toBe(true);
    expect(inPanama(9.8, -77.1)).toBe(true);
    expect(inPanama(6.99, -80)).toBe(false);
    expect(inPanama(9, -77.09)).toBe(false);
    expect(inPanama(9.9281, -84.0907)).toBe(false); // San José, Costa Rica
    expect(inPanama(4.711, -74.0721)).toBe(false); // Bogotá
    expect(inPanama(-79.52, 8.98)).toBe(false); // swapped
    expect(inPanama(Number.NaN, -80)).toBe(false);
  });
});

describe("parseLatLng", () => {
  it("reads two numbers, and nothing else", () => {
    expect(parseLatLng("8.98,-79.52")).toEqual({ lat: 8.98, lng: -79.52 });
    expect(parseLatLng("  8.983412 , -79.523001 ")).toEqual({ lat: 8.983412, lng: -79.523001 });
    expect(parseLatLng("+9,-80")).toEqual({ lat: 9, lng: -80 });
    for (const bad of ["8.98", "8.98,", ",-79.52", "8.98,-79.52,3", "hola,mundo", "8,98 -79,52", "1234,5", ""]) {
      expect(parseLatLng(bad), bad).toBeNull();
    }
  });
});

describe("coordinatesFromMapsUrl", () => {
  it("prefers the place's own coordinates (!3d…!4d…) to the map's centre", () => {
    expect(
      coordinatesFromMapsUrl(
        "https://www.google.com/maps/place/Fonda+La+Tinaja/@8.9831,-79.5201,17z/data=!3m1!4b1!4m6!3m5!1s0x8faca8f1:0x1!8m2!3d8.9834129!4d-79.5198765!16s%2Fg%2F11",
      ),
    ).toEqual({ lat: 8.9834129, lng: -79.5198765 });
  });

  it("reads the map's centre (@lat,lng,zoom)", () => {
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/@8.4273,-82.4308,15z")).toEqual({ lat: 8.4273, lng: -82.4308 });
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/@9.3403,-82.242")).toEqual({ lat: 9.3403, lng: -82.242 });
  });

  it("reads q=, query=, ll= and destination= with two numbers, encoded or not", () => {
    expect(coordinatesFromMapsUrl("https://maps.google.com/?q=8.98,-79.52")).toEqual({ lat: 8.98, lng: -79.52 });
    expect(coordinatesFromMapsUrl("https://maps.google.com/maps?z=17&q=8.98,-79.52&t=m")).toEqual({ lat: 8.98, lng: -79.52 });
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/search/?api=1&query=8.98%2C-79.52")).toEqual({ lat: 8.98, lng: -79.52 });
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/search/?api=1&query=7.9618,+-80.4289")).toEqual({
      lat: 7.9618,
      lng: -80.4289,
    });
    expect(coordinatesFromMapsUrl("https://maps.google.com/?ll=9.3592,-79.9014&z=14")).toEqual({ lat: 9.3592, lng: -79.9014 });
    // Our own directions link reads back.
    expect(coordinatesFromMapsUrl(directionsUrl({ lat: 8.5, lng: -77.9667 }))).toEqual({ lat: 8.5, lng: -77.9667 });
  });

  it("reads plain «lat, lng» pasted on its own", () => {
    expect(coordinatesFromMapsUrl("8.98, -79.52")).toEqual({ lat: 8.98, lng: -79.52 });
  });

  it("gives null when the link holds no coordinates", () => {
    for (const bad of [
      "https://maps.app.goo.gl/abc123", // a short link has to be opened first
      "https://www.google.com/maps/search/?api=1&query=Fonda+La+Tinaja%2C+Panam%C3%A1",
      "https://maps.google.com/?q=Calle+50",
      "hola",
      "",
      "%E0%A4%A", // broken percent-encoding
    ]) {
      expect(coordinatesFromMapsUrl(bad), bad).toBeNull();
    }
  });
});

describe("links and formatting", () => {
  it("links directions to six decimals, with no API key", () => {
    expect(directionsUrl({ lat: 8.983, lng: -79.523 })).toBe("https://www.google.com/maps/dir/?api=1&destination=8.983000,-79.523000");
  });

  it("writes distances the Spanish way, one decimal", () => {
    expect(formatKm(1.23)).toBe("1,2 km");
    expect(formatKm(0.05)).toBe("0,1 km");
    expect(formatKm(12)).toBe("12,0 km");
    expect(formatKm(4.96)).toBe("5,0 km");
  });
});
