/** /privacidad and /terminos: served, in the sitemap, and what the policy says of stored data matches the code's rules. */
import { describe, expect, it } from "vitest";
import { type LegalPage, PRIVACY, TERMS } from "~/catalog/legal";
import * as privacy from "~/routes/marketing/privacy";
import * as sitemap from "~/routes/seo/sitemap";
import * as terms from "~/routes/marketing/terms";
import { getAuth } from "~/server/accounts/auth.server";
import { toastHeader } from "~/server/http/toast.server";
import { call, ORIGIN } from "../setup/route";

const textOf = (page: LegalPage) =>
  page.sections
    .flatMap((s) => s.blocks.flatMap((b) => ("p" in b ? [b.p] : b.list.map((i) => [i.term ?? "", ...i.text]))))
    .flat()
    .map((part) => (typeof part === "string" ? part : part.label))
    .join(" ");

describe("the legal pages", () => {
  it("are served with their text and a readable date", async () => {
    const p = await call(privacy.loader, new Request(`${ORIGIN}/privacidad`));
    expect(p.data.page.title).toBe("Política de privacidad");
    expect(p.data.updatedText).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    const t = await call(terms.loader, new Request(`${ORIGIN}/terminos`));
    expect(t.data.page.title).toBe("Términos de uso");
  });

  it("are in the sitemap, dated by their text", async () => {
    const xml = (await call(sitemap.loader, new Request(`${ORIGIN}/sitemap.xml`))).data as string;
    for (const path of ["/privacidad", "/terminos"]) {
      expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}${path}</loc>\\s*<lastmod>${PRIVACY.updated}`));
    }
  });

  it("name the five Ley 81 rights and how to exercise them", () => {
    const text = textOf(PRIVACY);
    for (const right of ["Acceso", "Rectificación", "Cancelación", "Oposición", "Portabilidad"]) expect(text).toContain(right);
    expect(text).toContain("Ley 81 de 2019");
    expect(text).toContain("info@panamavipia.com");
    expect(text).toContain("formulario de contacto");
  });

  it("state the retention the code applies (sessions, e-mailed links, the flash cookie)", async () => {
    const options = getAuth().options;
    const text = textOf(PRIVACY);
    expect(options.session?.expiresIn).toBe(30 * 24 * 3600);
    expect(text).toContain("caduca 30 días después de tu última visita");
    expect(options.emailVerification?.expiresIn).toBe(24 * 3600);
    expect(text).toContain("confirmar tu email vale 24 horas");
    expect(options.emailAndPassword?.resetPasswordTokenExpiresIn).toBe(3600);
    expect(text).toContain("recuperar tu contraseña, 1 hora");
    expect(await toastHeader({ title: "x" })).toMatch(/Max-Age=60;/);
    expect(text).toContain("dura 60 segundos");
  });

  it("the terms state the premium price of the catalog", () => {
    expect(textOf(TERMS)).toContain("$9.99/mes");
  });
});
