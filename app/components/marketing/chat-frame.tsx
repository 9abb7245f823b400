import { Icon } from "~/components/icons/icon";
import type { ReactNode } from "react";

/** An embedded third-party chat, 700px high, or a Spanish 'not available yet' panel. */
export function ChatFrame({
  url,
  title,
  fallback,
  sandbox,
}: {
  url: string | null;
  title: string;
  fallback?: ReactNode;
  sandbox?: string;
}) {
  if (!url) {
    return (
      <div
        role="status"
        className="flex min-h-80 flex-col items-center justify-center rounded-card border border-dashed border-ocean-200 bg-ocean-50 px-6 py-12 text-center"
      >
        <div className="grid size-14 place-items-center rounded-2xl bg-white text-ocean-600 shadow-card">
          <Icon name="message-square-off" aria-hidden className="size-7" />
        </div>
        <h2 className="mt-5 text-xl font-bold">El chat aún no está disponible</h2>
        <p className="mt-2 max-w-md text-muted">
          Estamos terminando de conectar este asistente. Vuelve pronto o escríbenos y te ayudamos personalmente.
        </p>
        {fallback ? <div className="mt-6">{fallback}</div> : null}
      </div>
    );
  }
  return (
    <iframe
      src={url}
      title={title}
      height={700}
      className="block h-[700px] w-full rounded-card border border-ocean-100 bg-white shadow-card"
      allow="clipboard-write; microphone"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
      {...(sandbox ? { sandbox } : {})}
    />
  );
}
