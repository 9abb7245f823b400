import { useEffect } from "react";

const LOADED_FLAG = "data-pv-chat-widget";

/**
 * The third-party chat widget (CHAT_WIDGET_SRC), injected once per page view after the window's
 * `load` event and when the browser is idle, so it never blocks rendering or competes with the page.
 * Nothing is loaded when the variable is unset.
 */
export function ChatWidgetLoader({ src }: { src: string | null | undefined }) {
  useEffect(() => {
    if (!src) return;
    if (document.querySelector(`script[${LOADED_FLAG}]`)) return;
    let cancelled = false;
    let idleId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const inject = () => {
      if (cancelled || document.querySelector(`script[${LOADED_FLAG}]`)) return;
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.setAttribute(LOADED_FLAG, "");
      document.body.appendChild(script);
    };
    const schedule = () => {
      if ("requestIdleCallback" in window) idleId = window.requestIdleCallback(inject, { timeout: 4000 });
      else timer = setTimeout(inject, 1500);
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", schedule);
      if (idleId !== undefined && "cancelIdleCallback" in window) window.cancelIdleCallback(idleId);
      if (timer) clearTimeout(timer);
    };
  }, [src]);
  return null;
}
