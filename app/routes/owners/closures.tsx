/**
 * /mi-negocio/:tipo/:id/cierres: a manager says when the listing is closed besides its weekly hours:
 * on Panama's national holidays (one switch) and on chosen days (one, or up to 31 in a row, with an
 * optional reason). 'Abierto ahora' and the cards honour both at once (decision 095). Anyone who does
 * not manage the listing learns nothing of it (requireManager, before it is read).
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { eq } from "drizzle-orm";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/closures";
import { dayLabel, holidayName, nextHolidays, panamaToday } from "~/catalog/holidays";
import { KIND_SINGULARS, kindOfSingular, LISTING_KINDS, type KindSingular, type ListingKind } from "~/catalog/listing-kinds";
import { ClosuresList, HolidaysSwitch } from "~/components/owners/closures-parts";
import { FormError } from "~/components/admin/form-parts";
import { Icon } from "~/components/icons/icon";
import { OwnerCard, OwnerFrame } from "~/components/owners/owner-frame";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { errorPage, PAGE_NOT_FOUND } from "~/lib/error-page";
import { seo } from "~/lib/meta";
import { isUuid } from "~/lib/uuid";
import { CLOSURE_LIMITS, closureAddSchema, closureDays, closureRemoveSchema, holidaysSwitchSchema } from "~/schemas/owner-closures";
import { refused, submissionOf } from "~/server/http/forms.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { LISTING_GONE } from "~/server/models/listing-admin.server";
import { addClosures, closuresFrom, removeClosure, setClosesOnHolidays } from "~/server/models/listing-closures.server";
import { tableOf } from "~/server/models/listing-tables.server";
import { db } from "~/server/platform/db.server";
import { requireManager } from "~/server/owners/guards.server";

/** How many national holidays the page lists ahead. */
const HOLIDAYS_SHOWN = 6;

/** The kind the path names and a well-formed id; anything else is a 404. */
function listingOf(params: { tipo: string; id: string }): { kind: ListingKind; id: string } {
  if (!(KIND_SINGULARS as readonly string[]).includes(params.tipo) || !isUuid(params.id)) throw errorPage(404, PAGE_NOT_FOUND);
  return { kind: kindOfSingular(params.tipo as KindSingular), id: params.id };
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData: d }) =>
  seo(matches, {
    title: d ? `Cierres y feriados · ${d.nombre}` : "Cierres y feriados",
    description: "Los días en que tu negocio cierra.",
    path: `/mi-negocio/${params.tipo}/${params.id}/cierres`,
    noindex: true,
  });

async function listingRow(kind: ListingKind, id: string) {
  const table = tableOf(kind);
  const [row] = await db.select({ nombre: table.nombre, closes: table.closes_on_holidays }).from(table).where(eq(table.id, id)).limit(1);
  return row;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kind, id } = listingOf(params);
  await requireManager(request, kind, id);
  const row = await listingRow(kind, id);
  if (!row) throw await redirectWithToast("/mi-negocio", { type: "error", title: LISTING_GONE });
  const today = panamaToday();
  const holidays = nextHolidays(today, HOLIDAYS_SHOWN).map((h) => ({
    day: h.day,
    label: dayLabel(h.day, Number(today.slice(0, 4))),
    name: holidayName(h),
  }));
  const closures = (await closuresFrom(kind, id, today)).map((c) => ({
    ...c,
    label: `${c.day === today ? "Hoy, " : ""}${dayLabel(c.day, Number(today.slice(0, 4)))}`,
  }));
  return { kind, id, nombre: row.nombre, closesOnHolidays: row.closes, holidays, closures, today };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kind, id } = listingOf(params);
  const { user } = await requireManager(request, kind, id);
  const here = `/mi-negocio/${params.tipo}/${params.id}/cierres`;
  const actor = { id: user.id, email: user.email };
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!(await listingRow(kind, id))) throw await redirectWithToast("/mi-negocio", { type: "error", title: LISTING_GONE });
  if (intent === "holidays") {
    const submission = submissionOf(form, holidaysSwitchSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    await setClosesOnHolidays(kind, id, submission.value.cierra_feriados, actor);
    return redirectWithToast(here, {
      type: "success",
      title: submission.value.cierra_feriados ? "Cerrado los feriados nacionales" : "Abierto los feriados nacionales",
      description: "Ya se ve en tu ficha y en «abierto ahora».",
    });
  }
  if (intent === "remove") {
    const submission = submissionOf(form, closureRemoveSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    const removed = await removeClosure(kind, id, submission.value.dia, actor);
    return redirectWithToast(
      here,
      removed ? { type: "success", title: "Cierre eliminado" } : { type: "info", title: "Ese cierre ya no estaba programado" },
    );
  }
  const submission = submissionOf(form, closureAddSchema);
  if (submission.status !== "success") return refused(submission, { intent: "add" });
  const { desde, hasta, motivo } = submission.value;
  const days = closureDays(desde, hasta);
  await addClosures(kind, id, days, motivo, actor);
  return redirectWithToast(here, {
    type: "success",
    title: days.length === 1 ? "Cierre añadido" : `Cierre de ${days.length} días añadido`,
    description: "Ese día tu ficha dice «Cerrado hoy» y no sale en «abierto ahora».",
  });
}

export default function ClosuresPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, nombre } = loaderData;
  const tipo = LISTING_KINDS[kind].singular;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useSchemaForm(closureAddSchema, {
    id: "cierre-nuevo",
    lastResult: actionData?.intent === "add" ? (actionData.result as never) : null,
  });
  return (
    <OwnerFrame
      title="Cierres y feriados"
      intro={
        <>
          <span className="font-semibold text-ocean-950 wrap-anywhere">{nombre}</span>: los días en que cierras aunque tu horario diga que
          abres. Tu ficha lo muestra y no sales en «abierto ahora» esos días.
        </>
      }
    >
      <Link
        to={`/mi-negocio/${tipo}/${id}`}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-700 hover:underline"
      >
        <Icon name="arrow-left" aria-hidden className="size-4" /> Volver a mi negocio
      </Link>

      <OwnerCard title="Feriados nacionales">
        <HolidaysSwitch checked={loaderData.closesOnHolidays} holidays={loaderData.holidays} busy={pendingIntent === "holidays"} />
      </OwnerCard>

      <OwnerCard title="Añadir un cierre">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <FormError message={form.errors?.[0]} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Desde *" {...getInputProps(fields.desde, { type: "date" })} min={loaderData.today} errors={fields.desde.errors} />
            <Field
              label="Hasta (opcional)"
              {...getInputProps(fields.hasta, { type: "date" })}
              min={loaderData.today}
              hint={`Vacío: cierras solo ese día. Hasta ${CLOSURE_LIMITS.days} días seguidos.`}
              errors={fields.hasta.errors}
            />
          </div>
          <Field
            label="Motivo (opcional)"
            {...getInputProps(fields.motivo, { type: "text" })}
            maxLength={CLOSURE_LIMITS.reason}
            placeholder="Vacaciones del personal, inventario, remodelación…"
            hint="Tus clientes lo leen en tu ficha."
            errors={fields.motivo.errors}
          />
          <Button type="submit" disabled={pendingIntent === "add"} className="w-full sm:w-auto">
            <Icon name="plus" aria-hidden className="size-4" /> {pendingIntent === "add" ? "Procesando..." : "Añadir cierre"}
          </Button>
        </Form>
      </OwnerCard>

      <OwnerCard title="Próximos cierres">
        <ClosuresList
          closures={loaderData.closures}
          removing={pendingIntent === "remove" ? String(navigation.formData?.get("dia")) : null}
        />
      </OwnerCard>
    </OwnerFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
