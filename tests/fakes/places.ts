/**
 * A fake Places API (New) Text Search over real HTTP, for the tests: the app reaches it
 * through GOOGLE_PLACES_API_BASE. It answers in Google's JSON (pages with `nextPageToken`, errors in
 * Google's `{ error: { code, message, status } }` shape), records every request, and can be told to
 * fail, stall or answer garbage. Requests and answers are checked against `@googlemaps/places`'s
 * message definitions: a request Google would not understand is refused as Google refuses it (400).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fieldMaskErrors, protoErrors } from "./places-protos";

export const FAKE_PLACES_KEY = "fake-places-key";

export type FakePlace = Record<string, unknown> & { id: string };
export type FakePlacesMode =
  | { kind: "ok" }
  | { kind: "error"; code: number; status: string; message: string }
  | { kind: "slow"; ms: number }
  | { kind: "malformed" };
export type RecordedPlacesRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };

/** A realistic place in Google's format; `overrides` replace top-level fields. */
export function makeGooglePlace(n: number, overrides: Partial<FakePlace> = {}): FakePlace {
  return {
    id: `ChIJfake${String(n).padStart(4, "0")}`,
    displayName: { text: `Marisquería El Puerto ${n}`, languageCode: "es" },
    formattedAddress: "Av. 3a Este, David, Provincia de Chiriquí, Panamá",
    nationalPhoneNumber: "775-1234",
    internationalPhoneNumber: "+507 775-1234",
    websiteUri: `https://elpuerto${n}.example.com/`,
    rating: 4.4,
    userRatingCount: 128,
    types: ["seafood_restaurant", "restaurant", "food", "point_of_interest", "establishment"],
    primaryType: "seafood_restaurant",
    location: { latitude: 8.4273, longitude: -82.4308 },
    googleMapsUri: `https://maps.google.com/?cid=${1000 + n}`,
    regularOpeningHours: {
      openNow: true,
      periods: [1, 2, 3, 4, 5, 6].map((day) => ({ open: { day, hour: 11, minute: 0 }, close: { day, hour: 22, minute: 0 } })),
      weekdayDescriptions: [
        "lunes: 11:00–22:00",
        "martes: 11:00–22:00",
        "miércoles: 11:00–22:00",
        "jueves: 11:00–22:00",
        "viernes: 11:00–22:00",
        "sábado: 11:00–22:00",
        "domingo: Cerrado",
      ],
    },
    reviews: [
      {
        name: `places/ChIJfake${n}/reviews/a`,
        relativePublishTimeDescription: "hace un mes",
        rating: 5,
        text: { text: "Excelente pescado frito y patacones. ".repeat(6).trim(), languageCode: "es" },
        originalText: { text: "Excelente pescado frito y patacones.", languageCode: "es" },
        authorAttribution: { displayName: "María G.", uri: "https://www.google.com/maps/contrib/1", photoUri: "https://lh3.example/a.png" },
        publishTime: "2026-10-01T12:00:00Z",
      },
      {
        name: `places/ChIJfake${n}/reviews/b`,
        rating: 4,
        text: { text: "Buen servicio, algo lento los domingos.", languageCode: "es" },
        authorAttribution: { displayName: "José P." },
        publishTime: "2026-09-01T12:00:00Z",
      },
      {
        name: `places/ChIJfake${n}/reviews/c`,
        rating: 3,
        text: { text: "Normal.", languageCode: "es" },
        authorAttribution: { displayName: "Ana R." },
        publishTime: "2026-08-01T12:00:00Z",
      },
    ],
    ...overrides,
  };
}

export type FakePlaces = {
  url: string;
  requests: RecordedPlacesRequest[];
  /** Every answer sent, to be checked against the definitions. */
  answers: unknown[];
  /** The places a search answers, paged by the request's pageSize. */
  setPlaces(places: FakePlace[]): void;
  setMode(mode: FakePlacesMode): void;
  close(): Promise<void>;
};

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

export async function startFakePlaces(port = 0): Promise<FakePlaces> {
  let places: FakePlace[] = [];
  let mode: FakePlacesMode = { kind: "ok" };
  const requests: RecordedPlacesRequest[] = [];
  const answers: unknown[] = [];

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        answers.push(JSON.parse(text));
        res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
        res.end(text);
      };
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return send(400, googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || req.url !== "/v1/places:searchText") {
        return send(404, googleError(404, "NOT_FOUND", "Method not found."));
      }
      if (req.headers["x-goog-api-key"] !== FAKE_PLACES_KEY) {
        return send(400, googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key."));
      }
      const mask = String(req.headers["x-goog-fieldmask"] ?? "");
      const invalid = [
        ...(mask ? fieldMaskErrors(mask) : ["FieldMask is a required parameter."]),
        ...protoErrors("SearchTextRequest", body),
      ];
      if (invalid.length > 0) return send(400, googleError(400, "INVALID_ARGUMENT", invalid.join("; ")));

      if (mode.kind === "error") return send(mode.code, googleError(mode.code, mode.status, mode.message));
      if (mode.kind === "malformed") {
        res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
        return res.end('{"places": [{"id": "ChIJ');
      }
      const { pageSize = 20, pageToken } = body as { pageSize?: number; pageToken?: string };
      const start = pageToken ? Number(/^page-(\d+)$/.exec(pageToken)?.[1] ?? Number.NaN) : 0;
      if (Number.isNaN(start)) return send(400, googleError(400, "INVALID_ARGUMENT", "Invalid page token."));
      const size = Math.min(Math.max(pageSize, 1), 20);
      const page = places.slice(start, start + size);
      const answer: Record<string, unknown> = page.length > 0 ? { places: page } : {};
      if (start + size < places.length) answer.nextPageToken = `page-${start + size}`;
      if (mode.kind === "slow") {
        const timer = setTimeout(() => send(200, answer), mode.ms);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      send(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    answers,
    setPlaces(p) {
      places = p;
    },
    setMode(m) {
      mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
