import type { ReviewSummary } from "../../../domain/review-summary";
import { ROUTES } from "../../../domain/routes";
import { formatRating, reviewCountWords, Stars } from "../reviews/Stars";

/**
 * The proof beside a claim: the average and count of approved reviews (counted from rows, never written in copy),
 * the stars filled to the average, linking to every review. Shown only when there is at least one.
 */
export function ReviewProof({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0) return null;
  return (
    <a className="review-proof" href={ROUTES.reviews}>
      <Stars rating={summary.average} decorative />
      <span>
        <strong className="review-proof__average">{formatRating(summary.average)}</strong> out of 5
        <span className="sr-only">, </span>
        <span className="review-proof__dot" aria-hidden="true">
          ·
        </span>
        <span className="review-proof__count">
          {reviewCountWords(summary.count)}
          <span className="review-proof__who"> from verified buyers</span>
        </span>
      </span>
    </a>
  );
}
