import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { summaryColumns as summary, type EmailStatus, type OutboxEmail, type OutboxEmailSummary } from "./outbox";

/** The outbox for the console, newest first, keyset-paged on (created_at, id) over email_outbox_created_idx. */
export async function outboxPage(
  db: Queryable,
  options: { status?: EmailStatus; before?: { createdAt: Date; id: string }; limit: number },
): Promise<OutboxEmailSummary[]> {
  const before = options.before;
  const rows = await db
    .select(summary)
    .from(emailOutbox)
    .where(
      and(
        options.status ? eq(emailOutbox.status, options.status) : undefined,
        before ? sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit);
  return rows as OutboxEmailSummary[];
}

/** The emails an area queued under keys starting with `prefix` ("order-confirmation:<id>"), oldest first. */
export async function emailsWithKeyPrefix(db: Queryable, prefix: string): Promise<OutboxEmailSummary[]> {
  // A byte-wise range (the text_pattern_ops operators) on email_outbox_key_prefix_idx: unlike LIKE $1 it stays an
  // index range scan under a generic plan, and no character of the prefix is a wildcard.
  const rows = await db
    .select(summary)
    .from(emailOutbox)
    .where(sql`${emailOutbox.idempotencyKey} ~>=~ ${prefix} and ${emailOutbox.idempotencyKey} ~<~ ${`${prefix}\u{10FFFF}`}`)
    .orderBy(emailOutbox.createdAt)
    .limit(50);
  return rows as OutboxEmailSummary[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Puts a failed email back in the queue inside the caller's transaction; answers its summary before, or null. */
export async function requeueFailed(db: Queryable, id: string): Promise<OutboxEmailSummary | null> {
  if (!UUID.test(id)) return null;
  const [before] = await db.select(summary).from(emailOutbox).where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed"))).for("update");
  if (!before) return null;
  await db.update(emailOutbox).set({ status: "queued", attempts: 0, nextAttemptAt: null }).where(eq(emailOutbox.id, id));
  return before as OutboxEmailSummary;
}

/** One email with its bodies, read in the caller's transaction (the console's detail view); null for an unknown id. */
export async function emailById(db: Queryable, id: string): Promise<OutboxEmail | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return (row as OutboxEmail | undefined) ?? null;
}

/**
 * Queues an email again as a new outbox row: the same recipient, parts, headers and priority, under the original's key
 * plus `:resend:<requestKey>` (a double-submitted form queues one copy). Answers the new row's id, or null when that
 * key was queued already.
 */
export async function queueCopyOf(db: Queryable, email: OutboxEmail, requestKey: string, now: Date): Promise<string | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      template: email.template,
      idempotencyKey: `${email.idempotencyKey}:resend:${requestKey}`,
      headers: email.headers ?? null,
      priority: email.priority,
      createdAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}
