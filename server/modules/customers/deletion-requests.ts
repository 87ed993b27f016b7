import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { deletionRequests } from "../../db/schema";

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
