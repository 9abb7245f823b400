/**
 * The fourth admin tab: search Google business profiles by term and province, approve a result
 * through the approval dialog (defaults inferred from the result each time it opens) or skip it
 * (for every admin, until restored: skipped results are hidden, and can be shown to restore one).
 * The search is a plain form, so it works without JavaScript; with it, results accumulate and
 * 'search more' appends the next page while Google has one.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/icons/icon";
import { CatalogOptions, ProvinceOptions } from "~/components/catalog-options";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { SelectField } from "~/components/ui/field";
import { Input, Label, Select } from "~/components/ui/input";
import { RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { INDUSTRIES } from "~/catalog/industries";
import { LISTING_KIND_IDS, LISTING_KINDS } from "~/catalog/listing-kinds";
import { isProvince, PROVINCES } from "~/catalog/provinces";
import { approvalDefaults } from "~/lib/place-inference";
import { SEARCH_MESSAGES, type GoogleActionData, type GoogleResult } from "~/schemas/place-import";

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function GoogleImport({ initial }: { initial: GoogleActionData | null }) {
  const search = useFetcher<{ google: GoogleActionData }>();
  const [results, setResults] = useState<GoogleResult[]>(initial?.intent === "google-search" ? initial.results : []);
  const [last, setLast] = useState<{ query: string; provincia: string; nextOffset: number; more: boolean } | null>(
    initial?.intent === "google-search"
      ? { query: initial.query, provincia: initial.provincia, nextOffset: initial.nextOffset, more: initial.more }
      : null,
  );
  const [showSkipped, setShowSkipped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>(initial?.intent === "google-invalid" ? initial.errors : {});
  const [approving, setApproving] = useState<GoogleResult | null>(null);
  const searching = search.state !== "idle";

  useEffect(() => {
    const answer = search.data?.google;
    if (!answer || search.state !== "idle") return;
    if (answer.intent === "google-invalid") {
      setErrors(answer.errors);
      return;
    }
    if (answer.intent !== "google-search") return;
    setErrors({});
    if (answer.error) {
      showToast({ type: "error", title: "Error en la búsqueda", description: answer.error || "No se pudo realizar la búsqueda" });
      return;
    }
    setLast({ query: answer.query, provincia: answer.provincia, nextOffset: answer.nextOffset, more: answer.more });
    const listed = answer.results.filter((r) => !r.skipped).length;
    const hidden = answer.results.length - listed;
    const found = answer.offset === 0 ? `${listed} resultados encontrados` : `${listed} resultados más`;
    const note = hidden === 1 ? "1 omitido antes no se muestra" : `${hidden} omitidos antes no se muestran`;
    const description = hidden > 0 ? `${found} (${note})` : found;
    if (answer.offset === 0) {
      setResults(answer.results);
      setShowSkipped(false);
      showToast({ type: "success", title: "Búsqueda completada", description });
    } else if (answer.results.length === 0) {
      showToast({ type: "info", title: "Sin más resultados" });
    } else {
      setResults((prev) => [...prev, ...answer.results.filter((r) => !prev.some((p) => p.place_id === r.place_id))]);
      showToast({ type: "success", title: "Búsqueda completada", description });
    }
  }, [search.data, search.state]);

  const remove = (placeId: string) => setResults((prev) => prev.filter((r) => r.place_id !== placeId));
  const markSkipped = (placeId: string, skipped: boolean) =>
    setResults((prev) => prev.map((r) => (r.place_id === placeId ? { ...r, skipped } : r)));
  const searchedProvince = last && isProvince(last.provincia) ? last.provincia : null;
  const skippedCount = results.filter((r) => r.skipped).length;
  const shown = showSkipped ? results : results.filter((r) => !r.skipped);

  return (
    <div className="mt-6 grid gap-6">
      <search.Form
        method="post"
        noValidate
        className="grid gap-3 rounded-card bg-ocean-50/60 p-4 ring-1 ring-ocean-100 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="google-search" />
        <input type="hidden" name="offset" value="0" />
        <div>
          <Label htmlFor="google-query">Término de búsqueda</Label>
          <Input
            id="google-query"
            name="query"
            maxLength={200}
            defaultValue={last?.query}
            placeholder="Ej.: restaurantes de mariscos"
            aria-invalid={errors.query ? true : undefined}
            aria-describedby={errors.query ? "google-query-error" : undefined}
          />
          {errors.query && (
            <p id="google-query-error" className="mt-1 text-sm text-danger">
              {errors.query === SEARCH_MESSAGES.term ? SEARCH_MESSAGES.term : errors.query}
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="google-provincia">Provincia</Label>
          <Select
            id="google-provincia"
            name="provincia"
            defaultValue={last?.provincia ?? ""}
            aria-invalid={errors.provincia ? true : undefined}
            aria-describedby={errors.provincia ? "google-provincia-error" : undefined}
          >
            <ProvinceOptions emptyLabel="Selecciona una provincia" />
          </Select>
          {errors.provincia && (
            <p id="google-provincia-error" className="mt-1 text-sm text-danger">
              {errors.provincia}
            </p>
          )}
        </div>
        <Button type="submit" disabled={searching} className="sm:mt-6">
          <Icon name={searching ? "loader-circle" : "search"} aria-hidden className={searching ? "size-4 animate-spin" : "size-4"} />
          {searching ? "Buscando…" : "Buscar en Google"}
        </Button>
      </search.Form>

      <section aria-label="Resultados de Google" aria-busy={searching} aria-live="polite">
        {shown.length === 0 ? (
          <p className="text-muted">
            {last ? "No quedan resultados por revisar." : "Busca un término y una provincia para ver perfiles de negocio de Google."}
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {shown.map((r) => (
              <li key={r.place_id} className="flex">
                <ResultCard result={r} onApprove={() => setApproving(r)} onSkipped={(skipped) => markSkipped(r.place_id, skipped)} />
              </li>
            ))}
          </ul>
        )}
        {skippedCount > 0 && (
          <p className="mt-4 flex flex-wrap items-center gap-x-3 text-sm text-muted">
            {skippedCount === 1
              ? `1 resultado omitido ${showSkipped ? "se muestra para restaurarlo." : "no se muestra."}`
              : `${skippedCount} resultados omitidos ${showSkipped ? "se muestran para restaurarlos." : "no se muestran."}`}
            <Button type="button" variant="ghost" size="compact" onClick={() => setShowSkipped((v) => !v)}>
              {showSkipped ? "Ocultar omitidos" : "Mostrar omitidos"}
            </Button>
          </p>
        )}
        {last?.more && (
          <search.Form method="post" className="mt-6 flex justify-center">
            <input type="hidden" name="intent" value="google-search" />
            <input type="hidden" name="query" value={last.query} />
            <input type="hidden" name="provincia" value={last.provincia} />
            <input type="hidden" name="offset" value={last.nextOffset} />
            <Button type="submit" variant="outline" disabled={searching}>
              <Icon name={searching ? "loader-circle" : "plus"} aria-hidden className={searching ? "size-4 animate-spin" : "size-4"} />
              Buscar más
            </Button>
          </search.Form>
        )}
      </section>

      {approving && (
        <ApprovalDialog
          key={approving.place_id}
          result={approving}
          searchedProvince={searchedProvince}
          onClose={() => setApproving(null)}
          onDone={(placeId) => {
            setApproving(null);
            remove(placeId);
          }}
        />
      )}
    </div>
  );
}

function ResultCard({
  result: r,
  onApprove,
  onSkipped,
}: {
  result: GoogleResult;
  onApprove: () => void;
  onSkipped: (skipped: boolean) => void;
}) {
  // One fetcher per card: skips in quick succession each reach the server.
  const skip = useFetcher<{ google: GoogleActionData }>();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = skip.data?.google;
    if (skip.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if ((answer.intent !== "google-skip" && answer.intent !== "google-unskip") || answer.ok) return;
    // Shown as done at once; undone if the server refused.
    onSkipped(answer.intent !== "google-skip");
    showToast({ type: "error", title: "Error", description: "No se pudo guardar el cambio. Inténtalo de nuevo." });
  }, [skip.data, skip.state, onSkipped]);
  const submitSkip = (intent: "google-skip" | "google-unskip") => {
    skip.submit({ intent, place_id: r.place_id, name: r.name }, { method: "post" });
    onSkipped(intent === "google-skip");
    showToast(
      intent === "google-skip"
        ? { type: "info", title: "Omitido", description: "No volverá a aparecer en las búsquedas." }
        : { type: "success", title: "Restaurado", description: "Vuelve a aparecer en las búsquedas." },
    );
  };
  return (
    <Card className="flex w-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-ocean-950">{r.name}</h3>
          {r.skipped && (
            <Badge tone="slate" className="mt-1">
              Omitido
            </Badge>
          )}
        </div>
        {r.rating !== null && (
          <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-ocean-800">
            <Icon name="star" aria-hidden className="size-4 text-sun-500" /> {r.rating.toLocaleString("es-PA")}
            {r.user_ratings_total ? <span className="font-normal text-muted">({r.user_ratings_total})</span> : null}
          </span>
        )}
      </div>
      <dl className="grid gap-1 text-sm">
        {r.address && (
          <div className="flex gap-2">
            <dt className="sr-only">Dirección</dt>
            <Icon name="map-pin" aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
            <dd className="wrap-anywhere">{r.address}</dd>
          </div>
        )}
        {r.phone && (
          <div className="flex gap-2">
            <dt className="sr-only">Teléfono</dt>
            <Icon name="phone" aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
            <dd>{r.phone}</dd>
          </div>
        )}
        {r.website && (
          <div className="flex gap-2">
            <dt className="sr-only">Sitio web</dt>
            <Icon name="globe" aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
            <dd className="wrap-anywhere">{r.website}</dd>
          </div>
        )}
        {r.opening_hours.slice(0, 2).map((line) => (
          <div key={line} className="flex gap-2">
            <dt className="sr-only">Horario</dt>
            <Icon name="clock" aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
            <dd>{line}</dd>
          </div>
        ))}
      </dl>
      {r.reviews.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {r.reviews.slice(0, 2).map((review, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reviews have no id and never reorder
            <li key={i} className="rounded-lg bg-ocean-50/70 p-3">
              <p className="font-semibold">
                {review.author_name}
                {review.rating !== null ? ` · ${review.rating}/5` : ""}
              </p>
              <p className="text-muted">{cut(review.text, 150)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {r.imported ? (
          <p className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-emerald-800">
            <Icon name="check" aria-hidden className="size-4" /> Ya importado
          </p>
        ) : (
          <Button type="button" onClick={onApprove}>
            <Icon name="check" aria-hidden className="size-4" /> Aprobar
          </Button>
        )}
        {r.skipped ? (
          <Button type="button" variant="outline" onClick={() => submitSkip("google-unskip")}>
            Restaurar
          </Button>
        ) : (
          <Button type="button" variant="ghost" onClick={() => submitSkip("google-skip")}>
            Omitir
          </Button>
        )}
      </div>
    </Card>
  );
}

function ApprovalDialog({
  result,
  searchedProvince,
  onClose,
  onDone,
}: {
  result: GoogleResult;
  searchedProvince: (typeof PROVINCES)[number]["slug"] | null;
  onClose: () => void;
  onDone: (placeId: string) => void;
}) {
  const approve = useFetcher<{ google: GoogleActionData }>();
  // Inferred each time a dialog opens: the component is keyed by the result.
  const [defaults] = useState(() => approvalDefaults(result, searchedProvince));
  const [kind, setKind] = useState(defaults.kind);
  const busy = approve.state !== "idle";

  useEffect(() => {
    const answer = approve.data?.google;
    if (approve.state !== "idle" || answer?.intent !== "google-approve") return;
    showToast({ type: answer.ok ? "success" : "error", title: answer.title, description: answer.description });
    if (answer.ok) onDone(result.place_id);
  }, [approve.data, approve.state, onDone, result.place_id]);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Aprobar «{result.name}»</DialogTitle>
          <DialogDescription>Se agregará sin verificar y activo, con el plan Free Local. Revísalo antes de verificarlo.</DialogDescription>
        </DialogHeader>
        <approve.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="google-approve" />
          <input type="hidden" name="result" value={JSON.stringify(result)} />
          <SelectField id="approve-kind" label="Tipo" name="kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {LISTING_KIND_IDS.map((k) => (
              <option key={k} value={k}>
                {LISTING_KINDS[k].label}
              </option>
            ))}
          </SelectField>
          <SelectField id="approve-provincia" label="Provincia" name="provincia" defaultValue={defaults.provincia}>
            <CatalogOptions items={PROVINCES} />
          </SelectField>
          {kind === "business" ? (
            <SelectField id="approve-industria" label="Industria" name="industria" defaultValue={defaults.industria}>
              <CatalogOptions items={INDUSTRIES} />
            </SelectField>
          ) : (
            <>
              <SelectField id="approve-categoria" label="Categoría" name="categoria" defaultValue={defaults.categoria}>
                <CatalogOptions items={RESTAURANT_CATEGORIES} />
              </SelectField>
              <input type="hidden" name="industria" value={defaults.industria} />
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Procesando..." : `Agregar ${LISTING_KINDS[kind].singular}`}
            </Button>
          </DialogFooter>
        </approve.Form>
      </DialogContent>
    </Dialog>
  );
}
