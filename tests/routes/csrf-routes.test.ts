/**
 * The list of state-changing routes that tests/e2e/csrf.spec.ts forges requests to is complete: every
 * route of app/routes.ts whose module exports an `action` is in tests/fixtures/csrf-routes.ts, and
 * server.ts answers no other method than GET by itself (decision 064).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { CSRF_CASES } from "../fixtures/csrf-routes";

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };
const entriesOf = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...entriesOf(e.children ?? [])]);

describe("CSRF route list", () => {
  it("names every route with an action, and no route without one", async () => {
    const withAction: string[] = [];
    const all = entriesOf(routes as Entry[]);
    for (const entry of all) {
      const mod = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, "../../app", entry.file))) as { action?: unknown };
      if (typeof mod.action === "function") withAction.push(entry.path ?? "");
    }
    // The walk found the site, and the actions it is known to have.
    expect(all.length).toBeGreaterThan(40);
    expect(withAction).toEqual(expect.arrayContaining(["contact", "admin", "api/auth/*", "mcp", "api/stripe/webhook"]));

    const listed = new Set(CSRF_CASES.map((c) => c.route));
    expect(
      withAction.filter((r) => !listed.has(r)),
      "routes with an action missing from tests/fixtures/csrf-routes.ts",
    ).toEqual([]);
    expect(
      [...listed].filter((r) => !withAction.includes(r)),
      "routes in tests/fixtures/csrf-routes.ts without an action",
    ).toEqual([]);
  });

  it("server.ts has no endpoint of its own for a method other than GET: every other request goes to React Router", () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../server.ts"), "utf8");
    const handlers = [...source.matchAll(/\bapp\.(all|post|put|patch|delete|options|route)\s*\(\s*("[^"]*")?/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(handlers).toEqual(['all "/{*path}"']);
  });
});
