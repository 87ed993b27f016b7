/** Reviews from verified buyers (docs/decisions/0068). */
export { approvedReviews, newestApproved, type ReviewPage } from "./approved-list";
export { decideReview, moderationQueue, QUEUE_PAGE_SIZE, type ModerationRow, type ReviewAuditState, type ReviewDecision } from "./moderation";
export { renderReviewRequest, REVIEW_REQUEST, reviewableLines, reviewRequestKey } from "./request-email";
export { scheduleReviewRequest } from "./requests";
export { readReviewToken, REVIEW_LINK_DAYS, REVIEW_PATH, reviewLinkVerifies, reviewToken, reviewUrl, type ReviewLink } from "./review-links";
export { seedReviewId, seedReviews, readSeedReviews, SEED_REVIEWS_AS_OF } from "./seed-reviews";
export { sendDueReviewRequests, REVIEW_REQUEST_BATCH } from "./send-requests";
export { ReviewFormError, reviewFormOf, submitReview, type ReviewFormView, type ReviewPhotoUpload } from "./submit";
export { reviewSummary } from "./summary";
