/**
 * /admin/visibilidad: the whole directory's visibility over 30 or 90 days (answers, impressions by
 * channel and position, taps, AI referrals and crawlers), the questions that found nothing or little
 * (what to add to the directory) and the entries shown most without a paid plan, each linked to its
 * own view (decision 100).
 */
import { Link } from "react-router";
import type { Route } from "./+types/visibility";
import { panamaToday } from "~/catalog/holidays";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import {
  type VisibilityAction,
  VISIBILITY_CHANNEL_IDS,
  VISIBILITY_CHANNELS,
  VISIBILITY_FIGURES,
  visitSourceLabel,
} from "~/catalog/visibility";
import { AdminShell } from "~/components/admin/admin-shell";
import {
  ActionTiles,
  BarList,
  bandRows,
  channelRows,
  Explained,
  ImpressionsChart,
  longDay,
  PeriodSwitch,
  SmallTable,
  Stat,
} from "~/components/owners/visibility-view";
import { Card } from "~/components/ui/card";
import { formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { requireAdmin } from "~/server/accounts/guards.server";
import { directoryVisibility, lackingQuestions, periodOf, topUnpaid } from "~/server/models/visibility-views.server";

/** The taps of the whole directory, said of the listings rather than to their owner. */
const DIRECTORY_ACTIONS: Record<VisibilityAction, string> = {
  whatsapp: "Veces que alguien abrió WhatsApp para escribir a un negocio.",
  llamada: "Veces que alguien pulsó un teléfono para llamar.",
  direcciones: "Veces que alguien abrió el mapa para llegar a un negocio.",
  sitio_web: "Veces que alguien abrió el sitio web de un negocio desde el directorio.",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Visibilidad del directorio",
    description: "Cuánto muestra el directorio y qué falta.",
    path: "/admin/visibilidad",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = periodOf(new URL(request.url).searchParams.get("dias"));
  const today = panamaToday();
  const [directory, lacking, unpaid] = await Promise.all([
    directoryVisibility(period, today),
    lackingQuestions(period, today),
    topUnpaid(period),
  ]);
  return { directory, lacking, unpaid };
}

export default function AdminVisibility({ loaderData: { directory: d, lacking, unpaid } }: Route.ComponentProps) {
  const answers = VISIBILITY_CHANNEL_IDS.reduce((n, c) => n + d.answers[c], 0);
  const taps = Object.values(d.actions).reduce((a, b) => a + b, 0);
  const referrals = d.referrals.reduce((n, r) => n + r.count, 0);
  return (
    <AdminShell
      title="Visibilidad"
      intro={`Lo que el directorio mostró del ${longDay(d.from)} al ${longDay(d.to)}: respuestas, apariciones y lo que la gente hizo después.`}
      actions={<PeriodSwitch period={d.period} base="/admin/visibilidad" />}
    >
      <div className="space-y-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat icon="search-check" label="Respuestas" value={formatInteger(answers)} note="Búsquedas y consultas respondidas." />
          <Stat icon="eye" label={VISIBILITY_FIGURES.impressions.label} value={formatInteger(d.total)} note="Fichas mostradas en ellas." />
          <Stat icon="users" label="Acciones" value={formatInteger(taps)} note="WhatsApp, llamadas, mapa y web." />
          <Stat icon="bot" label="Desde asistentes" value={formatInteger(referrals)} note="Visitas que trajo una IA." />
        </div>

        <Card className="p-5 sm:p-6">
          <Explained title={VISIBILITY_FIGURES.chart.label} explain="Fichas mostradas cada día en todo el directorio, por canal.">
            <ImpressionsChart daily={d.daily} id="grafica-directorio" />
          </Explained>
        </Card>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="p-5 sm:p-6">
            <Explained title="Respuestas por canal" explain="Cada búsqueda, consulta o página de listado respondida cuenta una vez.">
              <BarList
                rows={VISIBILITY_CHANNEL_IDS.map((c) => ({ key: c, label: VISIBILITY_CHANNELS[c].label, value: d.answers[c] }))}
                total={answers}
              />
            </Explained>
          </Card>
          <Card className="space-y-6 p-5 sm:p-6">
            <Explained title="Apariciones por canal" explain="Cada ficha de cada respuesta cuenta una vez.">
              <BarList rows={channelRows(d.byChannel).map(({ explain: _e, ...r }) => r)} total={d.total} />
            </Explained>
            <Explained title="En qué puesto aparecen las fichas" explain="El puesto de las fichas en las respuestas.">
              <BarList rows={bandRows(d.byBand)} total={d.total} />
            </Explained>
          </Card>
        </div>

        <Card className="p-5 sm:p-6">
          <Explained
            title="Lo que buscan y no encuentran"
            explain="Preguntas que no hallaron ningún resultado o menos de tres, la más repetida primero: negocios que conviene sumar al directorio."
          >
            <SmallTable
              caption="Preguntas sin resultados o con pocos"
              head={["Pregunta", "Sin resultados", "Con pocos", "En total"]}
              rows={lacking.map((q) => ({
                key: q.question,
                cells: [`«${q.question}»`, formatInteger(q.empty), formatInteger(q.few), formatInteger(q.asked)],
              }))}
              empty="Ninguna pregunta se quedó sin respuesta en este periodo."
            />
          </Explained>
        </Card>

        <Card className="p-5 sm:p-6">
          <Explained
            title="Las más vistas sin plan de pago"
            explain="Fichas que más aparecieron hasta ayer y no tienen Starter Local ni Max Local: a quién ofrecerle un plan."
          >
            <SmallTable
              caption="Fichas más vistas sin plan de pago"
              head={["Ficha", "Plan", "Apariciones"]}
              rows={unpaid.map((e) => ({
                key: `${e.kind}:${e.id}`,
                cells: [
                  <span key="n" className="flex flex-col">
                    <Link
                      to={`/admin/visibilidad/${LISTING_KINDS[e.kind].singular}/${e.id}`}
                      className="font-semibold text-ocean-700 hover:underline"
                    >
                      {e.nombre}
                    </Link>
                    <span className="text-xs text-muted">
                      {LISTING_KINDS[e.kind].label} · {provinceLabel(e.provincia)}
                    </span>
                  </span>,
                  planLabel(e.plan),
                  formatInteger(e.impressions),
                ],
              }))}
              empty="Aún no hay fichas sin plan con apariciones (se calculan una vez al día)."
            />
          </Explained>
        </Card>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="p-5 sm:p-6">
            <Explained
              title={VISIBILITY_FIGURES.actions.label}
              explain="Toques en los botones de las fichas y tarjetas de todo el directorio."
            >
              <ActionTiles actions={d.actions} explain={DIRECTORY_ACTIONS} />
            </Explained>
          </Card>
          <Card className="space-y-6 p-5 sm:p-6">
            <Explained title="Visitas desde asistentes de IA" explain="Personas que llegaron al directorio desde un asistente.">
              <SmallTable
                caption="Visitas desde asistentes de IA"
                head={["Asistente", "Visitas"]}
                rows={d.referrals.map((r) => ({ key: r.source, cells: [visitSourceLabel(r.source), formatInteger(r.count)] }))}
                empty="Ninguna en este periodo."
              />
            </Explained>
            <Explained title="Lecturas de robots" explain="Robots de asistentes y buscadores que leyeron las fichas.">
              <SmallTable
                caption="Lecturas de robots"
                head={["Robot", "Veces"]}
                rows={d.crawlers.map((r) => ({ key: r.source, cells: [visitSourceLabel(r.source), formatInteger(r.count)] }))}
                empty="Ninguna en este periodo."
              />
            </Explained>
          </Card>
        </div>
      </div>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
