/**
 * A page that fails because the database does not answer (PostgreSQL restarting, a failover, every
 * connection refused) is a 503 with a Spanish page that says to come back in a few seconds, not a 500
 * «Algo salió mal»: nothing is wrong with the page, and a load balancer or crawler retries a 503.
 * The failure is told apart from a fault of the page, only after a 500, by a connection failure in
 * the last seconds or by asking the database itself.
 */
import type { MiddlewareFunction } from "react-router";
import { errorPage } from "~/lib/error-page";
import { SERVICE_UNAVAILABLE } from "~/lib/user-error";
import { checkDatabase } from "../platform/db.server";
import { connectionFailedRecently } from "../platform/db-pools.server";

/** How long the check after a 500 waits: a database that is up answers `select 1` in milliseconds. */
const PROBE_MS = 1_000;
/** Seconds a client is asked to wait; a connection failure this recent explains a 500 even when the database answers again. */
const RETRY_AFTER_S = 5;

const UNAVAILABLE_PAGE = {
  title: "Servicio no disponible",
  message: SERVICE_UNAVAILABLE,
  action: { href: "/", label: "Volver al inicio" },
};

/**
 * Root middleware for reads (GET/HEAD: documents, their `.data` twins and the JSON endpoints). A form
 * post keeps its own answer, which keeps what was typed.
 */
export const answerUnavailable: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (response.status !== 500 || (request.method !== "GET" && request.method !== "HEAD")) return response;
  if (!connectionFailedRecently(RETRY_AFTER_S * 1000) && (await checkDatabase(PROBE_MS)).ok) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html") || new URL(request.url).pathname.endsWith(".data")) throw errorPage(503, UNAVAILABLE_PAGE);
  return Response.json(
    { error: { codigo: "servicio_no_disponible", mensaje: SERVICE_UNAVAILABLE } },
    { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_S) } },
  );
};
