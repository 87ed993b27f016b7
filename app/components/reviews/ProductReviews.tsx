import { PRODUCT_PAGE_KEYS, reviewListSearch, type ReviewListQuery } from "../../../domain/reviews";
import type { ReviewsViewData } from "./reviews-view";
import { RatingOverview } from "./RatingOverview";
import { ReviewCard } from "./ReviewCard";
import { ReviewPager } from "./ReviewPager";
import { reviewCountWords } from "./Stars";

/**
 * A product page's reviews (id "reviews", the summary line's target): average, count and distribution of the line's
 * approved reviews, then a page of them newest first. Filters and pages are links to this page with reviewRating and
 * reviewPage, ending at #reviews.
 * Rendered to markup on the server and never hydrated (ADR 0077): no hooks or handlers here or in its children.
 */
export function ProductReviews({ view, query, path, productName }: { view: ReviewsViewData; query: ReviewListQuery; path: string; productName: string }) {
  const { summary, list, images } = view;
  const href = (next: Partial<ReviewListQuery>) => `${path}${reviewListSearch({ ...query, line: null, ...next }, PRODUCT_PAGE_KEYS)}#reviews`;
  return (
    <section id="reviews" className="product-reviews" aria-labelledby="reviews-title">
      <div className="product-reviews__inner">
        <h2 id="reviews-title" className="product-reviews__title">
          Reviews of {productName}
        </h2>
        {summary.count === 0 ? (
          <p className="product-reviews__empty">No reviews yet. We ask every buyer for one a couple of weeks after their order ships, and every review we publish shows here.</p>
        ) : (
          <div className="product-reviews__layout">
            <div className="product-reviews__summary">
              <RatingOverview summary={summary} selected={query.rating} hrefOf={(rating) => href({ rating: rating as ReviewListQuery["rating"], page: 1 })} />
              <p className="product-reviews__all">
                <a href="/reviews">Read reviews of every product</a>
              </p>
            </div>
            <div className="product-reviews__list">
              <p className="product-reviews__showing" aria-live="polite">
                {query.rating ? `${reviewCountWords(list.total)} with ${query.rating} star${query.rating === 1 ? "" : "s"}, newest first` : "Newest first"}
              </p>
              {list.rows.length === 0 ? <p>No reviews with this rating yet.</p> : null}
              {list.rows.map((review) => (
                <ReviewCard key={review.id} review={review} images={images} />
              ))}
              <ReviewPager page={list.page} pages={list.pages} hrefOf={(page) => href({ page })} label="Pages of reviews" />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
