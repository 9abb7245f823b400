/**
 * D18: public pages may be cached in process. Every write that changes what a public page shows
 * calls `invalidatePublicPages()`. (The cache itself is implemented with the directory work.)
 */
type Listener = () => void;
const listeners: Listener[] = [];

export function onInvalidate(listener: Listener): void {
  listeners.push(listener);
}

export function invalidatePublicPages(): void {
  for (const l of listeners) l();
}
