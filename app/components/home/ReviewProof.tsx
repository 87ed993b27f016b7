import type { ReviewSummary } from "../../../domain/review-summary";
import { ROUTES } from "../../../domain/routes";

const STAR = "M12 2.6l2.83 5.93 6.52.78-4.8 4.5 1.25 6.45L12 17.1l-5.8 3.16 1.25-6.45-4.8-4.5 6.52-.78z";
const count = new Intl.NumberFormat("en-US");

function StarRow() {
  return (
    <svg viewBox="0 0 120 24" width="100" height="20" focusable="false">
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x} 0)`} />
      ))}
    </svg>
  );
}

/**
 * The proof beside a claim: the average and count of approved reviews (counted from rows, never written in copy),
 * the stars filled to the average, linking to every review. Shown only when there is at least one.
 */
export function ReviewProof({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0) return null;
  const fill = `${Math.min(100, Math.max(0, (summary.average / 5) * 100))}%`;
  return (
    <a className="review-proof" href={ROUTES.reviews}>
      <span className="review-proof__stars" aria-hidden="true">
        <StarRow />
        <span className="review-proof__fill" style={{ width: fill }}>
          <StarRow />
        </span>
      </span>
      <span>
        <strong className="review-proof__average">{summary.average.toFixed(1)}</strong> out of 5
        <span className="sr-only">, </span>
        <span className="review-proof__dot" aria-hidden="true">
          ·
        </span>
        <span className="review-proof__count">
          {count.format(summary.count)} {summary.count === 1 ? "review" : "reviews"}
          <span className="review-proof__who"> from verified buyers</span>
        </span>
      </span>
    </a>
  );
}
