/**
 * The plan and period radio buttons of a Local AI checkout, with the SPEC's prices from the catalog;
 * a plan or period whose Stripe price is not configured is shown disabled, with why.
 */
import { LOCAL_PLAN_PRICES, type PaidPlanType, PAID_PLAN_TYPES, PLAN_PERIODS, type PlanPeriod, planLabel } from "~/catalog/plans";
import { priceText } from "~/catalog/price";

export type Availability = Record<PaidPlanType, Record<PlanPeriod, boolean>>;

const radio = "size-5 shrink-0 accent-ocean-700";
const option =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ocean-100 bg-white px-4 py-3 has-checked:border-ocean-500 has-checked:ring-2 has-checked:ring-ocean-200 has-disabled:cursor-not-allowed has-disabled:opacity-60";

export function PlanPicker({
  plan,
  period,
  available,
  showPlans = true,
}: {
  plan: PaidPlanType;
  period: PlanPeriod;
  available: Availability;
  showPlans?: boolean;
}) {
  const buyable = (p: PaidPlanType) => available[p].year || available[p].half_year;
  return (
    <>
      {showPlans && (
        <fieldset>
          <legend className="font-bold text-ocean-950">Plan</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {(PAID_PLAN_TYPES as PaidPlanType[]).map((p) => (
              <label key={p} className={option}>
                <input type="radio" name="plan" value={p} defaultChecked={p === plan} disabled={!buyable(p)} className={radio} />
                <span>
                  <span className="block font-semibold text-ocean-950">{planLabel(p)}</span>
                  <span className="block text-sm text-muted">
                    {priceText({ amount: LOCAL_PLAN_PRICES[p].year, period: "año" })} o{" "}
                    {priceText({ amount: LOCAL_PLAN_PRICES[p].half_year, period: "6 meses" })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className={showPlans ? "mt-6" : undefined}>
        <legend className="font-bold text-ocean-950">Periodo</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {PLAN_PERIODS.map(({ slug, label, short }) => (
            <label key={slug} className={option}>
              <input type="radio" name="period" value={slug} defaultChecked={slug === period} className={radio} />
              <span>
                <span className="block font-semibold text-ocean-950">{label}</span>
                <span className="block text-sm text-muted">
                  {showPlans
                    ? `Starter ${priceText({ amount: LOCAL_PLAN_PRICES.starter_local[slug], period: short })} · Max ${priceText({ amount: LOCAL_PLAN_PRICES.max_local[slug], period: short })}`
                    : priceText({ amount: LOCAL_PLAN_PRICES[plan][slug], period: short })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {(PAID_PLAN_TYPES as PaidPlanType[]).some((p) => !available[p].year || !available[p].half_year) && (
        <p className="mt-4 rounded-xl bg-sun-100 px-4 py-3 text-sm text-ocean-950">
          Algunos planes o periodos no se pueden contratar en línea por ahora. Si el que buscas no está disponible,{" "}
          <a href="/contact?servicio=local-visibility" className="font-semibold underline">
            escríbenos
          </a>{" "}
          y te ayudamos a activarlo.
        </p>
      )}
    </>
  );
}
