import type { ReviewSummary } from "../../../domain/review-summary";
import { formatRating, reviewCountWords, Stars } from "./Stars";

/** Under a product's title: stars, the average and "(N reviews)" linking to the reviews section. Nothing when there are none. */
export function ReviewSummaryLine({ summary, href = "#reviews" }: { summary: ReviewSummary; href?: string }) {
  if (summary.count === 0) return null;
  return (
    <p className="review-summary-line">
      <Stars rating={summary.average} size="sm" />
      <span className="review-summary-line__average">{formatRating(summary.average)}</span>
      <a className="review-summary-line__count" href={href}>
        ({reviewCountWords(summary.count)})
      </a>
    </p>
  );
}
