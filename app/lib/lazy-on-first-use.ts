import { type ComponentType, lazy } from "react";

const FIRST_USE_EVENTS = ["focusin", "pointerdown", "keydown", "input"];

/**
 * A form's script (Conform, Zod and their parts, ~55 kB of brotli) fetched when the visitor reaches
 * for the form, not with the page, which would go over the public pages' 120 kB budget (decision
 * 091). Until then the server's HTML, found by `elementId`, is a plain form that posts as without
 * JavaScript. Where there is no server form to reach for (a page rendered in the browser) it loads
 * at once; `load()` loads it on demand (call it when the page goes, so that the lazy component,
 * shared by every visit, never waits on a form that is gone).
 */
export function lazyOnFirstUse<P>(elementId: string, importer: () => Promise<{ default: ComponentType<P> }>) {
  let want = () => {};
  const wanted = new Promise<void>((resolve) => {
    want = resolve;
  });
  // Listened for as soon as the route's module runs, and on the window before anything else: until
  // the form is hydrated, React stops the propagation of some of its events (focusin) to replay them.
  const serverElement = typeof document === "undefined" ? null : document.getElementById(elementId);
  if (serverElement) {
    const reachedFor = (event: Event) => {
      if (serverElement.contains(event.target as Node)) want();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, reachedFor, { capture: true, passive: true });
    wanted.then(() => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, reachedFor, { capture: true });
    });
    // Focus may have moved into the form before this script ran.
    if (serverElement.contains(document.activeElement)) want();
  }
  const Component = lazy(async () => {
    if (serverElement?.isConnected) await wanted;
    return importer();
  });
  return { Component, load: () => want() };
}
