import { PROVINCES } from "~/catalog/provinces";

/** The options of a province <select>: a first empty choice, then the 10 provinces of the catalog. */
export function ProvinceOptions({ emptyLabel = "Todas las provincias" }: { emptyLabel?: string }) {
  return (
    <>
      <option value="">{emptyLabel}</option>
      {PROVINCES.map((p) => (
        <option key={p.slug} value={p.slug}>
          {p.label}
        </option>
      ))}
    </>
  );
}
