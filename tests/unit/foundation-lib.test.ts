import { describe, expect, it } from "vitest";
import { parseEnv, EnvError } from "~/server/platform/env.server";
import { formatDate, formatPrice, formatRating, truncateText } from "~/lib/format";
import { completeWebAddress, isWebAddress } from "~/lib/safe-url";
import { reviewPreview } from "~/components/admin/listing-card";
import { nextFreeSlug, slugify } from "~/lib/slugify";
import { loginSchema, signupSchema, profileSchema } from "~/schemas/auth";
import { parseFormData } from "~/lib/conform";
import { defaultFullName } from "~/server/models/profiles.server";

describe("slugify", () => {
  it("transliterates Spanish and joins words with hyphens", () => {
    for (const [title, slug] of [
      ["Gastronomía panameña: 10 platos", "gastronomia-panamena-10-platos"],
      ["  ¡Café & Ñandú!  ", "cafe-y-nandu"],
      ["Über Pingüino", "uber-pinguino"],
      ["!!!", ""],
    ]) {
      expect(slugify(title), title).toBe(slug);
    }
  });
  it("cuts long slugs at a word boundary", () => {
    const s = slugify("palabra ".repeat(40), 30);
    expect(s.length).toBeLessThanOrEqual(30);
    expect(s.endsWith("-")).toBe(false);
  });
  it("adds the first free numeric suffix", () => {
    expect(nextFreeSlug("cafe", [])).toBe("cafe");
    expect(nextFreeSlug("cafe", ["cafe", "cafe-2", "cafe-4"])).toBe("cafe-3");
  });
});

describe("es-PA formatting", () => {
  it("formats dates, prices and ratings", () => {
    expect(formatDate("2026-03-05T15:00:00Z")).toBe("5 de marzo de 2026");
    expect(formatPrice(1299)).toBe("$1,299");
    expect(formatPrice(9.99)).toBe("$9.99");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(null)).toBe("");
  });
});

describe("environment schema", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.embedded).toBe(true);
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect([env.DB_POOL_MAX, env.DB_POOL_TIMEOUT_MS, env.DB_STATEMENT_TIMEOUT_MS]).toEqual([10, 5000, 10_000]);
  });
  it("turns verification on with SMTP and reads flags", () => {
    expect(parseEnv({ SMTP_URL: "smtp://mail.test:25" }).REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(parseEnv({ SMTP_URL: "smtp://mail.test:25", REQUIRE_EMAIL_VERIFICATION: "0" }).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db" }).embedded).toBe(false);
  });
  it("stops with a clear message on a bad value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ OWNER_EMAIL: "no-es-email" })).toThrow(/OWNER_EMAIL/);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" })).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: "-1" })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
  it("refuses several processes on the embedded database", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      new EnvError("WEB_CONCURRENCY=2 necesita PostgreSQL: define DATABASE_URL (la base embebida admite un solo proceso)."),
    );
    expect(parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://u@h/db" }).WEB_CONCURRENCY).toBe(2);
  });
});

describe("account form schemas", () => {
  it("requires e-mail and password to sign in, and the full name to sign up", () => {
    const r = parseFormData(new URLSearchParams({ email: "", password: "" }), loginSchema);
    expect(r.status).toBe("error");
    const errors = r.reply().error!;
    expect(errors.email).toContain("El email es obligatorio");
    expect(errors.password).toContain("La contraseña es obligatoria");
    const s = parseFormData(new URLSearchParams({ email: "a@b.pa", password: "12345678" }), signupSchema);
    expect(s.reply().error!.full_name).toContain("El nombre completo es obligatorio");
  });
  it("rejects malformed e-mails, short passwords and overlong names", () => {
    const errors = parseFormData(
      new URLSearchParams({ full_name: "x".repeat(10_000), email: "nope", password: "123" }),
      signupSchema,
    ).reply().error!;
    expect(errors.email).toContain("Ingresa un email válido");
    expect(errors.password?.[0]).toMatch(/al menos 8 caracteres/);
    expect(errors.full_name?.[0]).toMatch(/demasiado largo/);
  });
  it("accepts accents and trims", () => {
    expect(profileSchema.parse({ full_name: "  José Ñúñez ", email: " JOSE@EJEMPLO.PA " })).toEqual({
      full_name: "José Ñúñez",
      email: "JOSE@EJEMPLO.PA",
    });
  });
});

describe("profile full_name fallback", () => {
  it("uses the name, else the e-mail's local part, else empty", () => {
    expect(defaultFullName({ id: "1", name: "Ana", email: "a@b.pa" })).toBe("Ana");
    expect(defaultFullName({ id: "1", name: " ", email: "ana.perez@b.pa" })).toBe("ana.perez");
    expect(defaultFullName({ id: "1", name: null, email: null })).toBe("");
  });
});

describe("review previews", () => {
  // A demo review whose 100th character is the full stop after 'Las Tablas'.
  const review =
    "Comida casera de verdad. Pedí sancocho de gallina y me recordó la cocina de mi abuela en Las Tablas. Porciones generosas y precio justo. — Ana";
  it("adds no ellipsis after a cut that ends a sentence (never 'Las Tablas.…')", () => {
    expect(reviewPreview(review)).toBe(
      "Comida casera de verdad. Pedí sancocho de gallina y me recordó la cocina de mi abuela en Las Tablas.",
    );
    expect(truncateText("Muy buena atención en Las Tablas. Volveremos pronto.", 33)).toBe("Muy buena atención en Las Tablas.");
    expect(truncateText("Excelente servicio... Volveremos", 21)).toBe("Excelente servicio...");
    expect(truncateText("¡Qué rico! Todo muy bien", 10)).toBe("¡Qué rico!");
    expect(truncateText("«Lo mejor.» Sin duda", 11)).toBe("«Lo mejor.»");
  });
  it("cuts at a whole word, without a dangling comma, and adds one ellipsis", () => {
    expect(truncateText("Comida rica, buen precio y atención rápida", 12)).toBe("Comida rica…");
    expect(truncateText("Comida rica, buen precio", 17)).toBe("Comida rica, buen…");
    expect(truncateText("Supercalifragilístico espialidoso", 10)).toBe("Supercalif…");
  });
  it("leaves a short text whole and gives null for none", () => {
    expect(truncateText("  Muy bueno.  ", 100)).toBe("Muy bueno.");
    expect(truncateText("   ", 100)).toBeNull();
    expect(reviewPreview(null)).toBeNull();
  });
});

describe("web addresses typed without https://", () => {
  it("completes them to https://", () => {
    expect(completeWebAddress("www.ejemplo.com")).toBe("https://www.ejemplo.com");
    expect(completeWebAddress(" ejemplo.com/menu ")).toBe("https://ejemplo.com/menu");
    expect(completeWebAddress("ejemplo.com:8080/carta")).toBe("https://ejemplo.com:8080/carta");
    expect(completeWebAddress("//cdn.ejemplo.com/a.jpg")).toBe("https://cdn.ejemplo.com/a.jpg");
    expect(completeWebAddress("HTTPS://Ejemplo.com")).toBe("HTTPS://Ejemplo.com");
    expect(completeWebAddress("http://ejemplo.com")).toBe("http://ejemplo.com");
  });
  it("leaves other schemes as typed, for the check to refuse", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,hola", "mailto:ana@ejemplo.com", "ftp://ejemplo.com/a"]) {
      expect(completeWebAddress(bad)).toBe(bad);
      expect(isWebAddress(completeWebAddress(bad))).toBe(false);
    }
  });
  it("accepts named hosts only", () => {
    expect(isWebAddress("https://www.ejemplo.com")).toBe(true);
    expect(isWebAddress("https://xn--panam-yra.com/ñandú")).toBe(true);
    for (const bad of [
      "https://ejemplo",
      "https://localhost:3000",
      "https://mi sitio.com",
      "https://.com",
      "https://1.2.3.4/",
      "no es url",
    ]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });
});
