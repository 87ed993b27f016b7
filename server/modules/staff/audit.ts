import { and, desc, eq, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { auditLog } from "../../db/schema";

export interface AuditActor {
  staffId: string;
  email: string;
  requestId?: string;
}

export interface AuditEntryInput {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export type AuditEntry = typeof auditLog.$inferSelect;

/** Appends one entry in the caller's transaction, so the change and its record commit or fail together. */
export async function writeAudit(db: Queryable, actor: AuditActor, entry: AuditEntryInput, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId ?? null,
    createdAt: now,
  });
}

/** Newest first, keyset-paged by id (the primary key): `before` is the last id of the previous page. */
export async function listAudit(
  db: Queryable,
  options: { before?: number; limit: number; target?: { type: string; id: string } },
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        options.before ? lt(auditLog.id, options.before) : undefined,
        options.target ? and(eq(auditLog.targetType, options.target.type), eq(auditLog.targetId, options.target.id)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}
