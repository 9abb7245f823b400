/**
 * Fuzzing the production server over raw HTTP (fast-check, seeded): hostile paths (bad
 * percent-encoding, NUL, encoded surrogates, dot segments, doubled slashes, very long), query
 * strings, methods, content types and bodies, at every route of app/routes.ts. Node's own client
 * sends the bytes as they are. No answer may be a server error, and every request is answered.
 *
 * The forms carry unknown field names only: a valid sign-in, contact message or reset request would
 * spend the per-IP limits that the other browser tests share (the route fuzz in
 * tests/routes/fuzz-actions.test.ts fills the real fields).
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import routes from "../../app/routes";
import { FUZZ_SEED, hostileKey, hostileString, segment, wellFormed } from "../fixtures/hostile-values";

type ConfigEntry = { path?: string; children?: ConfigEntry[] };
const flatten = (list: ConfigEntry[]): ConfigEntry[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const PATTERNS = flatten(routes as ConfigEntry[]).map((r) => `/${r.path ?? ""}`);

/** Bytes no encoder writes: broken escapes, encoded NUL and surrogates, overlong UTF-8, traversal. */
const RAW = ["%", "%z", "%zz", "%00", "%FF%FE", "%ED%A0%80", "%C0%AF", "%E0%A4%A", "..", "%2e%2e", "%2F", "//", ";x=1", "%20", "~", "@"];

const pathArb = fc
  .tuple(
    fc.constantFrom(...PATTERNS),
    fc.array(
      fc.oneof(
        hostileString.map((s) => segment(s.slice(0, 300))),
        fc.constantFrom(...RAW),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([pattern, pieces]) => {
    let i = 0;
    const filled = pattern.replace(/:(\w+)|\*/g, () => pieces[i++ % pieces.length]!);
    return i < pieces.length && pieces.length > 1 ? `${filled}/${pieces.slice(i).join("/")}` : filled;
  });

const queryArb = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("q", "page", "cursor", "tab", "provincia", "tipo", "redirectTo", "token", "cerca"), hostileKey),
      hostileString,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${segment(k)}=${segment(v.slice(0, 500))}`).join("&"));

const BOUNDARY = "----fuzz";
const bodyArb = fc.oneof(
  fc.record({
    type: fc.constant("application/x-www-form-urlencoded"),
    body: fc.tuple(queryArb, fc.constantFrom(...RAW)).map(([q, raw]) => `${q}&${raw}`),
  }),
  fc.record({
    type: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`),
    body: fc
      .tuple(hostileKey, hostileString, fc.boolean())
      .map(
        ([k, v, closed]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n${closed ? `--${BOUNDARY}--\r\n` : ""}`,
      ),
  }),
  fc.record({ type: fc.constant("multipart/form-data"), body: hostileString }),
  fc.record({
    type: fc.constant("application/json"),
    body: fc.oneof(
      hostileString,
      fc.jsonValue().map((v) => JSON.stringify(v)),
    ),
  }),
  fc.record({
    type: fc.constantFrom("text/plain", "application/xml", "", "application/x-www-form-urlencoded; charset=utf-16"),
    body: hostileString,
  }),
);

type Answer = { status: number };

/** One raw request; the path goes out byte for byte. */
function send(base: URL, method: string, path: string, headers: Record<string, string>, body: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a reused keep-alive socket the server just closed is no finding.
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers, timeout: 10_000, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
    if (body !== null) req.end(Buffer.from(wellFormed(body), "utf8"));
    else req.end();
  });
}

test("raw hostile requests at every route: always answered, never a server error", async () => {
  test.setTimeout(120_000);
  const base = new URL(String(test.info().project.use.baseURL));
  const origin = base.origin;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"),
      pathArb,
      fc.option(queryArb),
      bodyArb,
      fc.constantFrom<Record<string, string>>(
        { Origin: origin },
        {},
        { "Sec-Fetch-Site": "same-origin", Origin: origin },
        { Accept: "text/markdown" },
      ),
      async (method, path, query, { type, body }, extra) => {
        const target = query === null ? path : `${path}?${query}`;
        const withBody = method !== "GET" && method !== "HEAD";
        const headers: Record<string, string> = { ...extra };
        if (withBody && type) headers["Content-Type"] = type;
        let answer: Answer;
        try {
          answer = await send(base, method, target, headers, withBody ? body : null);
        } catch (error) {
          // Node's client refuses some paths itself (characters it will not send): nothing reached the server.
          if ((error as { code?: string }).code === "ERR_UNESCAPED_CHARACTERS") return;
          throw error;
        }
        const what = `${method} ${target.slice(0, 200)} ${headers["Content-Type"] ?? ""} ${withBody ? body.slice(0, 100) : ""}`;
        expect(answer.status, what).toBeGreaterThanOrEqual(200);
        // The premium checkout answers its Spanish 502 when the fake Stripe API is not up.
        if (!(answer.status === 502 && /^\/ai-solutions\/(amy|roger)/.test(path))) expect(answer.status, what).toBeLessThan(500);
      },
    ),
    { seed: FUZZ_SEED, numRuns: 150, endOnFailure: true },
  );
});
