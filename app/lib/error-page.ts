/**
 * What an error page says: a title that names what happened (also the document's <title>), a
 * sentence, and the one link that helps. Loaders throw `errorPage(...)`; the root error boundary
 * reads it back with `errorPageOf`. A plain string thrown as data is the sentence.
 */
import { data, isRouteErrorResponse } from "react-router";

export type ErrorPage = { title: string; message: string; action?: { href: string; label: string } };
export type ShownError = ErrorPage & { status: number };

const HOME = { href: "/", label: "Volver al inicio" };

export const PAGE_NOT_FOUND: ErrorPage = {
  title: "Página no encontrada",
  message: "La página que buscas no existe o fue movida.",
  action: HOME,
};

const BY_STATUS: Record<number, ErrorPage> = {
  400: { title: "Solicitud no válida", message: "No pudimos entender la solicitud. Revisa el enlace e intenta de nuevo.", action: HOME },
  403: { title: "Acceso denegado", message: "No tienes permiso para ver esta página.", action: HOME },
  404: PAGE_NOT_FOUND,
};
const UNEXPECTED: ErrorPage = {
  title: "Algo salió mal",
  message: "Ocurrió un error inesperado. Intenta de nuevo en unos minutos.",
  action: HOME,
};

export function errorPage(status: 400 | 403 | 404 | 503, page: ErrorPage) {
  return data(page, { status });
}

function isErrorPage(value: unknown): value is ErrorPage {
  return typeof value === "object" && value !== null && typeof (value as ErrorPage).title === "string";
}

export function errorPageOf(error: unknown, devMessage?: string): ShownError {
  if (!isRouteErrorResponse(error)) return { status: 500, ...UNEXPECTED, ...(devMessage ? { message: devMessage } : {}) };
  const base = BY_STATUS[error.status] ?? UNEXPECTED;
  if (isErrorPage(error.data)) return { status: error.status, action: base.action, ...error.data };
  const message = typeof error.data === "string" && error.data ? error.data : base.message;
  return { status: error.status, ...base, message };
}

/**
 * A listing or search link whose query string does not parse ('Enlace no válido'): it offers the
 * same page without the parameters that failed, which for a bad cursor is the listing's first page.
 */
export function invalidLinkPage(url: URL, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const bad = new Set(issues.map((i) => String(i.path[0] ?? "")));
  const params = new URLSearchParams(url.searchParams);
  for (const key of bad) params.delete(key);
  const query = params.toString();
  return errorPage(400, {
    title: "Enlace no válido",
    message: issues[0]?.message ?? BY_STATUS[400]!.message,
    action: {
      href: `${url.pathname}${query ? `?${query}` : ""}`,
      label: bad.has("cursor") ? "Ir a la primera página" : "Ver la página sin ese filtro",
    },
  });
}
