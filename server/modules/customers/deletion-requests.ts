import { and, asc, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { customers, deletionRequests } from "../../db/schema";

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

/**
 * Records that a customer asked to be erased (ADR 0042). A second request while one is pending answers the pending
 * one (the unique partial index keeps it at one, even for two clicks at once).
 */
export async function recordDeletionRequest(db: Queryable, input: { customerId: string; note: string; requestedBy: string; now: Date }): Promise<{ request: DeletionRequestRow; created: boolean }> {
  const [created] = await db
    .insert(deletionRequests)
    .values({ customerId: input.customerId, status: "pending", note: input.note, requestedBy: input.requestedBy, requestedAt: input.now })
    .onConflictDoNothing()
    .returning();
  if (created) return { request: created, created: true };
  return { request: (await pendingDeletionRequest(db, input.customerId))!, created: false };
}

export async function pendingDeletionRequest(db: Queryable, customerId: string): Promise<DeletionRequestRow | null> {
  const [row] = await db.select().from(deletionRequests).where(and(eq(deletionRequests.customerId, customerId), eq(deletionRequests.status, "pending"))).limit(1);
  return row ?? null;
}

export async function deletionRequestsOf(db: Queryable, customerId: string): Promise<DeletionRequestRow[]> {
  return db.select().from(deletionRequests).where(eq(deletionRequests.customerId, customerId)).orderBy(desc(deletionRequests.requestedAt)).limit(20);
}

/** Marks the customer's pending request done. */
export async function completeDeletionRequest(db: Queryable, customerId: string, processedBy: string, now: Date): Promise<DeletionRequestRow | null> {
  const [row] = await db
    .update(deletionRequests)
    .set({ status: "done", processedBy, processedAt: now })
    .where(and(eq(deletionRequests.customerId, customerId), eq(deletionRequests.status, "pending")))
    .returning();
  return row ?? null;
}

/** The queue: pending requests oldest first (deletion_requests_status_idx), with the customer's email to find them by. */
export async function pendingDeletionRequests(db: Queryable, limit: number) {
  return db
    .select({ id: deletionRequests.id, customerId: deletionRequests.customerId, email: customers.email, note: deletionRequests.note, requestedBy: deletionRequests.requestedBy, requestedAt: deletionRequests.requestedAt })
    .from(deletionRequests)
    .innerJoin(customers, eq(customers.id, deletionRequests.customerId))
    .where(eq(deletionRequests.status, "pending"))
    .orderBy(asc(deletionRequests.requestedAt))
    .limit(limit);
}
