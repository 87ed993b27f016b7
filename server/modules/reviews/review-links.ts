import { ShopError } from "../../../domain/errors";
import { isProductLine, type ProductLine } from "../../../domain/product-lines";
import { signLink, verifyLink } from "../../lib/signed-links";
import { publicOrigin } from "../../public-origin";
import type { Shop } from "../../shop";

/**
 * The review request's links (ADR 0068): the shop's signed-link machinery with purpose "review", the order as the
 * subject and the product line as the scope, so a link writes one review of one line of one order and nothing else.
 */
const DAY_MS = 86_400_000;
/** Long enough to review after finishing a 3-month pack, and a while after. */
export const REVIEW_LINK_DAYS = 120;
export const REVIEW_PATH = "/review";

export const reviewToken = (shop: Shop, orderId: string, line: ProductLine) =>
  signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: orderId, scope: line, expiresAt: new Date(shop.clock.now().getTime() + REVIEW_LINK_DAYS * DAY_MS) });

/** The link's absolute URL (from PUBLIC_URL, never a request's Host). */
export const reviewUrl = (shop: Shop, token: string) => `${publicOrigin(shop.env)}${REVIEW_PATH}/${encodeURIComponent(token)}`;

export interface ReviewLink {
  orderId: string;
  line: ProductLine;
}

/** The order and line a token names, or a 4xx: forged or malformed 400, expired 403 with words that say what to do. */
export function readReviewToken(shop: Shop, token: string): ReviewLink {
  const check = verifyLink(shop.env.SESSION_SECRET, token, "review", shop.clock.now());
  if (!check.ok && check.reason === "expired") throw new ShopError("FORBIDDEN", "This review link has expired. Reply to the email it came in and our care team will send you a new one.");
  if (!check.ok || !check.link.scope || !isProductLine(check.link.scope)) throw new ShopError("VALIDATION_ERROR", "This review link is not valid. Please open it from the email exactly as it came.");
  return { orderId: check.link.subject, line: check.link.scope };
}

/** Whether a token (as it stands in the path, maybe percent-encoded) is a live review link: read before a large body is. */
export function reviewLinkVerifies(shop: Shop, pathToken: string): boolean {
  let token: string;
  try {
    token = decodeURIComponent(pathToken);
  } catch {
    return false;
  }
  return verifyLink(shop.env.SESSION_SECRET, token, "review", shop.clock.now()).ok;
}
