import type { Context } from "hono";
import { errorCodeOf } from "../../../domain/errors";
import type { MediaImage } from "../../../domain/media";
import { PRODUCT_LINE_IDS, type ProductLine } from "../../../domain/product-lines";
import type { ReviewSummary } from "../../../domain/review-summary";
import type { PublicReview, ReviewFieldErrors, ReviewListQuery } from "../../../domain/reviews";
import { findImages } from "../../modules/media";
import { approvedReviews, newestApproved, ReviewFormError, reviewFormOf, reviewSummary, submitReview, type ReviewFormView, type ReviewPage, type ReviewPhotoUpload } from "../../modules/reviews";
import { dbOf } from "../../shop";
import { clientAddressKey } from "../middleware/client-ip";
import type { AppEnv } from "../types";
import { answer, type LinkAnswer } from "./subscription-links";

/** A page of reviews with what the page needs to draw them: the summary and the photos' library entries. */
export interface ReviewsView {
  summary: ReviewSummary;
  list: ReviewPage;
  images: Record<string, MediaImage>;
}

export type ReviewSubmitAnswer =
  | { ok: true; view: ReviewFormView }
  | { ok: false; code: string; message: string; status: number; fields: ReviewFieldErrors };

/** Reviews (ADR 0068): the review link's page and its form, and the approved reviews product pages and /reviews show. */
export interface ReviewsContext {
  reviews: {
    form(token: string): Promise<LinkAnswer<ReviewFormView>>;
    /** Writes the review; `photos` are the form's files (empty file inputs left out). */
    submit(token: string, fields: Record<string, string>, photos?: ReviewPhotoUpload[]): Promise<ReviewSubmitAnswer>;
    /** Summary of the line (or of all when null) and one page of its approved reviews. */
    list(query: ReviewListQuery): Promise<ReviewsView>;
    /** Each line's summary (the /reviews filter's counts). */
    summaries(): Promise<Record<ProductLine, ReviewSummary>>;
    /** The newest approved reviews of a line, for structured data. */
    newest(line: ProductLine, limit?: number): Promise<PublicReview[]>;
  };
}

export function reviewsContext(c: Context<AppEnv>): ReviewsContext {
  const shop = c.get("shop");
  const db = dbOf(shop);
  return {
    reviews: {
      form: (token) => answer(() => reviewFormOf(shop, token)),
      async submit(token, fields, photos = []) {
        try {
          const { view } = await submitReview(shop, token, fields, { clientKey: clientAddressKey(c), photos });
          return { ok: true, view };
        } catch (error) {
          const code = errorCodeOf(error);
          if (!code) throw error;
          const e = error as Error & { status: number };
          return { ok: false, code, message: e.message, status: e.status, fields: error instanceof ReviewFormError ? error.fields : {} };
        }
      },
      async list(query) {
        const [summary, list] = await Promise.all([reviewSummary(db, query.line), approvedReviews(db, query)]);
        const images = await findImages(db, list.rows.flatMap((r) => r.photos));
        return { summary, list, images: Object.fromEntries(images) };
      },
      newest: (line, limit) => newestApproved(db, line, limit),
      async summaries() {
        const all = await Promise.all(PRODUCT_LINE_IDS.map(async (line) => [line, await reviewSummary(db, line)] as const));
        return Object.fromEntries(all) as Record<ProductLine, ReviewSummary>;
      },
    },
  };
}
