import { useEffect, useState, type ComponentType } from "react";
import { endSentence } from "~/lib/format";

export type ToastData = { type: "success" | "error" | "info"; title: string; description?: string } | null | undefined;

/**
 * A toast as one line of text, for the page without JavaScript: the title ends its sentence before the
 * description starts («Cambios guardados. Tu ficha…», not «Cambios guardados Tu ficha…»).
 */
export function toastText(t: NonNullable<ToastData>): string {
  if (!t.description) return t.title;
  return `${t.title.trim().endsWith(":") ? t.title : endSentence(t.title)} ${t.description}`;
}

/**
 * Toasts (sonner) are loaded on demand: most page views show none, so the ~10 kB library is fetched
 * only when the first toast is asked for. Toasts asked for before it is mounted wait in a queue.
 */
type Sonner = typeof import("sonner");
let sonnerModule: Promise<Sonner> | null = null;
const loadSonner = () => (sonnerModule ??= import("sonner"));

const queue: NonNullable<ToastData>[] = [];
let mounted: Sonner | null = null;
let requestMount: (() => void) | null = null;

function show(s: Sonner, t: NonNullable<ToastData>) {
  const fn = t.type === "error" ? s.toast.error : t.type === "info" ? s.toast.info : s.toast.success;
  fn(t.title, { description: t.description });
}

/** Shows a toast from anywhere in the browser. */
export function showToast(t: NonNullable<ToastData>) {
  if (mounted) return show(mounted, t);
  queue.push(t);
  requestMount?.();
}

/** Removes the toasts on screen and those still waiting: a new attempt makes the last one's answer stale. */
export function dismissToasts() {
  queue.length = 0;
  mounted?.toast.dismiss();
}

/** Below the sticky header (4rem and its border), close button included: a toast never covers the navigation or the logo. */
const belowHeader = { top: "5rem" };

export function Toaster() {
  const [Comp, setComp] = useState<{ Toaster: ComponentType<Record<string, unknown>>; mod: Sonner } | null>(null);
  useEffect(() => {
    requestMount = () =>
      void loadSonner().then((mod) => setComp((c) => c ?? { Toaster: mod.Toaster as ComponentType<Record<string, unknown>>, mod }));
    if (queue.length) requestMount();
    return () => {
      requestMount = null;
    };
  }, []);
  useEffect(() => {
    if (!Comp) return;
    mounted = Comp.mod;
    // Let sonner subscribe first, then flush what was asked for meanwhile.
    const id = setTimeout(() => {
      for (const t of queue.splice(0)) show(Comp.mod, t);
    }, 0);
    return () => clearTimeout(id);
  }, [Comp]);
  return Comp ? (
    <Comp.Toaster
      position="top-center"
      offset={belowHeader}
      mobileOffset={belowHeader}
      richColors
      closeButton
      // Sonner's own labels are English ('Notifications', 'Close toast').
      containerAriaLabel="Notificaciones"
      toastOptions={{ duration: 5000, closeButtonAriaLabel: "Cerrar aviso" }}
    />
  ) : null;
}

/** Shows a toast that arrived in loader or action data (flash cookie or a returned result). */
export function useShowToast(data: ToastData, key?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` shows the same toast again for a new result
  useEffect(() => {
    if (data) showToast(data);
  }, [data, key]);
}
