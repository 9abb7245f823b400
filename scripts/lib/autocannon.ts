/** autocannon, typed as the benchmarks use it (the package ships no type declarations). */
// @ts-expect-error autocannon ships no type declarations
import autocannonModule from "autocannon";

export type AcResult = { requests: { total: number; average: number }; errors: number; timeouts: number; non2xx: number; duration: number };
/** Per connection, reset after the last of its requests (autocannon's `context`). */
export type AcContext = Record<string, unknown>;
export type AcRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: AcContext) => AcRequest | null;
  onResponse?: (status: number, body: string, context: AcContext, headers: Record<string, string>) => void;
};
/** A connection: the response event reads its context. */
export type AcClient = { requestIterator: { context: AcContext } };
type AcInstance = {
  on(event: "response", fn: (client: AcClient, status: number, bytes: number, time: number) => void): void;
  stop(): void;
};
const autocannon = autocannonModule as (opts: Record<string, unknown>, cb: (err: Error | null, res: AcResult) => void) => AcInstance;

/** One autocannon run to its end; `onResponse` sees every answer as it comes (latency in ms). */
export function runAutocannon(
  opts: Record<string, unknown>,
  onResponse: (client: AcClient, status: number, bytes: number, time: number) => void,
): Promise<AcResult> {
  return new Promise<AcResult>((resolve, reject) => {
    const inst = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    inst.on("response", onResponse);
  });
}
