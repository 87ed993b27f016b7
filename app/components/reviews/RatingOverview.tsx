import type { ReviewSummary } from "../../../domain/review-summary";
import { RatingBars } from "./RatingBars";
import { formatRating, reviewCountWords, Stars } from "./Stars";

/** The average in large type, its stars, the count and the bars per rating: the same on a product page and /reviews. */
export function RatingOverview({ summary, selected, hrefOf }: { summary: ReviewSummary; selected: number | null; hrefOf: (rating: number | null) => string }) {
  return (
    <>
      <p className="product-reviews__average">
        <span className="product-reviews__number">{formatRating(summary.average)}</span>
        <span className="product-reviews__of">out of 5</span>
      </p>
      <Stars rating={summary.average} size="lg" />
      <p className="product-reviews__count">Based on {reviewCountWords(summary.count)}</p>
      <RatingBars summary={summary} selected={selected} hrefOf={hrefOf} />
    </>
  );
}
