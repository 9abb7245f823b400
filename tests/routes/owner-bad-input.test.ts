/**
 * Bad input as people send it: «Mi negocio», a member's submission and the admin's form refuse a
 * phone customers could not call («abc», «12») in Spanish, keeping what was typed, and still take
 * the ways people write a real one; a listing
 * submitted twice at once (a double click without JavaScript) is one request for the admins, and
 * two people sending the same name at once both get theirs (never a 500 over the taken address).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "~/db/schema";
import * as listingForm from "~/routes/admin/listing-form";
import * as mineListing from "~/routes/owners/mine-listing";
import * as submit from "~/routes/owners/submit";
import { PHONE_INVALID } from "~/schemas/admin";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import { makeBusiness, makeUser } from "../setup/factories";
import { call, formRequest } from "../setup/route";

describe("the phone in «Mi negocio»", () => {
  it("is refused without a number's digits and saved when it has them", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const listing = await makeBusiness({ telefono: "+507 225-0000" });
    await addManager({ kind: "business", listingId: listing.id, userId: user.id, source: "assignment" });
    const save = (telefono: string) =>
      call(
        mineListing.action,
        formRequest(
          `/mi-negocio/negocio/${listing.id}`,
          {
            nombre: listing.nombre,
            provincia: listing.provincia,
            industria: listing.industria,
            direccion: "Vía España",
            descripcion: "Algo",
            telefono,
          },
          user.cookie,
        ),
        { params: { tipo: "negocio", id: listing.id } },
      );
    const stored = async () => (await db.select({ t: businesses.telefono }).from(businesses).where(eq(businesses.id, listing.id)))[0]!.t;

    for (const bad of ["abc", "12", "tel: 60-00"]) {
      const res = await save(bad);
      expect(res.status, bad).toBe(400);
      expect(res.data.result.error.telefono).toEqual([PHONE_INVALID]);
      expect(res.data.result.initialValue.telefono).toBe(bad);
    }
    expect(await stored()).toBe("+507 225-0000");

    for (const good of ["225-1234", "+507 6000-0000", "6000-0000 ext. 12"]) {
      expect((await save(good)).status, good).toBe(302);
      expect(await stored()).toBe(good);
    }
    expect((await save("")).status).toBe(302);
    expect(await stored()).toBeNull();
  });
});

describe("the phone everywhere a listing is written", () => {
  it("a member's submission and the admin's form refuse it without a number's digits, keeping what was typed", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const admin = await makeUser({ signedIn: true, admin: true });
    const fields = {
      nombre: "Tienda Sin Teléfono",
      provincia: "panama",
      industria: "tiendas",
      direccion: "Calle 3",
      descripcion: "Tienda",
    };
    const sent = await call(
      submit.action as never,
      formRequest("/mi-negocio/nuevo?tipo=negocio", { ...fields, telefono: "abc" }, user.cookie),
    );
    expect(sent.status).toBe(400);
    expect(sent.data.result.error.telefono).toEqual([PHONE_INVALID]);
    expect(sent.data.result.initialValue).toMatchObject({ telefono: "abc", nombre: fields.nombre });
    expect(await db.select().from(businesses).where(eq(businesses.submitted_by, user.id))).toHaveLength(0);

    const created = await call(
      listingForm.action,
      formRequest("/admin/business/new", { ...fields, telefono: "12", is_active: "on" }, admin.cookie),
    );
    expect(created.status).toBe(400);
    expect(created.data.result.error.telefono).toEqual([PHONE_INVALID]);
    expect(created.data.result.initialValue.telefono).toBe("12");
    expect(
      (
        await call(
          listingForm.action,
          formRequest("/admin/business/new", { ...fields, telefono: "+507 225-0000", is_active: "on" }, admin.cookie),
        )
      ).status,
    ).toBe(302);
  });
});

describe("a submission sent twice", () => {
  it("makes one pending listing, and a different one still makes its own", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const fields = { nombre: "Doble Clic Tienda", provincia: "panama", industria: "tiendas", direccion: "Calle 1", descripcion: "Tienda" };
    const send = (over: Record<string, string> = {}) =>
      call(submit.action as never, formRequest("/mi-negocio/nuevo?tipo=negocio", { ...fields, ...over }, user.cookie));
    const results = await Promise.all([send(), send(), send({ nombre: "doble clic tienda" })]);
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    const mine = () => db.select({ nombre: businesses.nombre }).from(businesses).where(eq(businesses.submitted_by, user.id));
    expect(await mine()).toHaveLength(1);
    expect((await send({ nombre: "Doble Clic Tienda Norte" })).status).toBe(302);
    expect((await send({ provincia: "cocle" })).status).toBe(302);
    expect((await mine()).map((r) => r.nombre).sort()).toEqual(["Doble Clic Tienda", "Doble Clic Tienda", "Doble Clic Tienda Norte"]);
  });

  it("by two people at once under the same name: two requests, each with its own address, no error", async () => {
    const [ana, beto] = await Promise.all([makeUser({ signedIn: true, confirmed: true }), makeUser({ signedIn: true, confirmed: true })]);
    const fields = {
      nombre: "Mismo Nombre Ferretería",
      provincia: "colon",
      industria: "construccion",
      direccion: "Calle 2",
      descripcion: "Ferretería",
    };
    const sent = await Promise.all(
      [ana, beto].map((u) => call(submit.action as never, formRequest("/mi-negocio/nuevo?tipo=negocio", fields, u.cookie))),
    );
    expect(sent.map((r) => r.status)).toEqual([302, 302]);
    const rows = await db.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.nombre, fields.nombre));
    expect(new Set(rows.map((r) => r.slug)).size).toBe(2);
  });
});
