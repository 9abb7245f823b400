/**
 * The «Cerca de» place box (a town or neighbourhood, with the catalog's names offered in a
 * <datalist>), its radius and the «Abierto ahora» box, inside a page's plain GET form: they work
 * without JavaScript. With it, `useTidyGetSubmit` leaves empty fields out of the URL.
 */
import type { FormEvent, ReactNode } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { DEFAULT_RADIUS_KM } from "~/lib/geo";
import { RADIUS_CHOICES, radiusText, withoutOpen } from "~/lib/near-query";
import { PLACE_MAX_LENGTH } from "~/schemas/directory-fields";

const PLACES = Object.keys(TOWN_COORDINATES).sort((a, b) => a.localeCompare(b, "es"));
const PLACES_LIST = "lugares-conocidos";

/** What the page's filters were opened with. */
export type NearFilterValues = {
  /** The place typed in the box ('' without one). */
  place: string;
  /** The radius asked for, or null (the default). */
  radiusKm: number | null;
  openNow: boolean;
};

/** The «Cerca de» box with the known towns and neighbourhoods as suggestions. */
export function PlaceField({ id, value, className }: { id: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <Label htmlFor={id}>Cerca de</Label>
      <Input
        id={id}
        name="cerca_de"
        type="text"
        list={PLACES_LIST}
        defaultValue={value}
        maxLength={PLACE_MAX_LENGTH}
        placeholder="Ej.: Boquete"
        autoComplete="off"
        enterKeyHint="search"
      />
      <datalist id={PLACES_LIST}>
        {PLACES.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
    </div>
  );
}

/** The radius around the place or the visitor's point; a radius from a link that is not a choice stays selected. */
export function RadiusField({ id, value, className }: { id: string; value: number | null; className?: string }) {
  const current = value ?? DEFAULT_RADIUS_KM;
  const choices: number[] = RADIUS_CHOICES.includes(current as (typeof RADIUS_CHOICES)[number])
    ? [...RADIUS_CHOICES]
    : [...RADIUS_CHOICES, current].sort((a, b) => a - b);
  return (
    <div className={className}>
      <Label htmlFor={id}>Radio</Label>
      <Select id={id} name="radio" defaultValue={String(current)}>
        {choices.map((km) => (
          <option key={km} value={String(km)}>
            {radiusText(km)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** «Abierto ahora» as a box the size of a field, aligned with the fields beside it. */
export function OpenNowField({ id, checked, className }: { id: string; checked: boolean; className?: string }) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-slate-300 bg-white px-3.5 text-base font-semibold text-ocean-950 hover:border-ocean-300 has-[:checked]:border-ocean-500 has-[:checked]:bg-ocean-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ocean-200",
        className,
      )}
    >
      <input id={id} type="checkbox" name="abierto" value="1" defaultChecked={checked} className="size-5 shrink-0 accent-ocean-700" />
      <span className="whitespace-nowrap">Abierto ahora</span>
    </label>
  );
}

/**
 * A GET form's onSubmit that navigates to the same URL the browser would build, less its empty
 * fields, the radius when there is no place or point, and the point when a place is typed (the
 * place wins on the server too). Without JavaScript the browser sends every field, which the
 * server reads the same way.
 */
export function useTidyGetSubmit(options: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = new FormData(form, submitter);
    const hasPlace = String(fields.get("cerca_de") ?? "").trim() !== "";
    const hasPoint = !hasPlace && String(fields.get("cerca") ?? "") !== "";
    const params = new URLSearchParams();
    for (const [key, value] of fields) {
      if (typeof value !== "string" || value.trim() === "") continue;
      if (key === "radio" && !hasPlace && !hasPoint) continue;
      if (key === "cerca" && hasPlace) continue;
      params.append(key, key === "cerca_de" || key === "q" ? value.trim() : value);
    }
    event.preventDefault();
    const path = new URL(form.action, window.location.href).pathname;
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { preventScrollReset: options.preventScrollReset });
  };
}

/**
 * The filter card of a listing page: the page's own fields (`children`, e.g. the province), the
 * place, its radius, open now and «Filtrar». The visitor's point travels hidden while no place is typed.
 */
export function ListingFilters({
  label,
  values,
  point,
  children,
}: {
  label: string;
  values: NearFilterValues;
  point: string | null;
  children?: ReactNode;
}) {
  const onSubmit = useTidyGetSubmit({ preventScrollReset: true });
  return (
    <Form
      method="get"
      preventScrollReset
      onSubmit={onSubmit}
      aria-label={label}
      key={`${values.place}|${values.radiusKm}|${values.openNow}|${point}`}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 rounded-card bg-white p-4 shadow-card ring-1 ring-ocean-100 lg:flex lg:flex-wrap"
    >
      {children}
      <PlaceField id="filtro-cerca-de" value={values.place} className="lg:min-w-56 lg:flex-1" />
      <RadiusField id="filtro-radio" value={values.radiusKm} className="w-28" />
      <OpenNowField id="filtro-abierto" checked={values.openNow} />
      {point ? <input type="hidden" name="cerca" value={point} /> : null}
      <button type="submit" className={buttonClass("primary", "md")}>
        Filtrar
      </button>
    </Form>
  );
}

/** The way out of an empty 'open now' list: the same page without «Abierto ahora». */
export function ClearOpenLink() {
  const location = useLocation();
  return (
    <Link to={`${location.pathname}${withoutOpen(location.search)}`} className={buttonClass("outline", "md")}>
      Quitar «Abierto ahora»
    </Link>
  );
}
