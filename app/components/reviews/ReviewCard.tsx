import type { MediaImage } from "../../../domain/media";
import { PRODUCT_LINES } from "../../../domain/product-lines";
import type { PublicReview } from "../../../domain/reviews";
import { Picture } from "../ui/Picture";
import { Stars } from "./Stars";

const dateWords = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * One approved review: stars, title, the words as plain text (line breaks kept by CSS, never markup), the reviewer's
 * first name with "Verified buyer" when it came through an order's link, the date, photos and our public reply.
 */
export function ReviewCard({ review, images, showProduct = false, headingLevel = 3 }: { review: PublicReview; images: Record<string, MediaImage>; showProduct?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const photos = review.photos.map((hash) => images[hash]).filter((image): image is MediaImage => !!image);
  return (
    <article className="review-card" aria-labelledby={`review-${review.id}`}>
      <Stars rating={review.rating} size="sm" label={`Rated ${review.rating} out of 5`} />
      <Heading id={`review-${review.id}`} className="review-card__title">
        {review.title}
      </Heading>
      {showProduct ? (
        <p className="review-card__product">
          <a href={PRODUCT_LINES[review.productLine].page}>{PRODUCT_LINES[review.productLine].name}</a>
        </p>
      ) : null}
      <p className="review-card__body">{review.body}</p>
      {photos.length > 0 ? (
        <ul className="review-card__photos" aria-label="Photos from the reviewer">
          {photos.map((image) => (
            <li key={image.hash}>
              <Picture image={image} sizes="120px" className="review-card__photo" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="review-card__byline">
        <span className="review-card__author">{review.authorName}</span>
        {review.verified ? <span className="review-card__verified">Verified buyer</span> : null}
        <time dateTime={review.createdAt}>{dateWords(review.createdAt)}</time>
      </p>
      {review.reply ? (
        <div className="review-card__reply">
          <p className="review-card__reply-label">Reply from Seed</p>
          <p className="review-card__reply-text">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
