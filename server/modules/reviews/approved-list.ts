import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { REVIEWS_PER_PAGE, type PublicReview, type ReviewListQuery } from "../../../domain/reviews";
import type { ProductLine } from "../../../domain/product-lines";
import type { Queryable } from "../../db/client";
import { reviews } from "../../db/schema";

export interface ReviewPage {
  rows: PublicReview[];
  /** Approved reviews matching the filters (counted from rows). */
  total: number;
  page: number;
  pages: number;
}

const toPublic = (row: typeof reviews.$inferSelect): PublicReview => ({
  id: row.id,
  productLine: row.productLine as ProductLine,
  authorName: row.authorName,
  verified: row.source === "buyer",
  rating: row.rating,
  title: row.title,
  body: row.body,
  photos: row.photos,
  reply: row.reply,
  createdAt: row.createdAt.toISOString(),
});

/**
 * One page of approved reviews, filtered by line and rating, sorted newest first or by rating. Only approved rows are
 * read (the status is the first condition, and the indexes on (status | product_line, status), created_at, id serve
 * it); offset paging is bounded by MAX_REVIEW_PAGE.
 */
export async function approvedReviews(db: Queryable, query: ReviewListQuery, perPage = REVIEWS_PER_PAGE): Promise<ReviewPage> {
  const conditions: SQL[] = [eq(reviews.status, "approved")];
  if (query.line) conditions.push(eq(reviews.productLine, query.line));
  if (query.rating) conditions.push(eq(reviews.rating, query.rating));
  const where = and(...conditions);
  const order =
    query.sort === "highest"
      ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
      : query.sort === "lowest"
        ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
        : [desc(reviews.createdAt), desc(reviews.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(reviews).where(where),
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((query.page - 1) * perPage),
  ]);
  const total = Number(counted?.n ?? 0);
  return { rows: rows.map(toPublic), total, page: query.page, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** The newest approved reviews of a line, for structured data (at most `limit`). */
export async function newestApproved(db: Queryable, line: ProductLine, limit = 5): Promise<PublicReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.status, "approved"), eq(reviews.productLine, line)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toPublic);
}

