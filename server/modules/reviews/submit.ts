import { and, eq } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { PRODUCT_LINES, type ProductLine } from "../../../domain/product-lines";
import { firstNameOf, ReviewInputSchema, reviewFieldErrors, type ReviewInput } from "../../../domain/reviews";
import { orders, reviews } from "../../db/schema";
import { orderSummary } from "../orders";
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
  constructor(readonly fields: Partial<Record<keyof ReviewInput, string>>) {
    super("VALIDATION_ERROR", "Please check the highlighted fields.");
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
  options: { clientKey: string | null; photos?: string[] },
): Promise<{ id: string; view: ReviewFormView }> {
  const view = await reviewFormOf(shop, token);
  await enforceLimit(shop, "reviews-per-address", options.clientKey);
  if (view.alreadyReviewed) throw new ShopError("REVIEW_ALREADY_RECEIVED");
  const parsed = ReviewInputSchema.safeParse(fields);
  if (!parsed.success) throw new ReviewFormError(reviewFieldErrors(parsed.error));
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
      photos: options.photos ?? [],
      status: "pending",
      source: "buyer",
      createdAt: shop.clock.now(),
    })
    .onConflictDoNothing({ target: [reviews.orderId, reviews.productLine] })
    .returning({ id: reviews.id });
  if (!row) throw new ShopError("REVIEW_ALREADY_RECEIVED");
  return { id: row.id, view };
}
