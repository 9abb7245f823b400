/** «Mi negocio»'s switch for the monthly visibility report: a form that works without JavaScript. */
import { Form } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

export function ReportSubscription({ receives }: { receives: boolean }) {
  return (
    <Card className="mt-8 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Icon name="mail" aria-hidden className="size-5 text-ocean-600" /> Informe mensual por email
        </h2>
        <p className="mt-1 text-muted">
          {receives
            ? "En los primeros días de cada mes te enviamos cuántas veces aparecieron tus negocios en las respuestas del directorio y qué hicieron después las personas."
            : "No recibes el informe mensual de visibilidad de tus negocios."}
        </p>
      </div>
      <Form method="post" action="/mi-negocio/informe-mensual" className="shrink-0">
        <input type="hidden" name="intent" value={receives ? "baja" : "alta"} />
        <Button type="submit" variant="outline" className="w-full sm:w-auto">
          {receives ? "Dejar de recibirlo" : "Volver a recibirlo"}
        </Button>
      </Form>
    </Card>
  );
}
