import { createContext, useContext, useState } from "react";

const RequestIdContext = createContext<string | undefined>(undefined);
/** entry.server sets the id of the request being rendered (its X-Request-Id). */
export const RequestIdProvider = RequestIdContext.Provider;

/**
 * The request id an error page shows, so that whoever reports it can quote it (D23). The browser has
 * no context value: while hydrating it reads the id the server wrote into the page.
 */
export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () =>
      fromServer ?? (typeof document === "undefined" ? undefined : (document.querySelector("[data-request-id]")?.textContent ?? undefined)),
  );
  return id;
}
