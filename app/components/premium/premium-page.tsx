/**
 * The page of a premium assistant (Amy, Roger): the chat for entitled users, otherwise the paywall
 * with the subscribe form. Which one is decided by the server (the loader); this only renders it.
 */
import { useEffect, useRef } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { PREMIUM_PRICE_TEXT, type Assistant } from "~/catalog/marketing";
import { Icon } from "~/components/icons/icon";
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
  /** The action's answer to a plain form post (no JavaScript). */
  actionResult?: SubscribeResult;
};

type SubscribeResult = { url?: string; error?: string; loginUrl?: string };

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

function Chat({ assistant, access, chatUrl }: PremiumPageProps) {
  const until = access.until ? formatDate(access.until) : "";
  return (
    <>
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

function Paywall({ assistant, signedIn, attempt, payment, actionResult }: PremiumPageProps) {
  const fetcher = useFetcher<SubscribeResult>();
  const tab = useRef<Window | null>(null);
  const revalidator = useRevalidator();
  const result = fetcher.data ?? actionResult;
  const busy = fetcher.state !== "idle";

  // Back from a paid checkout before Stripe's webhook arrived: check again for a while.
  const waiting = payment === "exitoso";
  const checks = useRef(0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (checks.current++ < 15 && revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  // The session URL arrived: send the tab opened on click there, or this tab when it was blocked.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    const opened = tab.current;
    tab.current = null;
    if (answer.url) {
      if (opened && !opened.closed) opened.location.href = answer.url;
      else window.location.assign(answer.url);
    } else opened?.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="grid gap-6 rounded-card border border-ocean-100 bg-white p-6 shadow-card sm:p-8 lg:grid-cols-[1fr_auto]">
      <div>
        {waiting ? (
          <p role="status" className="mb-4 flex items-center gap-2 rounded-lg bg-ocean-50 px-4 py-3 text-sm text-ocean-800">
            <Icon name="loader-circle" aria-hidden className="size-4 animate-spin" />
            Estamos confirmando tu pago con Stripe. El chat aparecerá aquí en unos segundos.{" "}
            <Link to="." className="font-semibold underline">
              Actualizar
            </Link>
          </p>
        ) : null}
        {payment === "cancelado" ? (
          <p role="status" className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
            El pago se canceló; no se hizo ningún cargo.
          </p>
        ) : null}
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
        <p className="text-sm text-muted">Cancela cuando quieras.</p>
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!signedIn) return;
            // Opened during the click, or the browser blocks it; the session URL follows.
            const opened = window.open("", "_blank");
            if (opened) opened.opener = null;
            tab.current = opened;
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
      </div>
    </div>
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
