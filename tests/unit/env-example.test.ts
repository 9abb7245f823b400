/**
 * The configuration is documented once, in .env.example: every variable the server's environment
 * schema reads is there (commented out when it has a default), and nothing else is.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_KEYS } from "~/server/platform/env.server";

/** Set by npm and the test runner, not by an operator. */
const NOT_CONFIGURATION = new Set(["NODE_ENV"]);

describe(".env.example", () => {
  it("documents every variable the server reads, and only those", () => {
    const text = fs.readFileSync(".env.example", "utf8");
    const documented = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented.sort()).toEqual(ENV_KEYS.filter((k) => !NOT_CONFIGURATION.has(k)).sort());
  });

  it("explains each variable in a comment above it", () => {
    const lines = fs.readFileSync(".env.example", "utf8").split("\n");
    for (const [i, line] of lines.entries()) {
      if (!/^#? ?[A-Z][A-Z0-9_]*=/.test(line)) continue;
      // The comment may sit above a group of related variables ('SMTP_URL', then 'MAIL_FROM').
      const above = lines
        .slice(0, i)
        .reverse()
        .find((l) => !/^#? ?[A-Z][A-Z0-9_]*=/.test(l));
      expect(above?.startsWith("# "), line).toBe(true);
    }
  });
});
