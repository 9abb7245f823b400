import { PROVINCES } from "~/catalog/provinces";

/** The options of a <select> over a catalog list, after an optional first empty choice. */
export function CatalogOptions({ items, emptyLabel }: { items: readonly { slug: string; label: string }[]; emptyLabel?: string }) {
  return (
    <>
      {emptyLabel != null && <option value="">{emptyLabel}</option>}
      {items.map((p) => (
        <option key={p.slug} value={p.slug}>
          {p.label}
        </option>
      ))}
    </>
  );
}

/** The options of a province <select>: a first empty choice, then the 10 provinces of the catalog. */
export function ProvinceOptions({ emptyLabel = "Todas las provincias" }: { emptyLabel?: string }) {
  return <CatalogOptions items={PROVINCES} emptyLabel={emptyLabel} />;
}
