import { data } from "react-router";
import { PRODUCT_LINE_IDS, PRODUCT_LINES } from "../../../domain/product-lines";
import { reviewListQuery, reviewListSearch, REVIEW_SORTS, type ReviewListQuery, type ReviewSort } from "../../../domain/reviews";
import { Blocks } from "../../blocks/Blocks";
import { PageIntro } from "../../components/content/PageIntro";
import { RatingOverview } from "../../components/reviews/RatingOverview";
import { ReviewCard } from "../../components/reviews/ReviewCard";
import { ReviewPager } from "../../components/reviews/ReviewPager";
import { formatRating, reviewCountWords } from "../../components/reviews/Stars";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/reviews";
import "../../components/reviews/reviews.css";

/**
 * /reviews (ADR 0068): every approved review, filtered by product and rating, sorted newest, highest or lowest, in
 * pages. The CMS page keeps its title, introduction and guidelines; every number on the page is counted from rows.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = reviewListQuery(url.searchParams);
  const [page, view, lines] = await Promise.all([context.pages.find("reviews"), context.reviews.list(query), context.reviews.summaries()]);
  if (!page) throw data(null, { status: 404 });
  return { page, view, lines, query, url: canonicalUrl(request) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => pageMeta(d?.page, d?.url);

const SORT_WORDS: Record<ReviewSort, string> = { newest: "Newest first", highest: "Highest rated first", lowest: "Lowest rated first" };

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { page, view, lines, query } = loaderData;
  const { summary, list, images } = view;
  const href = (next: Partial<ReviewListQuery>) => `/reviews${reviewListSearch({ ...query, page: 1, ...next })}`;
  const scope = query.line ? PRODUCT_LINES[query.line].name : "all our products";
  return (
    <main id="main" className="content-page reviews-page">
      <PageIntro page={page} />
      <div className="reviews-page__layout">
        <aside className="reviews-page__side" aria-labelledby="reviews-summary-title">
          <h2 id="reviews-summary-title" className="reviews-page__side-title">
            Ratings of {scope}
          </h2>
          {summary.count > 0 ? (
            <>
              <RatingOverview summary={summary} selected={query.rating} hrefOf={(rating) => href({ rating: rating as ReviewListQuery["rating"] })} />
            </>
          ) : (
            <p>No published reviews yet.</p>
          )}
          <h2 className="reviews-page__side-title">By product</h2>
          <ul className="reviews-page__lines">
            <li>
              <a href={href({ line: null })} aria-current={query.line === null ? "true" : undefined}>
                All products
              </a>
            </li>
            {PRODUCT_LINE_IDS.map((line) => (
              <li key={line}>
                <a href={href({ line })} aria-current={query.line === line ? "true" : undefined}>
                  {PRODUCT_LINES[line].name}
                  <span className="reviews-page__line-count">
                    {lines[line].count > 0 ? `${formatRating(lines[line].average)} ★ · ${reviewCountWords(lines[line].count)}` : "No reviews yet"}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </aside>
        <section className="reviews-page__main" aria-labelledby="reviews-list-title">
          <h2 id="reviews-list-title" className="sr-only">
            Reviews
          </h2>
          <form method="get" action="/reviews" className="reviews-filter">
            <div className="field">
              <label htmlFor="reviews-line" className="field-label">
                Product
              </label>
              <select id="reviews-line" name="line" defaultValue={query.line ?? ""} className="field-input">
                <option value="">All products</option>
                {PRODUCT_LINE_IDS.map((line) => (
                  <option key={line} value={line}>
                    {PRODUCT_LINES[line].name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="reviews-rating" className="field-label">
                Rating
              </label>
              <select id="reviews-rating" name="rating" defaultValue={query.rating ? String(query.rating) : ""} className="field-input">
                <option value="">All ratings</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} {n === 1 ? "star" : "stars"}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="reviews-sort" className="field-label">
                Sort
              </label>
              <select id="reviews-sort" name="sort" defaultValue={query.sort} className="field-input">
                {REVIEW_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_WORDS[sort]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--small">
              Show reviews
            </button>
          </form>
          <p className="reviews-page__showing" role="status">
            {list.total === 0
              ? "No reviews match these filters."
              : `${reviewCountWords(list.total)}${query.rating ? ` with ${query.rating} star${query.rating === 1 ? "" : "s"}` : ""} of ${scope}, ${SORT_WORDS[query.sort].toLowerCase()}${list.pages > 1 ? `, page ${list.page} of ${list.pages}` : ""}`}
          </p>
          {list.rows.map((review) => (
            <ReviewCard key={review.id} review={review} images={images} showProduct />
          ))}
          <ReviewPager page={list.page} pages={list.pages} hrefOf={(n) => `/reviews${reviewListSearch({ ...query, page: n })}`} label="Pages of reviews" />
        </section>
      </div>
      <div className="content-blocks">
        <Blocks blocks={page.blocks} />
      </div>
    </main>
  );
}
