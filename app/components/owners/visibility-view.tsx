/**
 * The visibility views' parts, drawn on the server and readable without JavaScript: the period
 * switch (links), the daily chart (an inline SVG whose every bar carries its figures, with the same
 * figures as a table), the totals by channel and position, and one entry's whole view, which the
 * owner's page and the admin's share.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  POSITION_BAND_IDS,
  POSITION_BANDS,
  type PositionBand,
  VISIBILITY_ACTION_IDS,
  VISIBILITY_ACTIONS,
  VISIBILITY_CHANNEL_IDS,
  VISIBILITY_CHANNELS,
  VISIBILITY_FIGURES,
  VISIT_SURFACES,
  type VisibilityAction,
  type VisibilityChannel,
  type VisitSurface,
  visitSourceLabel,
} from "~/catalog/visibility";
import { Icon, type IconName } from "~/components/icons/icon";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { formatInteger } from "~/lib/format";
import type { DailyImpressions, EntryVisibility, VisibilityPeriod } from "~/lib/visibility-figures";

/** Each channel's colour: its bars (fill) and its legend's swatch (bg). */
const CHANNEL_COLOURS: Record<VisibilityChannel, { fill: string; bg: string }> = {
  api: { fill: "fill-ocean-700", bg: "bg-ocean-700" },
  mcp: { fill: "fill-sun-500", bg: "bg-sun-500" },
  buscar: { fill: "fill-ocean-300", bg: "bg-ocean-300" },
  listado: { fill: "fill-emerald-600", bg: "bg-emerald-600" },
  ficha: { fill: "fill-slate-400", bg: "bg-slate-400" },
};

const dayFmt = new Intl.DateTimeFormat("es-PA", { day: "numeric", month: "short", timeZone: "UTC" });
const longDayFmt = new Intl.DateTimeFormat("es-PA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const percentFmt = new Intl.NumberFormat("es-PA", { style: "percent", maximumFractionDigits: 1 });
const positionFmt = new Intl.NumberFormat("es-PA", { maximumFractionDigits: 1 });
/** '14 nov.' of 'YYYY-MM-DD'. */
export const shortDay = (day: string) => dayFmt.format(new Date(`${day}T12:00:00Z`));
export const longDay = (day: string) => longDayFmt.format(new Date(`${day}T12:00:00Z`));
export const formatShare = (share: number) => percentFmt.format(share);

/** Two links, 30 and 90 days: a plain link each, so it works without JavaScript. */
export function PeriodSwitch({ period, base }: { period: VisibilityPeriod; base: string }) {
  return (
    <nav aria-label="Periodo" className="inline-flex rounded-full bg-ocean-50 p-1 ring-1 ring-ocean-100">
      {([30, 90] as const).map((days) => (
        <Link
          key={days}
          to={days === 30 ? base : `${base}?dias=90`}
          aria-current={days === period ? "page" : undefined}
          className={cn(
            "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold transition-colors",
            days === period ? "bg-white text-ocean-900 shadow-sm ring-1 ring-ocean-200" : "text-ocean-800 hover:bg-white/70",
          )}
        >
          Últimos {days} días
        </Link>
      ))}
    </nav>
  );
}

/** A round top for the chart's scale: 1, 2 or 5 times a power of ten, at least the highest day. */
function niceMax(n: number): number {
  if (n <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].find((m) => m * power >= n) ?? 10) * power;
}

const BAR = 10;
const HEIGHT = 100;

/**
 * The impressions of each day, stacked by channel. The SVG stretches to its box (its text is HTML
 * around it, so nothing is distorted); each bar has `data-day`, `data-channel` and `data-count` and a
 * tooltip, and the table under it holds the same figures for screen readers and for reading.
 */
export function ImpressionsChart({ daily, id }: { daily: DailyImpressions[]; id: string }) {
  const totals = daily.map((d) => VISIBILITY_CHANNEL_IDS.reduce((n, c) => n + d[c], 0));
  const top = niceMax(Math.max(0, ...totals));
  const first = daily[0]?.day ?? "";
  const last = daily.at(-1)?.day ?? "";
  const middle = daily[Math.floor(daily.length / 2)]?.day ?? "";
  const sum = totals.reduce((a, b) => a + b, 0);
  return (
    <figure className="space-y-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-label="Canales">
        {VISIBILITY_CHANNEL_IDS.map((c) => (
          <li key={c} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={cn("size-3 rounded-sm", CHANNEL_COLOURS[c].bg)} /> {VISIBILITY_CHANNELS[c].label}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div aria-hidden className="flex h-48 flex-col justify-between text-right text-xs text-muted tabular-nums">
          <span className="-mt-2">{formatInteger(top)}</span>
          <span>{formatInteger(top / 2)}</span>
          <span className="-mb-2">0</span>
        </div>
        <svg
          viewBox={`0 0 ${daily.length * BAR} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-48 w-full overflow-visible border-b border-l border-ocean-200"
          role="img"
          aria-labelledby={`${id}-title`}
          data-chart="impresiones"
        >
          <title id={`${id}-title`}>
            {`Apariciones por día del ${longDay(first)} al ${longDay(last)}: ${formatInteger(sum)} en total. Las cifras están en la tabla de abajo.`}
          </title>
          {[0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={daily.length * BAR}
              y1={HEIGHT - f * HEIGHT}
              y2={HEIGHT - f * HEIGHT}
              className="stroke-ocean-100"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {daily.map((d, i) => {
            let y = HEIGHT;
            return (
              <g key={d.day}>
                {VISIBILITY_CHANNEL_IDS.filter((c) => d[c] > 0).map((c) => {
                  const h = (d[c] / top) * HEIGHT;
                  y -= h;
                  return (
                    <rect
                      key={c}
                      x={i * BAR + 1.5}
                      y={y}
                      width={BAR - 3}
                      height={h}
                      className={CHANNEL_COLOURS[c].fill}
                      data-day={d.day}
                      data-channel={c}
                      data-count={d[c]}
                    >
                      <title>{`${shortDay(d.day)}: ${formatInteger(d[c])} en ${VISIBILITY_CHANNELS[c].label}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
        <div aria-hidden className="col-start-2 mt-1 flex justify-between text-xs text-muted">
          <span>{shortDay(first)}</span>
          <span>{shortDay(middle)}</span>
          <span>{shortDay(last)}</span>
        </div>
      </div>
      <details className="group rounded-xl border border-ocean-100 bg-ocean-50/40">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 text-sm font-semibold text-ocean-800">
          <Icon name="chevron-right" aria-hidden className="size-4 transition-transform group-open:rotate-90" /> Ver las cifras por día
        </summary>
        <div className="max-h-96 overflow-auto border-t border-ocean-100">
          <table className="w-full min-w-[40rem] text-sm tabular-nums" data-table="impresiones">
            <caption className="sr-only">Apariciones por día y canal</caption>
            <thead className="sticky top-0 bg-white text-left text-xs text-muted">
              <tr>
                <th scope="col" className="sticky left-0 bg-white px-3 py-2 font-semibold">
                  Día
                </th>
                {VISIBILITY_CHANNEL_IDS.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                    {VISIBILITY_CHANNELS[c].label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d, i) => (
                <tr key={d.day} className="border-t border-ocean-50" data-day={d.day}>
                  <th scope="row" className="sticky left-0 bg-white px-3 py-1.5 text-left font-medium whitespace-nowrap">
                    {shortDay(d.day)}
                  </th>
                  {VISIBILITY_CHANNEL_IDS.map((c) => (
                    <td key={c} className="px-3 py-1.5 text-right" data-channel={c}>
                      {formatInteger(d[c])}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right font-semibold">{formatInteger(totals[i]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A figure's heading with its plain explanation under it. */
export function Explained({ title, explain, children }: { title: string; explain: string; children?: ReactNode }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-ocean-950">{title}</h2>
      <p className="mt-0.5 text-sm text-muted">{explain}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

/** A big number with its label, and a line of explanation. */
export function Stat({ icon, label, value, note }: { icon: IconName; label: string; value: string; note?: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="flex items-center gap-2 text-sm leading-tight font-semibold text-ocean-800">
        <Icon name={icon} aria-hidden className="size-4 text-ocean-600" /> {label}
      </p>
      <p className="mt-1 text-2xl font-extrabold text-ocean-950 tabular-nums sm:text-3xl">{value}</p>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
    </Card>
  );
}

/** Rows with a label, an explanation, a proportional bar and a figure. */
export function BarList({ rows, total }: { rows: { key: string; label: string; explain?: string; value: number }[]; total: number }) {
  return (
    <ul className="space-y-3">
      {rows.map((r) => (
        <li key={r.key}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold text-ocean-950">{r.label}</span>
            <span className="font-bold tabular-nums">{formatInteger(r.value)}</span>
          </div>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-ocean-50" aria-hidden>
            <div className="h-full rounded-full bg-ocean-500" style={{ width: `${total ? (r.value / total) * 100 : 0}%` }} />
          </div>
          {r.explain ? <p className="mt-1 text-sm text-muted">{r.explain}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export function channelRows(byChannel: Record<VisibilityChannel, number>) {
  return VISIBILITY_CHANNEL_IDS.map((c) => ({
    key: c,
    label: VISIBILITY_CHANNELS[c].label,
    explain: VISIBILITY_CHANNELS[c].explain,
    value: byChannel[c],
  }));
}

export function bandRows(byBand: Record<PositionBand, number>) {
  return POSITION_BAND_IDS.map((b) => ({ key: String(b), label: POSITION_BANDS[b].label, value: byBand[b] }));
}

const ACTION_ICONS: Record<VisibilityAction, IconName> = {
  whatsapp: "message-circle",
  llamada: "phone",
  direcciones: "map-pin",
  sitio_web: "globe",
};

/** Each tap's figure; `explain` words them for another reader than the listing's owner (the admins). */
export function ActionTiles({
  actions,
  explain,
}: {
  actions: Record<VisibilityAction, number>;
  explain?: Record<VisibilityAction, string>;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3">
      {VISIBILITY_ACTION_IDS.map((a) => (
        <li key={a} className="rounded-xl border border-ocean-100 bg-ocean-50/40 p-3 sm:p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-ocean-800">
            <Icon name={ACTION_ICONS[a]} aria-hidden className="size-4 text-ocean-600" /> {VISIBILITY_ACTIONS[a].label}
          </p>
          <p className="mt-1 text-2xl font-extrabold tabular-nums">{formatInteger(actions[a])}</p>
          <p className="mt-1 text-sm text-muted">{explain?.[a] ?? VISIBILITY_ACTIONS[a].explain}</p>
        </li>
      ))}
    </ul>
  );
}

/** A small table: a name column and figures. */
export function SmallTable({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  if (!rows.length) return <p className="rounded-xl bg-ocean-50/60 p-4 text-sm text-muted">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={cn("pb-2 font-semibold", i > 0 && "pl-3 text-right whitespace-nowrap")}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells }) => (
            <tr key={key} className="border-t border-ocean-100">
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={head[i]} scope="row" className="py-2 pr-3 text-left font-medium wrap-anywhere">
                    {cell}
                  </th>
                ) : (
                  <td key={head[i]} className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One entry's whole view: what the owner sees in «Mi negocio», and the admin per entry. */
export function EntryVisibilityView({
  data,
  segmentLabel,
  provinceLabel,
  emptyHint,
}: {
  data: EntryVisibility;
  /** The category's or industry's name, for share of voice. */
  segmentLabel: string | null;
  provinceLabel: string;
  emptyHint: ReactNode;
}) {
  const actionsTotal = VISIBILITY_ACTION_IDS.reduce((n, a) => n + data.actions[a], 0);
  const referralsTotal = data.referrals.reduce((n, r) => n + r.count, 0);
  const crawlersTotal = data.crawlers.reduce((n, r) => n + r.count, 0);
  if (data.total + actionsTotal + referralsTotal + crawlersTotal === 0) {
    return (
      <Card className="px-6 py-12 text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-ocean-50 text-ocean-600">
          <Icon name="eye" aria-hidden className="size-7" />
        </div>
        <h2 className="mt-4 text-xl font-extrabold">Aún no hay apariciones que contar</h2>
        <p className="mx-auto mt-2 max-w-md text-muted">
          En los últimos {data.period} días tu negocio no salió en ninguna respuesta del directorio. {emptyHint}
        </p>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          icon="eye"
          label={VISIBILITY_FIGURES.impressions.label}
          value={formatInteger(data.total)}
          note="En respuestas del directorio."
        />
        <Stat icon="users" label="Acciones" value={formatInteger(actionsTotal)} note="WhatsApp, llamadas, mapa y web." />
        <Stat icon="bot" label="Desde asistentes" value={formatInteger(referralsTotal)} note="Visitas que trajo una IA." />
        <Stat
          icon="sparkles"
          label="Tu parte"
          value={data.share ? formatShare(data.share.share) : "—"}
          note={segmentLabel ? `De ${segmentLabel.toLowerCase()} en ${provinceLabel}.` : "Sin categoría no se compara."}
        />
      </div>

      <Card className="p-5 sm:p-6">
        <Explained
          title={VISIBILITY_FIGURES.chart.label}
          explain={`${VISIBILITY_FIGURES.impressions.explain} ${VISIBILITY_FIGURES.chart.explain}`}
        >
          <ImpressionsChart daily={data.daily} id="grafica-apariciones" />
        </Explained>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <Explained title="Por canal" explain="Por dónde te encontraron.">
            <BarList rows={channelRows(data.byChannel)} total={data.total} />
          </Explained>
        </Card>
        <Card className="space-y-6 p-5 sm:p-6">
          <Explained title={VISIBILITY_FIGURES.bands.label} explain={VISIBILITY_FIGURES.bands.explain}>
            <BarList rows={bandRows(data.byBand)} total={data.total} />
          </Explained>
          <Explained title={VISIBILITY_FIGURES.share.label} explain={VISIBILITY_FIGURES.share.explain}>
            {data.share ? (
              <div>
                <p className="text-3xl font-extrabold tabular-nums">{formatShare(data.share.share)}</p>
                <div className="mt-2 h-3 overflow-hidden rounded-full bg-ocean-50" aria-hidden>
                  <div className="h-full rounded-full bg-sun-500" style={{ width: `${data.share.share * 100}%` }} />
                </div>
                <p className="mt-2 text-sm text-muted">
                  {formatInteger(data.share.entryTotal)} de {formatInteger(data.share.segmentTotal)} apariciones de{" "}
                  {segmentLabel?.toLowerCase()} en {provinceLabel}
                  {data.shareFrom > data.from
                    ? ` desde el ${longDay(data.shareFrom)}, el día después de que la ficha cambió de categoría o provincia.`
                    : "."}
                </p>
              </div>
            ) : (
              <p className="rounded-xl bg-ocean-50/60 p-4 text-sm text-muted">
                {data.shareFrom > data.to
                  ? "La ficha cambió hoy de categoría o provincia: desde mañana verás su parte entre los negocios con los que ahora se compara."
                  : segmentLabel
                    ? `Todavía no hay apariciones de ${segmentLabel.toLowerCase()} en ${provinceLabel} con las que compararte.`
                    : "Elige una categoría para tu ficha y podrás compararte con los negocios como el tuyo."}
              </p>
            )}
          </Explained>
        </Card>
      </div>

      <Card className="p-5 sm:p-6">
        <Explained
          title={VISIBILITY_FIGURES.questions.label}
          explain={`${VISIBILITY_FIGURES.questions.explain} ${VISIBILITY_FIGURES.position.explain}`}
        >
          <SmallTable
            caption={VISIBILITY_FIGURES.questions.label}
            head={["Pregunta", "Veces", VISIBILITY_FIGURES.position.label]}
            rows={data.questions.map((q) => ({
              key: q.question,
              cells: [
                `«${q.question}»`,
                formatInteger(q.count),
                <span
                  key="p"
                  className="inline-flex min-w-12 justify-center rounded-full bg-ocean-50 px-2 py-0.5 font-semibold text-ocean-800"
                >
                  {positionFmt.format(q.position)}
                </span>,
              ],
            }))}
            empty="Aún no apareciste en respuestas a preguntas escritas: solo en listados o en tu propia ficha."
          />
        </Explained>
      </Card>

      <Card className="p-5 sm:p-6">
        <Explained title={VISIBILITY_FIGURES.actions.label} explain={VISIBILITY_FIGURES.actions.explain}>
          <ActionTiles actions={data.actions} />
        </Explained>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <Explained title={VISIBILITY_FIGURES.referrals.label} explain={VISIBILITY_FIGURES.referrals.explain}>
            <SmallTable
              caption={VISIBILITY_FIGURES.referrals.label}
              head={["Asistente", "Visitas"]}
              rows={data.referrals.map((r) => ({ key: r.source, cells: [visitSourceLabel(r.source), formatInteger(r.count)] }))}
              empty="Aún no llegó nadie desde un asistente de IA."
            />
          </Explained>
        </Card>
        <Card className="p-5 sm:p-6">
          <Explained title={VISIBILITY_FIGURES.crawlers.label} explain={VISIBILITY_FIGURES.crawlers.explain}>
            <SmallTable
              caption={VISIBILITY_FIGURES.crawlers.label}
              head={["Robot", "Qué leyó", "Veces"]}
              rows={data.crawlers.map((r) => ({
                key: `${r.source}|${r.surface}`,
                cells: [visitSourceLabel(r.source), VISIT_SURFACES[r.surface as VisitSurface]?.label ?? r.surface, formatInteger(r.count)],
              }))}
              empty="Aún no pasó ningún robot de IA o buscador por tu ficha."
            />
          </Explained>
        </Card>
      </div>
    </div>
  );
}
