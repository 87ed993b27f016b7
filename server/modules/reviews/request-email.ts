import { PRODUCT_LINES, productLineOf, type ProductLine } from "../../../domain/product-lines";
import type { OrderSummary } from "../../../domain/orders";
import type { ProductCode } from "../../../domain/catalog";
import { escapeHtml as e, noticeEmailHtml } from "../../lib/email-html";
import type { NewEmail } from "../email";

export const REVIEW_REQUEST = "review-request";

/** One request per order, however often the job runs. */
export const reviewRequestKey = (orderId: string) => `${REVIEW_REQUEST}:${orderId}`;

/** The product lines an order's buyer can review: each paid line once (a bonus gift is not something they chose). */
export function reviewableLines(order: Pick<OrderSummary, "lines">): ProductLine[] {
  const lines = new Set<ProductLine>();
  for (const line of order.lines) {
    if (line.bonus) continue;
    try {
      lines.add(productLineOf(line.productCode as ProductCode));
    } catch {
      // A product of no line (a gift card, a discontinued code) has no page to review on.
    }
  }
  return [...lines];
}

/**
 * The request: one email per order listing each line with its own signed link. The tokens go in `secrets` so the
 * outbox refuses to queue it if the staff view would show one (ADR 0055).
 */
export function renderReviewRequest(order: OrderSummary, links: { line: ProductLine; url: string; token: string }[]): NewEmail {
  const name = order.shippingAddress.firstName?.trim();
  const subject = links.length === 1 ? `How is ${PRODUCT_LINES[links[0]!.line].name} working for you?` : "How are your Seed products working for you?";
  const greeting = `${name ? `Hi ${name}, t` : "T"}hank you again for order ${order.number}. By now you have had some time with it.`;
  const ask = "Would you tell other shoppers how it is going? A few honest lines help them more than anything we could write, and we read every review, the critical ones most closely.";
  const text = [
    greeting,
    "",
    ask,
    "",
    ...links.flatMap((l) => [`Review ${PRODUCT_LINES[l.line].name}: ${l.url}`]),
    "",
    "Each link is yours alone and works for 120 days; no password needed. We publish reviews after a quick check that they follow our guidelines, good or bad.",
  ].join("\n");
  const buttons = links
    .map(
      (l) =>
        `<p style="margin:0 0 12px;"><a href="${e(l.url)}" style="display:inline-block;padding:12px 20px;background:#1f3b2d;color:#ffffff;border-radius:6px;text-decoration:none;">Review ${e(PRODUCT_LINES[l.line].name)}</a></p>`,
    )
    .join("\n");
  const html = noticeEmailHtml(
    subject,
    "Tell us how it is going",
    `<p style="margin:0 0 12px;">${e(greeting)}</p>
<p style="margin:0 0 20px;">${e(ask)}</p>
${buttons}
<p style="margin:12px 0 0;color:#4d5a52;font-size:14px;">Each link is yours alone and works for 120 days; no password needed. We publish reviews after a quick check that they follow our guidelines, good or bad.</p>`,
  );
  return { to: order.email, subject, text, html, template: REVIEW_REQUEST, idempotencyKey: reviewRequestKey(order.id), secrets: links.map((l) => l.token) };
}
