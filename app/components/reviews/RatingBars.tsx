import type { ReviewSummary } from "../../../domain/review-summary";

const RATINGS = [5, 4, 3, 2, 1] as const;

/**
 * The distribution: one bar per star rating, each a link that filters the list to that rating (a GET link, so it works
 * before JavaScript). The chosen rating's link is marked current; `hrefOf(null)` clears the filter.
 */
export function RatingBars({ summary, selected, hrefOf }: { summary: ReviewSummary; selected: number | null; hrefOf: (rating: number | null) => string }) {
  return (
    <div className="rating-bars">
      <ul className="rating-bars__list">
        {RATINGS.map((rating) => {
          const count = summary.distribution[rating];
          const share = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
          return (
            <li key={rating}>
              <a className="rating-bars__row" href={hrefOf(rating)} aria-current={selected === rating ? "true" : undefined} aria-label={`${rating} star${rating === 1 ? "" : "s"}: ${count} ${count === 1 ? "review" : "reviews"}${selected === rating ? ", shown" : ", show only these"}`}>
                <span className="rating-bars__label" aria-hidden="true">
                  {rating} ★
                </span>
                <span className="rating-bars__bar" aria-hidden="true">
                  <span className="rating-bars__fill" style={{ width: `${share}%` }} />
                </span>
                <span className="rating-bars__count" aria-hidden="true">
                  {count}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {selected !== null ? (
        <p className="rating-bars__clear">
          <a href={hrefOf(null)}>Show all ratings</a>
        </p>
      ) : null}
    </div>
  );
}
