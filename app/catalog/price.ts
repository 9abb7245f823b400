/**
 * How a price is written. Its own module so that a page can format prices that came as
 * loader data without downloading the marketing copy (decision 017).
 */
import { formatPrice } from "~/lib/format";

/** A price as shown to visitors. `amount: null` means "by quote" / custom. */
export type Price = {
  amount: number | null;
  /** 'Desde $300/mes' rather than '$300/mes'. */
  from?: boolean;
  period?: "mes" | "año" | "6 meses";
  /** Shown instead of an amount (e.g. 'Personalizado', 'Gratis', 'Por cotización'). */
  label?: string;
};

/** '$299/mes', 'Desde $300/mes', '$750/año', 'Gratis', 'Personalizado'. */
export function priceText(p: Price): string {
  if (p.amount === null || p.amount === 0) return p.label ?? "Personalizado";
  const amount = `${formatPrice(p.amount)}${p.period ? `/${p.period}` : ""}`;
  return p.from ? `Desde ${amount}` : amount;
}
