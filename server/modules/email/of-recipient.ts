import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { summaryColumns as summary, type OutboxEmailSummary } from "./outbox";

/**
 * The newest emails sent to one address (the customer page). Summaries only: the caller shows them through
 * staffSubjectOf, so a sign-in code's subject never reaches staff (ADR 0055). No index on the recipient: the outbox is
 * read by a scan of its newest rows, bounded by the limit.
 */
export async function emailsTo(db: Queryable, to: string, limit = 30): Promise<OutboxEmailSummary[]> {
  const rows = await db.select(summary).from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows as OutboxEmailSummary[];
}
