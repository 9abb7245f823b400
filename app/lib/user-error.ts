/**
 * Errors and what a person is told about them. A UserError is thrown on purpose and its message is
 * written for the visitor, in Spanish; any other error is a fault whose text (SQL, hosts, a library's
 * English) never reaches a page or a toast: the visitor gets UNEXPECTED_ERROR and the log the original.
 */
export class UserError extends Error {
  override name = "UserError";
}

export const UNEXPECTED_ERROR = "Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.";

/** What a visitor is told while the database does not answer (a restart, a failover): a 503, not a fault of theirs. */
export const SERVICE_UNAVAILABLE = "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.";

/** The visitor's message for `error`; `context` labels the log line of an unexpected one. */
export function messageOf(error: unknown, context: string): string {
  if (error instanceof UserError) return error.message;
  console.error(`[${context}]`, error);
  return UNEXPECTED_ERROR;
}
