/** What a page says about a product's reviews: counted from approved rows, never written in copy. */
export interface ReviewSummary {
  count: number;
  /** Mean rating to one decimal place (0 when there are none). */
  average: number;
  /** Approved reviews per star rating, 5 down to 1. */
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

export const NO_REVIEWS: ReviewSummary = { count: 0, average: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

export function summaryFromCounts(counts: ReadonlyArray<{ rating: number; count: number }>): ReviewSummary {
  const distribution = { ...NO_REVIEWS.distribution };
  let total = 0;
  let sum = 0;
  for (const { rating, count } of counts) {
    if (rating < 1 || rating > 5) continue;
    distribution[rating as 1 | 2 | 3 | 4 | 5] += count;
    total += count;
    sum += rating * count;
  }
  return { count: total, average: total === 0 ? 0 : Math.round((sum / total) * 10) / 10, distribution };
}
