/**
 * Headers a mail carries besides From, To and Subject, derived from its kind and address when it
 * leaves (the outbox stores none): the monthly report's one-click unsubscribe (RFC 8058).
 */
import { reportListHeaders } from "../visibility/report-token.server";

export async function mailHeaders(kind: string, to: string): Promise<Record<string, string>> {
  return kind === "visibility-report" ? reportListHeaders(to) : {};
}
