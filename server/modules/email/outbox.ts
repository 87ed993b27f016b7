import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { statementPart, type StatementPart } from "../../db/one-statement";
import { emailOutbox } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { staffViewOf, staffViewShows } from "./staff-view";

/**
 * The email outbox: a table of emails to send, written in the caller's transaction, delivered after commit
 * by the send-email job (server/jobs/send-email.ts). A row is the durable record: if the process stops
 * between the commit and the send, the job's next sweep still finds it.
 */
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The template that made it: "order-confirmation". */
  template: string;
  /** What makes it one email, however often the caller retries: "order-confirmation:<orderId>". */
  idempotencyKey: string;
  /** Extra headers set by the code (List-Unsubscribe on newsletter-type email); values may not break a line. */
  headers?: Record<string, string> | null;
  /** Someone is waiting for it (a sign-in code, a magic link, a reset, a verification): sent before everything else. */
  urgent?: boolean;
  /**
   * The secrets the renderer put in it (a code, a link that signs in): never stored, only checked: queuing fails if
   * the console's staff view (staff-view.ts) would still show one, so a kind that leaks to staff fails its own tests.
   */
  secrets?: readonly string[];
}

/** The outbox's priority column: lower is sent first. */
export const URGENT_PRIORITY = 0;
export const NORMAL_PRIORITY = 1;

export interface OutboxEmail extends NewEmail {
  id: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
  priority: number;
}

export type OutboxEmailSummary = Omit<OutboxEmail, "text" | "html" | "priority">;

/** A try that fails is repeated after these waits; the try after the last wait that also fails marks the email failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a sender holds a claimed row without a sign of life. A live sender renews the lease of the rows still in its
 * hand every CLAIM_RENEW_MS (renewClaims), so a slow SMTP peer never makes a row look abandoned; a sender that dies
 * leaves its rows to be claimed by another within CLAIM_LEASE_MS (ADR 0051).
 */
export const CLAIM_LEASE_MS = 30_000;
export const CLAIM_RENEW_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINE_BREAK = /[\r\n]/;

function checkEmail(email: NewEmail): void {
  for (const field of ["to", "subject", "template", "idempotencyKey"] as const) {
    const value = email[field];
    if (typeof value !== "string" || value.trim() === "") throw new TypeError(`enqueueEmail: ${field} is empty`);
    // Header values: a line break would start a new header.
    if (LINE_BREAK.test(value)) throw new TypeError(`enqueueEmail: ${field} contains a line break`);
  }
  if (!email.to.includes("@")) throw new TypeError("enqueueEmail: to is not an email address");
  for (const [name, value] of Object.entries(email.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || LINE_BREAK.test(value)) throw new TypeError(`enqueueEmail: header ${name} is not a single line`);
  }
  if (email.secrets?.length) {
    const view = staffViewOf(email);
    if (email.secrets.some((secret) => secret !== "" && staffViewShows(view, secret))) throw new TypeError(`enqueueEmail: staff would see a secret of ${email.template}`);
  }
}

/**
 * Queues an email. Pass the caller's transaction as `db` so the email exists exactly when the change it
 * announces does (a rolled-back order leaves no confirmation). Queuing an idempotency key that exists
 * already does nothing and answers null; otherwise answers the new row's id.
 * After the commit, call sendQueuedEmailsSoon(shop) to send it without waiting for the next sweep.
 */
export async function enqueueEmail(db: Queryable, email: NewEmail, options: { now: Date }): Promise<string | null> {
  checkEmail(email);
  const rows = await db
    .insert(emailOutbox)
    .values(outboxRow(email, options.now))
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning({ id: emailOutbox.id });
  return rows[0]?.id ?? null;
}

/** An email queued as a part of another statement (the checkout order's, ADR 0046); a key already queued is skipped. */
export function queuedEmailPart(db: Queryable, name: string, email: NewEmail, options: { now: Date }): StatementPart {
  checkEmail(email);
  return statementPart(name, db.insert(emailOutbox).values(outboxRow(email, options.now)).onConflictDoNothing({ target: emailOutbox.idempotencyKey }));
}

/** Queues many emails in one statement (the renewal engine's receipts for a batch); a key already queued is skipped. */
export async function enqueueEmails(db: Queryable, emails: NewEmail[], options: { now: Date }): Promise<void> {
  if (emails.length === 0) return;
  for (const email of emails) checkEmail(email);
  await db
    .insert(emailOutbox)
    .values(emails.map((email) => outboxRow(email, options.now)))
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey });
}

function outboxRow(email: NewEmail, now: Date) {
  return {
    to: email.to.trim(),
    subject: email.subject,
    text: email.text,
    html: email.html,
    template: email.template,
    idempotencyKey: email.idempotencyKey,
    headers: email.headers ?? null,
    priority: email.urgent ? URGENT_PRIORITY : NORMAL_PRIORITY,
    createdAt: now,
  };
}

/** The columns of an email without its bodies: the mailbox and the console list these. */
export const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  idempotencyKey: emailOutbox.idempotencyKey,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** The newest emails first (the development mailbox). */
export async function listOutbox(shop: Shop, options: { limit?: number; status?: EmailStatus } = {}): Promise<OutboxEmailSummary[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 500);
  const rows = await dbOf(shop)
    .select(summaryColumns)
    .from(emailOutbox)
    .where(options.status ? eq(emailOutbox.status, options.status) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  return rows as OutboxEmailSummary[];
}

/** One email, or null (also for an id that is not a UUID, so a typed-in address is a 404, not a database error). */
export async function findEmail(shop: Shop, id: string): Promise<OutboxEmail | null> {
  if (!UUID.test(id)) return null;
  const [row] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return (row as OutboxEmail | undefined) ?? null;
}

export async function findEmailByKey(shop: Shop, idempotencyKey: string): Promise<OutboxEmail | null> {
  const [row] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, idempotencyKey));
  return (row as OutboxEmail | undefined) ?? null;
}

/**
 * Claims up to `limit` queued emails that are due, urgent ones first, then oldest first: counts the attempt and leases the row
 * (next_attempt_at moves CLAIM_LEASE_MS ahead) in one statement. SKIP LOCKED lets several workers sweep at once
 * without claiming the same row.
 */
export async function claimDueEmails(shop: Shop, limit = 20): Promise<OutboxEmail[]> {
  const now = shop.clock.now();
  const db = dbOf(shop);
  // A CTE, not an IN (subquery): PostgreSQL may run a locking subquery more than once per statement, and a second
  // run skips the rows the first one locked, so a sweep claimed fewer rows than were due (seen in a race test).
  const due = db.$with("due").as(
    db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now))))
      .orderBy(asc(emailOutbox.priority), asc(emailOutbox.createdAt), asc(emailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  const rows = await db
    .with(due)
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(emailOutbox.id, db.select({ id: due.id }).from(due)), eq(emailOutbox.status, "queued")))
    .returning();
  return (rows as OutboxEmail[]).sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
}

/** A live sender's sign of life: moves the lease of the claimed rows it has not finished CLAIM_LEASE_MS ahead again. */
export async function renewClaims(shop: Shop, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await dbOf(shop)
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(shop.clock.now().getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "queued")));
}

/** Hands back claimed rows a stopping sender did not try (a rolling restart): due at once, the attempt not counted. */
export async function releaseClaims(shop: Shop, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await dbOf(shop)
    .update(emailOutbox)
    .set({ nextAttemptAt: null, attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "queued")));
}

export async function markEmailSent(shop: Shop, id: string): Promise<void> {
  await dbOf(shop)
    .update(emailOutbox)
    .set({ status: "sent", sentAt: shop.clock.now(), nextAttemptAt: null, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/**
 * Records a failed try of a claimed email. A temporary failure is tried again after the backoff
 * (RETRY_DELAYS_MS by attempt) until MAX_ATTEMPTS; a permanent one, or the last try, marks it failed.
 * Either way the email stays in the outbox with its content and the last error.
 */
export async function markEmailFailed(
  shop: Shop,
  email: Pick<OutboxEmail, "id" | "attempts">,
  error: string,
  options: { permanent?: boolean } = {},
): Promise<EmailStatus> {
  const delay = RETRY_DELAYS_MS[email.attempts - 1];
  const final = options.permanent || email.attempts >= MAX_ATTEMPTS || delay === undefined;
  const status: EmailStatus = final ? "failed" : "queued";
  await dbOf(shop)
    .update(emailOutbox)
    .set({
      status,
      lastError: error.slice(0, 2000),
      nextAttemptAt: final ? null : new Date(shop.clock.now().getTime() + delay),
    })
    .where(eq(emailOutbox.id, email.id));
  return status;
}

/** Puts a failed email back in the queue (an operator fixed the SMTP settings or the address). */
export async function requeueEmail(shop: Shop, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const rows = await dbOf(shop)
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}
