import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { requestInfoContext } from "./server/http/request-context.server";
import { log } from "./server/platform/logger.server";
import { RequestIdProvider } from "./lib/request-id";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";
import { applyCachePolicy } from "./lib/cache-headers";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce, requestId } = loadContext.get(requestInfoContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // No page defers data (nothing suspends), so the shell is the whole document: it is rendered to one
  // buffer and sent with a Content-Length, which costs far less than streaming ~40 small chunks through
  // Node and web streams (decision 024). Bots and browsers get the same complete HTML.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rendered = new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // Whole documents, never progressive: React would otherwise send a finished <Suspense> part
        // that comes after the first 12.8 kB hidden, to be revealed by a script, i.e. never without
        // JavaScript (the lazily loaded forms of /auth and /contact, decision 045).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Uint8Array[] = [];
          let length = 0;
          const sink = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              length += chunk.byteLength;
              callback();
            },
            final(callback) {
              const body = Buffer.concat(chunks, length);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(body.byteLength));
              applyCachePolicy(request, responseHeaders);
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("[app] error al generar la página", { err: error });
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
  // Cleared once the document is whole: a pending timer kept each finished render's memory alive for
  // six seconds.
  return rendered.finally(() => clearTimeout(timer));
}

/** Single-fetch data responses follow the same cache policy as documents. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applyCachePolicy(request, response.headers);
  return response;
}

/** An unexpected error in a loader, action or render: logged once, with the request's id (D23). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error(`[app] error no controlado en ${request.method} ${new URL(request.url).pathname}`, { err: error });
}
