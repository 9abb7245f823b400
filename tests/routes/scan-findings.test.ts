/**
 * Regressions found by `npm run scan:security` (docs/security.md): each case is a request the
 * scanners sent that the app answered with a 500.
 */
import { describe, expect, it } from "vitest";
import * as authRoute from "~/routes/account/auth";
import { call, formRequest } from "../setup/route";

describe("sign-in redirectTo that cannot be a Location header", () => {
  it("signs in and goes to a same-site path, encoded, or home; never a 500", async () => {
    const id = Date.now().toString(36);
    const user = { full_name: "Ana Escaneo", email: `ana.escaneo.${id}@ejemplo.pa`, password: `clave-segura-${id}` };
    const up = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip: "198.51.100.77" });
    expect(up.status).toBe(302);

    const cases: [string, string][] = [
      // wapiti's file module: a path ending in NUL (the URL parser trims it; within, it is encoded).
      ["/etc/passwd\u0000", "/etc/passwd"],
      ["/e\u0000x", "/e%00x"],
      // Line breaks are dropped, as browsers drop them from URLs: no header can be injected.
      ["/perfil\r\nSet-Cookie: x=1", "/perfilSet-Cookie:%20x=1"],
      ["/blog/café?q=niño#sección", "/blog/caf%C3%A9?q=ni%C3%B1o#secci%C3%B3n"],
      ["/profile", "/profile"],
      // Other hosts, as a browser reads them.
      ["/\\evil.example/x", "/"],
      ["/\t/evil.example/x", "/"],
      ["//evil.example/x", "/"],
      ["https://evil.example/x", "/"],
    ];
    for (const [redirectTo, location] of cases) {
      const res = await call(
        authRoute.action,
        formRequest("/auth", { intent: "login", email: user.email, password: user.password, redirectTo }),
        {
          ip: "198.51.100.77",
        },
      );
      expect({ redirectTo, status: res.status, location: res.location }).toEqual({ redirectTo, status: 302, location });
    }
  });
});
