/** What waits for an admin's decision in the review queues (each count reads its queue's partial index). */
import { sql } from "drizzle-orm";
import { queryRows } from "../platform/db.server";

export type WaitingForReview = {
  /** Claims sent for the team's review and listings members submitted (/admin/solicitudes). */
  requests: number;
  /** Owners' changes of name, category or industry, or province (/admin/cambios). */
  changes: number;
};

export async function waitingForReview(): Promise<WaitingForReview> {
  const [row] = await queryRows<{ claims: number; submissions: number; changes: number }>(sql`
    select
      (select count(*) from listing_claims where status = 'pending' and method = 'admin')::int as claims,
      ((select count(*) from restaurants where review_status = 'pending')
        + (select count(*) from businesses where review_status = 'pending'))::int as submissions,
      (select count(*) from listing_change_requests where status = 'pending')::int as changes`);
  return { requests: Number(row!.claims) + Number(row!.submissions), changes: Number(row!.changes) };
}
