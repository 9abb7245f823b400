import { describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { applyCachePolicy, PUBLIC_PAGE_CACHE } from "~/lib/cache-headers";

const req = (cookie?: string, method = "GET") => new Request("http://localhost/", { method, headers: cookie ? { cookie } : {} });

describe("cache policy", () => {
  it("keeps public caching only for anonymous GETs that set no cookie", () => {
    const h = new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE });
    applyCachePolicy(req(), h);
    expect(h.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    expect(h.get("Vary")).toContain("Cookie");
  });

  it("makes signed-in, flash-toast, cookie-setting and non-GET responses private", () => {
    const cases: [Request, Headers][] = [
      [req("better-auth.session_token=abc"), new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE })],
      [req("__Secure-better-auth.session_token=abc"), new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE })],
      [req("pv_toast=xyz"), new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE })],
      [req(), new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE, "Set-Cookie": "a=b" })],
      [req(undefined, "POST"), new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE })],
      [req(), new Headers()],
    ];
    for (const [r, h] of cases) {
      applyCachePolicy(r, h);
      expect(h.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("applies to single-fetch data responses too (a cached _root.data once replayed an old toast)", () => {
    const res = handleDataRequest(new Response("{}", { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } }), {
      request: req("better-auth.session_token=abc"),
    });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
