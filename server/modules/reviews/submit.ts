import { and, eq } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { PRODUCT_LINES, type ProductLine } from "../../../domain/product-lines";
import { firstNameOf, REVIEW_LIMITS, REVIEW_PHOTO_MAX_BYTES, ReviewInputSchema, reviewFieldErrors, type ReviewFieldErrors } from "../../../domain/reviews";
import { formatBytes } from "../../../domain/media-upload";
import { orders, reviews } from "../../db/schema";
import { orderSummary } from "../orders";
import { ingestImage } from "../media";
import { enforceLimit } from "../rate-limit";
import { dbOf, type Shop } from "../../shop";
import { reviewableLines } from "./request-email";
import { readReviewToken } from "./review-links";

/** What the review page shows before the form: the product, the order, the name to prefill, and whether it is done. */
export interface ReviewFormView {
  line: ProductLine;
  productName: string;
  productPage: string;
  orderNumber: string;
  authorName: string;
  alreadyReviewed: boolean;
}

/** Reads a review link: the order must still have the line the token names. */
export async function reviewFormOf(shop: Shop, token: string): Promise<ReviewFormView> {
  const link = readReviewToken(shop, token);
  const order = await orderSummary(dbOf(shop), link.orderId);
  if (!order || !reviewableLines(order).includes(link.line)) throw new ShopError("NOT_FOUND", "We could not find the order this link was made for.");
  const [existing] = await dbOf(shop)
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, link.orderId), eq(reviews.productLine, link.line)));
  return {
    line: link.line,
    productName: PRODUCT_LINES[link.line].name,
    productPage: PRODUCT_LINES[link.line].page,
    orderNumber: order.number,
    authorName: firstNameOf(order.shippingAddress.firstName ?? ""),
    alreadyReviewed: !!existing,
  };
}

/** A rejected form: the field errors to show beside each field (400). */
export class ReviewFormError extends ShopError {
  constructor(readonly fields: ReviewFieldErrors, code: "VALIDATION_ERROR" | "PAYLOAD_TOO_LARGE" = "VALIDATION_ERROR") {
    super(code, "Please check the highlighted fields.");
  }
}

/**
 * Writes a buyer's review, pending moderation. The link is checked first (a forged link learns nothing about the
 * form), then the address's rate limit, then the fields. One review per line per order is the table's unique
 * constraint: of two submits at once one inserts, the other answers 409 REVIEW_ALREADY_RECEIVED.
 */
export async function submitReview(
  shop: Shop,
  token: string,
  fields: Record<string, unknown>,
  options: { clientKey: string | null; photos?: ReviewPhotoUpload[] },
): Promise<{ id: string; view: ReviewFormView }> {
  const view = await reviewFormOf(shop, token);
  await enforceLimit(shop, "reviews-per-address", options.clientKey);
  if (view.alreadyReviewed) throw new ShopError("REVIEW_ALREADY_RECEIVED");
  const parsed = ReviewInputSchema.safeParse(fields);
  if (!parsed.success) throw new ReviewFormError(reviewFieldErrors(parsed.error));
  const photos = await storePhotos(shop, options.photos ?? [], `Photo from ${parsed.data.authorName}'s review of ${view.productName}`);
  const { orderId } = readReviewToken(shop, token);
  const db = dbOf(shop);
  const [order] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  const [row] = await db
    .insert(reviews)
    .values({
      productLine: view.line,
      orderId,
      customerId: order?.customerId ?? null,
      authorName: parsed.data.authorName,
      rating: parsed.data.rating,
      title: parsed.data.title,
      body: parsed.data.body,
      photos,
      status: "pending",
      source: "buyer",
      createdAt: shop.clock.now(),
    })
    .onConflictDoNothing({ target: [reviews.orderId, reviews.productLine] })
    .returning({ id: reviews.id });
  if (!row) throw new ShopError("REVIEW_ALREADY_RECEIVED");
  return { id: row.id, view };
}

/** A photo as the form sent it. */
export interface ReviewPhotoUpload {
  bytes: Uint8Array;
  filename: string;
}

/**
 * The review's photos, through the media library (ADR 0067): sharp checks each one (a non-image, a file too large or a
 * decompression bomb is refused with a 4xx and nothing stored); the library keeps one asset per distinct file.
 */
async function storePhotos(shop: Shop, uploads: ReviewPhotoUpload[], alt: string): Promise<string[]> {
  if (uploads.length > REVIEW_LIMITS.photos) throw new ReviewFormError({ photos: `Please choose at most ${REVIEW_LIMITS.photos} photos.` });
  const tooLarge = uploads.find((u) => u.bytes.byteLength > REVIEW_PHOTO_MAX_BYTES);
  if (tooLarge) throw new ReviewFormError({ photos: `Each photo can be up to ${formatBytes(REVIEW_PHOTO_MAX_BYTES)}; ${tooLarge.filename || "one"} is larger.` }, "PAYLOAD_TOO_LARGE");
  const hashes: string[] = [];
  for (const [i, upload] of uploads.entries()) {
    try {
      const image = await ingestImage(shop, { bytes: upload.bytes, filename: upload.filename, alt: uploads.length > 1 ? `${alt} (${i + 1} of ${uploads.length})` : alt, source: "review" });
      if (!hashes.includes(image.hash)) hashes.push(image.hash);
    } catch (error) {
      const e = error as ShopError;
      if (!(e instanceof ShopError)) throw error;
      throw Object.assign(new ReviewFormError({ photos: `${upload.filename || "A photo"}: ${e.message}` }), { status: e.status, code: e.code });
    }
  }
  return hashes;
}
