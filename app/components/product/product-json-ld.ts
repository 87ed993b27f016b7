import { toMajor } from "../../../domain/money";
import type { ProductOffer } from "../../../domain/offers";
import type { ReviewSummary } from "../../../domain/review-summary";
import type { PublicReview } from "../../../domain/reviews";

/** The approved reviews a product's structured data may carry (ADR 0068): the line's summary and its newest few. */
export interface ProductRatings {
  summary: ReviewSummary;
  reviews: PublicReview[];
}

/** At most this many reviews go in the structured data: enough for a rich result, small enough for every page. */
export const JSON_LD_REVIEWS = 3;

/**
 * schema.org Product with one Offer per plan the shopper can buy, for search engines; with aggregateRating and review
 * from approved reviews only, and neither when there are none.
 */
export function productJsonLd(offers: ProductOffer[], pageUrl: string, ratings?: ProductRatings) {
  const main = offers[0];
  if (!main) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: main.name,
    description: main.description,
    sku: main.sku,
    image: new URL(main.image, pageUrl).href,
    brand: { "@type": "Brand", name: "Seed" },
    offers: offers
      .filter((o) => o.available && o.price)
      .map((o) => ({
        "@type": "Offer",
        sku: o.sku,
        name: o.name,
        price: toMajor(o.price!.amount).toFixed(2),
        priceCurrency: o.price!.currency,
        availability: "https://schema.org/InStock",
        url: pageUrl,
      })),
    ...(ratings && ratings.summary.count > 0 ? ratingsJsonLd(ratings) : {}),
  };
}

function ratingsJsonLd({ summary, reviews }: ProductRatings) {
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
      "@type": "Review",
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
      author: { "@type": "Person", name: r.authorName },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
