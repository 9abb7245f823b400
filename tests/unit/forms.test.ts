/**
 * Conform's Zod 4 adapter (@conform-to/zod/v4) with the project's schemas and zod 4.6: the Spanish
 * messages reach the reply unchanged, lists keep their whole paths, and the server's reading of a
 * submission refuses hostile input with a 400 (decision 045).
 */
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { parseFormData } from "~/lib/conform";
import { businessSchema, freePlanSchema, ownerSchema, restaurantSchema } from "~/schemas/admin";
import { loginSchema, resetPasswordSchema, signupSchema } from "~/schemas/auth";
import { apiTokenSchema, blogFormSchema } from "~/schemas/blog";
import { contactSchema } from "~/schemas/contact";
import { MAX_LIST_INDEX, submissionOf } from "~/server/http/forms.server";

const zodVersion = (createRequire(import.meta.url)("zod/package.json") as { version: string }).version;

/** The form a browser sends with these fields, in this order. */
const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};
const errorsOf = (schema: Parameters<typeof parseFormData>[1], fields: Record<string, string>) =>
  parseFormData(form(fields), schema).reply().error ?? {};

describe("the Zod 4 adapter with the project's schemas", () => {
  it("runs on the zod the project pins", () => {
    expect(zodVersion).toMatch(/^4\.6\./);
  });

  it("answers an empty form with each schema's own Spanish messages (no English type errors)", () => {
    expect(errorsOf(signupSchema, { full_name: "", email: "", password: "" })).toEqual({
      full_name: ["El nombre completo es obligatorio"],
      email: ["El email es obligatorio"],
      // One message for an empty password: it is missing, not also too short.
      password: ["La contraseña es obligatoria"],
    });
    expect(errorsOf(signupSchema, { password: "1234567" }).password).toEqual(["La contraseña debe tener al menos 8 caracteres"]);
    expect(errorsOf(resetPasswordSchema, { password: "" }).password).toEqual(["La contraseña es obligatoria"]);
    expect(errorsOf(resetPasswordSchema, { token: "", password: "12345678", confirm: "" })).toEqual({
      token: ["El enlace no es válido o ya expiró"],
      confirm: ["Las contraseñas no coinciden"],
    });
    expect(errorsOf(contactSchema, { name: "", email: "", phone: "", business: "", service: "", message: "" })).toEqual({
      name: ["El nombre es obligatorio"],
      email: ["El email es obligatorio"],
      message: ["El mensaje es obligatorio"],
    });
    expect(errorsOf(restaurantSchema, { nombre: "", direccion: "", provincia: "", rating: "", categoria: "" })).toEqual({
      nombre: ["El nombre es obligatorio"],
      direccion: ["La dirección es obligatoria"],
      provincia: ["La provincia es obligatoria"],
    });
    expect(errorsOf(businessSchema, { nombre: "N", descripcion: "", direccion: "D", provincia: "panama", industria: "" })).toEqual({
      descripcion: ["La descripción es obligatoria"],
      industria: ["La industria es obligatoria"],
    });
    expect(errorsOf(freePlanSchema, { email: "x", days_granted: "45" })).toEqual({
      email: ["Ingresa un email válido"],
      days_granted: ["Elige 30, 60 o 90 días"],
    });
    expect(errorsOf(ownerSchema, { email: "a@b.pa" })).toEqual({ business_id: ["Selecciona un negocio"] });
    expect(errorsOf(apiTokenSchema, { name: " " })).toEqual({ name: ["El nombre es obligatorio"] });
    expect(errorsOf(blogFormSchema, { title: "", excerpt: "", content: "", category: "", intent: "publish" })).toEqual({
      title: ["El título es obligatorio"],
      excerpt: ["El resumen es obligatorio"],
      content: ["El contenido es obligatorio"],
      category: ["Selecciona una categoría para publicar"],
    });
  });

  it("gives the parsed values the schemas' types (trimmed, empty -> null, checkbox -> boolean)", () => {
    const r = parseFormData(
      form({
        nombre: " Fonda ",
        direccion: "Calle 1",
        provincia: "colon",
        rating: "4,5",
        is_active: "on",
        "especialidades[0]": " Sancocho ",
      }),
      restaurantSchema,
    );
    expect(r.status).toBe("success");
    if (r.status !== "success") return;
    expect(r.value).toMatchObject({
      nombre: "Fonda",
      rating: 4.5,
      categoria: null,
      is_active: true,
      is_verified: false,
      especialidades: ["Sancocho"],
    });
  });

  it("keeps the whole path of an error inside a list", () => {
    const entries = { nombre: "N", direccion: "D", provincia: "panama" };
    expect(
      errorsOf(restaurantSchema, {
        ...entries,
        "especialidades[0]": "Sancocho",
        "especialidades[1]": "Ropa vieja",
        "especialidades[2]": "sancocho",
      }),
    ).toEqual({
      "especialidades[2]": ["La especialidad «sancocho» está repetida"],
    });
    expect(errorsOf(restaurantSchema, { ...entries, "especialidades[0]": "" })).toEqual({
      "especialidades[0]": ["Las especialidades no pueden estar vacías"],
    });
    expect(
      errorsOf(businessSchema, {
        ...entries,
        descripcion: "x",
        industria: "salud",
        "especialidades[0]": "Frenos",
        "especialidades[1]": "e".repeat(61),
      }),
    ).toEqual({
      "especialidades[1]": ["Cada especialidad admite como máximo 60 caracteres"],
    });
  });

  it("completes a web address typed without https:// in the browser's check as on the server", () => {
    const restaurant = { nombre: "Fonda", direccion: "Calle 50", provincia: "panama" };
    const ok = parseFormData(form({ ...restaurant, website_url: "www.ejemplo.com", maps_url: "maps.app.goo.gl/x1" }), restaurantSchema);
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && [ok.value.website_url, ok.value.maps_url]).toEqual([
      "https://www.ejemplo.com",
      "https://maps.app.goo.gl/x1",
    ]);
    expect(errorsOf(restaurantSchema, { ...restaurant, instagram_url: "javascript:alert(1)" })).toEqual({
      instagram_url: ["Instagram debe ser una URL válida, como www.ejemplo.com o https://ejemplo.com/menu"],
    });
    const blog = { title: "Título", excerpt: "Resumen", content: "<p>Hola</p>", category: "", intent: "draft" };
    const draft = parseFormData(form({ ...blog, image_url: "fotos.ejemplo.com/portada.jpg" }), blogFormSchema);
    expect(draft.status === "success" && draft.value.image_url).toBe("https://fotos.ejemplo.com/portada.jpg");
    expect(errorsOf(blogFormSchema, { ...blog, image_url: "data:image/png;base64,AAAA" })).toEqual({
      image_url: ["La URL de la imagen debe empezar con http:// o https://"],
    });
  });

  it("sends back what was typed, without the fields it is told to hide", () => {
    const reply = parseFormData(form({ email: "ana@ejemplo", password: "secreta" }), loginSchema).reply({ hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ email: "ana@ejemplo" });
  });
});

describe("reading a submission in an action", () => {
  const status = (fn: () => unknown) => {
    try {
      fn();
      return "ok";
    } catch (thrown) {
      return (thrown as { init?: { status?: number } }).init?.status;
    }
  };

  it("refuses list indexes past the limit before parsing (a sparse list would be walked entry by entry)", () => {
    expect(status(() => submissionOf(form({ "especialidades[99999999]": "x" }), restaurantSchema))).toBe(400);
    expect(status(() => submissionOf(form({ [`especialidades[${MAX_LIST_INDEX}]`]: "x" }), restaurantSchema))).toBe("ok");
  });

  it("answers a malformed list button with a 400", () => {
    expect(status(() => submissionOf(form({ __intent__: "{no es json" }), loginSchema))).toBe(400);
    expect(status(() => submissionOf(form({ __state__: "]" }), loginSchema))).toBe(400);
    const onText = JSON.stringify({ type: "insert", payload: { name: "email" } });
    expect(status(() => submissionOf(form({ email: "a@b.pa", __intent__: onText }), loginSchema))).toBe(400);
  });

  it("ignores names that would reach an object's prototype", () => {
    const s = submissionOf(form({ "__proto__[admin]": "1", "constructor.prototype": "1", email: "a@b.pa", password: "x" }), loginSchema);
    expect(s.status).toBe("success");
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
