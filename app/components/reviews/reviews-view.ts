import type { MediaImage } from "../../../domain/media";
import type { ReviewSummary } from "../../../domain/review-summary";
import type { PublicReview } from "../../../domain/reviews";

/** What a route's loader hands the review components (the load context's ReviewsView, as JSON). */
export interface ReviewsViewData {
  summary: ReviewSummary;
  list: { rows: PublicReview[]; total: number; page: number; pages: number };
  images: Record<string, MediaImage>;
}
