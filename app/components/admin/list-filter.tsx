/** The text and province filter of the admin lists (the dashboard's tabs, the restaurant search). */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ProvinceOptions } from "~/components/catalog-options";
import { Input, Label, Select } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { LIMITS } from "~/schemas/admin-fields";

type Props = {
  /** Prefix of the fields' ids. */
  id: string;
  label: string;
  placeholder: string;
  filter: { q: string; provincia: string | null };
  /** Parameters the filter keeps (the dashboard's tab). */
  keep?: Record<string, string>;
  className?: string;
  /** The submit button and whatever goes with it. */
  children: ReactNode;
};

/** A GET form: the list's URL carries the filter, so it can be shared and reloaded. */
export function ListFilter({ id, label, placeholder, filter, keep, className, children }: Props) {
  return (
    <Form
      method="get"
      role="search"
      className={cn(
        className,
        "grid gap-3 rounded-card bg-ocean-50/60 p-4 ring-1 ring-ocean-100 sm:grid-cols-[1fr_14rem_auto] sm:items-end",
      )}
    >
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <Label htmlFor={`${id}-q`}>{label}</Label>
        <Input id={`${id}-q`} name="q" type="search" defaultValue={filter.q} maxLength={LIMITS.search} placeholder={placeholder} />
      </div>
      <div>
        <Label htmlFor={`${id}-provincia`}>Provincia</Label>
        <Select id={`${id}-provincia`} name="provincia" defaultValue={filter.provincia ?? ""}>
          <ProvinceOptions />
        </Select>
      </div>
      {children}
    </Form>
  );
}
