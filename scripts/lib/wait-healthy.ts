import type { ChildProcess } from "node:child_process";

/**
 * Waits until `url` (a server's /healthz) answers 2xx, asking every `intervalMs`. Throws what
 * `failure` makes when `child` (the server being waited for) exits, or when `timeoutMs` has passed.
 */
export async function waitHealthy(
  url: string,
  opts: { timeoutMs: number; intervalMs: number; child?: ChildProcess; failure: (why: "exited" | "timeout") => Error },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (opts.child && opts.child.exitCode !== null) throw opts.failure("exited");
    if (Date.now() > deadline) throw opts.failure("timeout");
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
