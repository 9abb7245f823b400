/**
 * The read API's manners on the production server, as an assistant calls it (plain HTTP): answers in
 * English when asked (idioma, Accept-Language), parameters it does not know ignored and named, and a
 * NUL in a parameter answered with the API's JSON 400, never the server's text page.
 */
import { expect, test } from "@playwright/test";

test("a NUL in q is the API's JSON 400 that names q; a NUL in the path its JSON 400 too", async ({ request }) => {
  const res = await request.get("/api/v1/buscar?q=caf%C3%A9%00");
  expect(res.status()).toBe(400);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({
    error: { codigo: "parametro_invalido", parametro: "q", mensaje: "El parámetro q contiene un carácter nulo (%00)." },
  });
  const path = await request.get("/api/v1/restaurantes/%00");
  expect(path.status()).toBe(400);
  expect((await path.json()).error.codigo).toBe("solicitud_invalida");
});

test("lang=en is ignored and named; idioma=en and Accept-Language answer with English labels", async ({ request }) => {
  const ignored = await request.get("/api/v1/buscar?q=ceviche&lang=en");
  expect(ignored.status()).toBe(200);
  const body = await ignored.json();
  expect(body.consulta.ignorados).toEqual(["lang"]);
  expect(body.consulta.idioma).toBe("es");
  expect(body.resultados[0].linea).toMatch(/^Marisquería en /);

  const english = await (await request.get("/api/v1/buscar?q=ceviche&idioma=en")).json();
  expect(english.consulta.idioma).toBe("en");
  expect(english.resultados[0].categoria.nombre).toBe("Seafood");
  expect(english.resultados[0].linea).toMatch(/^Seafood restaurant in /);

  const header = await request.get("/api/v1/buscar?q=ceviche", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
  expect(header.headers().vary).toContain("Accept-Language");
  expect((await header.json()).consulta.idioma).toBe("en");
});
