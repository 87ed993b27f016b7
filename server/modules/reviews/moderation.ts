import { and, asc, count, desc, eq } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { orderNumber } from "../../../domain/orders";
import type { ProductLine } from "../../../domain/product-lines";
import type { ReviewStatus } from "../../../domain/reviews";
import type { Queryable } from "../../db/client";
import { orders, reviews } from "../../db/schema";

/** A review as the moderation queue shows it: everything, with the order's number for support. */
export interface ModerationRow {
  id: string;
  productLine: ProductLine;
  orderNumber: string | null;
  source: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  status: ReviewStatus;
  rejectReason: string | null;
  reply: string | null;
  createdAt: string;
  moderatedAt: string | null;
}

export const QUEUE_PAGE_SIZE = 20;
export const QUEUE_MAX_PAGE = 500;

/**
 * The moderation queue: reviews of one status, pending oldest first (the one waiting longest is decided first), the
 * others newest first; offset pages, bounded.
 */
export async function moderationQueue(db: Queryable, input: { status: ReviewStatus; page: number }): Promise<{ rows: ModerationRow[]; total: number; page: number; pages: number }> {
  const page = Math.min(Math.max(1, Math.trunc(input.page) || 1), QUEUE_MAX_PAGE);
  const where = eq(reviews.status, input.status);
  const order = input.status === "pending" ? [asc(reviews.createdAt), asc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(reviews).where(where),
    db
      .select({ review: reviews, sequence: orders.number })
      .from(reviews)
      .leftJoin(orders, eq(orders.id, reviews.orderId))
      .where(where)
      .orderBy(...order)
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    rows: rows.map(({ review: r, sequence }) => ({
      id: r.id,
      productLine: r.productLine as ProductLine,
      orderNumber: sequence === null ? null : orderNumber(sequence),
      source: r.source,
      authorName: r.authorName,
      rating: r.rating,
      title: r.title,
      body: r.body,
      photos: r.photos,
      status: r.status as ReviewStatus,
      rejectReason: r.rejectReason,
      reply: r.reply,
      createdAt: r.createdAt.toISOString(),
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
  };
}

/** What the audit log keeps of a review before and after a decision. */
export type ReviewAuditState = { status: string; rejectReason: string | null; reply: string | null };

const stateOf = (row: typeof reviews.$inferSelect): ReviewAuditState => ({ status: row.status, rejectReason: row.rejectReason, reply: row.reply });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The review, locked for the decision (two moderators deciding at once are decided one after the other). */
async function lockedReview(tx: Queryable, id: string) {
  if (!UUID.test(id)) throw new ShopError("NOT_FOUND", "There is no such review.");
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  if (!row) throw new ShopError("NOT_FOUND", "There is no such review.");
  return row;
}

export type ReviewDecision = { kind: "approve" } | { kind: "reject"; reason: string } | { kind: "reply"; reply: string };

/** Applies a moderator's decision in the caller's transaction; answers the state before and after, for the audit. */
export async function decideReview(
  tx: Queryable,
  input: { id: string; decision: ReviewDecision; staffId: string; now: Date },
): Promise<{ before: ReviewAuditState; after: ReviewAuditState; productLine: ProductLine }> {
  const row = await lockedReview(tx, input.id);
  const d = input.decision;
  const change =
    d.kind === "approve"
      ? { status: "approved", rejectReason: null, moderatedByStaffId: input.staffId, moderatedAt: input.now }
      : d.kind === "reject"
        ? { status: "rejected", rejectReason: d.reason, moderatedByStaffId: input.staffId, moderatedAt: input.now }
        : { reply: d.reply, repliedAt: input.now };
  const [updated] = await tx.update(reviews).set(change).where(and(eq(reviews.id, row.id))).returning();
  return { before: stateOf(row), after: stateOf(updated!), productLine: row.productLine as ProductLine };
}
