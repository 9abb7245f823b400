/**
 * A payment Stripe has not confirmed yet (or could not be asked about): asked again every few seconds
 * for about a minute, then an honest "not yet" and a way to ask again. Each check reloads the page's
 * data, which asks Stripe on the server at the same address, so the pending state is never lost.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { Icon } from "~/components/icons/icon";
import { buttonClass } from "~/components/ui/button";

/** While a payment is being confirmed the page asks again every few seconds, for about a minute. */
const CHECK_EVERY_MS = 3000;
const CHECKS = 20;

type Props = {
  /** Stripe could not be asked (rather than: it has not confirmed yet). */
  unverified: boolean;
  /** What happens once confirmed, ending "…; {whileChecking}" while the page checks. */
  whileChecking: string;
  /** The same, ending "…; {onceConfirmed}" once the page has stopped checking. */
  onceConfirmed: string;
};

export function PaymentAwaiting(props: Props) {
  // "Comprobar de nuevo" starts a fresh round of checks.
  const [round, setRound] = useState(0);
  return <AwaitingRound key={round} {...props} again={() => setRound((r) => r + 1)} />;
}

function AwaitingRound({ unverified, whileChecking, onceConfirmed, again }: Props & { again: () => void }) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const location = useLocation();
  // Checking by itself needs JavaScript: the server's HTML (and a page without it) offers the button.
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    setChecking(true);
    let checks = 0;
    const timer = setInterval(() => {
      if (checks++ >= CHECKS) {
        clearInterval(timer);
        setChecking(false);
      } else if (latest.current.state === "idle") void latest.current.revalidate();
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const asking = revalidator.state === "loading";
  return (
    <div role="status" className="mb-4 rounded-lg bg-ocean-50 px-4 py-3 text-sm text-ocean-900">
      {checking ? (
        <p className="flex items-start gap-2">
          <Icon name="loader-circle" aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" />
          <span>
            {unverified
              ? "No pudimos consultar tu pago con Stripe; lo intentamos de nuevo. No hace falta pagar otra vez."
              : `Estamos confirmando tu pago con Stripe. Lo comprobamos cada pocos segundos; ${whileChecking}`}
          </span>
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2">
            <Icon name="clock" aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {unverified
                ? "Stripe no responde en este momento, así que aún no podemos confirmar tu pago. No hace falta pagar otra vez: compruébalo de nuevo en unos minutos."
                : `Stripe aún no ha confirmado tu pago. Algunos medios de pago tardan unos minutos; ${onceConfirmed} No hace falta pagar otra vez.`}
            </span>
          </p>
          <Link
            to={`${location.pathname}${location.search}`}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              void revalidator.revalidate();
              again();
            }}
            className={buttonClass("outline", "compact", "shrink-0 self-start whitespace-nowrap sm:self-auto")}
          >
            {asking ? "Comprobando…" : "Comprobar de nuevo"}
          </Link>
        </div>
      )}
    </div>
  );
}
