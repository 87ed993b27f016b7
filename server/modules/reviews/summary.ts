import { and, count, eq } from "drizzle-orm";
import type { ProductLine } from "../../../domain/product-lines";
import { summaryFromCounts, type ReviewSummary } from "../../../domain/review-summary";
import type { Database } from "../../db/client";
import { reviews } from "../../db/schema";

/** Average, count and distribution of approved reviews: of one product line, or of every line when none is named. */
export async function reviewSummary(db: Database, line: ProductLine | null): Promise<ReviewSummary> {
  const approved = eq(reviews.status, "approved");
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(line ? and(approved, eq(reviews.productLine, line)) : approved)
    .groupBy(reviews.rating);
  return summaryFromCounts(rows.map((r) => ({ rating: r.rating, count: Number(r.count) })));
}
