/**
 * The page of a premium assistant (Amy, Roger): the chat for entitled users, otherwise the paywall
 * with the subscribe form. Which one is decided by the server (the loader); this only renders it.
 */
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { PREMIUM_PRICE_TEXT, type Assistant } from "~/catalog/marketing";
import { PaymentAwaiting } from "~/components/billing/payment-awaiting";
import { Icon } from "~/components/icons/icon";
import { LegalConsent } from "~/components/legal-consent";
import { AssistantHeader } from "~/components/marketing/assistant-header";
import { ChatFrame } from "~/components/marketing/chat-frame";
import { Section } from "~/components/marketing/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { formatDate } from "~/lib/format";

export type PremiumPageProps = {
  assistant: Assistant;
  signedIn: boolean;
  access: { subscribed: boolean; source: "stripe" | "free_plan" | null; until: string | null };
  chatUrl: string | null;
  attempt: string;
  payment: "exitoso" | "cancelado" | null;
  /** What Stripe said of the payment just made or still on its way (the server asked it). */
  confirmation: PaymentCheck | null;
  /** The action's answer to a plain form post (no JavaScript). */
  actionResult?: SubscribeResult;
};

type SubscribeResult = { url?: string; error?: string; loginUrl?: string };
type PaymentCheck = "confirmed" | "pending" | "unverified" | "unpaid" | "failed" | "unknown";

/** The chat keeps scripts, forms and its own origin; it cannot navigate this page. */
const PREMIUM_CHAT_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

export function PremiumPage(props: PremiumPageProps) {
  const { assistant, access } = props;
  return (
    <Section spacing="compact">
      <AssistantHeader
        assistant={assistant}
        role={assistant.role}
        badge={
          <Badge tone="gold">
            <Icon name="crown" aria-hidden className="size-3.5" /> Premium
          </Badge>
        }
      />
      <div className="mt-8">{access.subscribed ? <Chat {...props} /> : <Paywall {...props} />}</div>
    </Section>
  );
}

function Chat({ assistant, access, chatUrl, confirmation }: PremiumPageProps) {
  const until = access.until ? formatDate(access.until) : "";
  return (
    <>
      {confirmation === "confirmed" ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          Pago confirmado: ya tienes Premium. Amy y Roger te esperan.
        </p>
      ) : null}
      <p className="mb-4 flex items-center gap-2 text-sm font-medium text-emerald-800">
        <Icon name="circle-check" aria-hidden className="size-4" />
        {access.source === "free_plan" ? `Plan gratuito hasta ${until}` : `Suscripción activa hasta ${until}`}
      </p>
      <ChatFrame
        url={chatUrl}
        title={`Chat con ${assistant.name}, ${assistant.role.toLowerCase()}`}
        sandbox={PREMIUM_CHAT_SANDBOX}
        fallback={
          <Link to="/contact" className={buttonClass("outline", "md")}>
            Contáctanos
          </Link>
        }
      />
    </>
  );
}

function Paywall(props: PremiumPageProps) {
  const { assistant, signedIn, attempt, payment, confirmation, actionResult } = props;
  const fetcher = useFetcher<SubscribeResult>();
  // The tab opened on click, and the answer the fetcher held before this submission.
  const tab = useRef<{ window: Window | null; before: SubscribeResult | undefined } | null>(null);
  const result = fetcher.data ?? actionResult;
  const busy = fetcher.state !== "idle";
  // Paid, or being paid: a second subscription is never offered meanwhile.
  const awaiting = confirmation === "pending" || confirmation === "unverified";

  // The session URL arrived: send the tab opened on click there, or this tab when it was blocked;
  // any other answer (an error, a redirect back to the page) closes it.
  useEffect(() => {
    const pending = tab.current;
    if (fetcher.state !== "idle" || !pending) return;
    tab.current = null;
    const answer = fetcher.data !== pending.before ? fetcher.data : undefined;
    if (answer?.url) {
      if (pending.window && !pending.window.closed) pending.window.location.href = answer.url;
      else window.location.assign(answer.url);
    } else pending.window?.close();
  }, [fetcher.state, fetcher.data]);
  // Sent back to the page because the payment was already confirmed: the paywall goes, and its tab.
  useEffect(() => () => tab.current?.window?.close(), []);

  return (
    <div className="grid gap-6 rounded-card border border-ocean-100 bg-white p-6 shadow-card sm:p-8 lg:grid-cols-[1fr_auto]">
      <div>
        {awaiting ? (
          <PaymentAwaiting
            unverified={confirmation === "unverified"}
            whileChecking="el chat aparecerá aquí en cuanto se confirme."
            onceConfirmed="te daremos acceso en cuanto lo confirme."
          />
        ) : (
          <PaymentNotice payment={payment} confirmation={confirmation} signedIn={signedIn} />
        )}
        <h2 className="flex items-center gap-2 text-2xl font-bold">
          <Icon name="lock" aria-hidden className="size-5 text-ocean-700" /> {assistant.name} es parte de la suscripción Premium
        </h2>
        <p className="mt-2 max-w-xl text-muted">
          Con una sola suscripción conversas con Amy, la asistente legal para emprendedores, y con Roger, el experto en la Ley 384 y en
          derecho de la construcción.
        </p>
        <ul className="mt-4 grid gap-2 text-sm">
          {assistant.highlights.map((h) => (
            <li key={h} className="flex items-center gap-2">
              <Icon name="check" aria-hidden className="size-4 text-emerald-700" /> {h}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <Icon name="check" aria-hidden className="size-4 text-emerald-700" /> Amy y Roger incluidos
          </li>
        </ul>
      </div>
      <div className="flex flex-col items-start gap-3 lg:items-end lg:text-right">
        <p className="text-4xl font-extrabold text-ocean-900">{PREMIUM_PRICE_TEXT}</p>
        {awaiting ? (
          <p className="max-w-xs text-sm text-muted">Tu pago ya está en Stripe: no hace falta pagar de nuevo.</p>
        ) : (
          <>
            <p className="text-sm text-muted">Cancela cuando quieras.</p>
            <fetcher.Form
              method="post"
              onSubmit={(event) => {
                if (!signedIn) return;
                // Opened during the click, or the browser blocks it; the session URL follows.
                const opened = window.open("", "_blank");
                if (opened) opened.opener = null;
                tab.current = { window: opened, before: fetcher.data };
                event.preventDefault();
                void fetcher.submit({ intent: "subscribe", attempt, response: "json" }, { method: "post" });
              }}
            >
              <input type="hidden" name="intent" value="subscribe" />
              <input type="hidden" name="attempt" value={attempt} />
              <Button type="submit" variant="accent" size="lg" disabled={busy}>
                {busy ? (
                  <>
                    <Icon name="loader-circle" aria-hidden className="size-4 animate-spin" /> Procesando...
                  </>
                ) : (
                  <>
                    <Icon name="sparkles" aria-hidden className="size-4" /> Suscribirme
                  </>
                )}
              </Button>
            </fetcher.Form>
            <SubscribeMessage result={result} />
            <LegalConsent lead="El pago lo procesa Stripe. Al suscribirte" className="max-w-xs" />
          </>
        )}
      </div>
    </div>
  );
}

/** What came of a return from Stripe that holds nothing to wait for. */
function PaymentNotice({
  payment,
  confirmation,
  signedIn,
}: {
  payment: PremiumPageProps["payment"];
  confirmation: PaymentCheck | null;
  signedIn: boolean;
}) {
  const location = useLocation();
  const text =
    payment === "cancelado"
      ? "El pago se canceló; no se hizo ningún cargo."
      : confirmation === "unpaid"
        ? "El pago no se completó en Stripe; no se hizo ningún cargo."
        : confirmation === "failed"
          ? "Stripe no pudo completar el pago; no se hizo ningún cargo. Puedes intentarlo de nuevo."
          : confirmation === "unknown"
            ? "No encontramos ese pago en tu cuenta. Si pagaste con otra cuenta, inicia sesión con ella."
            : payment === "exitoso" && !signedIn
              ? "Inicia sesión con la cuenta con la que pagaste para ver tu suscripción."
              : null;
  if (!text) return null;
  return (
    <p role="status" className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
      {text}
      {payment === "exitoso" && !signedIn ? (
        <>
          {" "}
          <Link
            to={`/auth?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
            className="font-semibold whitespace-nowrap underline"
          >
            Iniciar sesión
          </Link>
        </>
      ) : null}
    </p>
  );
}

function SubscribeMessage({ result }: { result: SubscribeResult | undefined }) {
  if (!result) return null;
  if (result.url)
    return (
      <p role="status" className="max-w-xs text-sm text-muted">
        Completa el pago en la pestaña nueva.{" "}
        <a href={result.url} className="font-semibold underline">
          Abrir el pago aquí
        </a>
      </p>
    );
  return (
    <p role="alert" className="max-w-xs text-sm font-medium text-danger">
      {result.error}
      {result.loginUrl ? (
        <>
          {" "}
          <Link to={result.loginUrl} className="underline">
            Iniciar sesión
          </Link>
        </>
      ) : null}
    </p>
  );
}
