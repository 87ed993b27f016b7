import { ADDRESS_MESSAGES } from "../../../domain/address";
import { ERROR_CATALOGUE } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import type { ApiError } from "./api";
import type { CheckoutField } from "./form";

export interface OrderProblem {
  message: string;
  /** The field to put the shopper in, when the problem is in one. */
  focus: CheckoutField | null;
  /** Problems with the cart itself send the shopper back to it. */
  cartLink: boolean;
  /** The promo code is the problem: offer to remove it. */
  promoLink: boolean;
  /** The server asks for a solved captcha (after a few declines) or could not verify one: show the security check. */
  captcha?: boolean;
}

/** A problem that is not about one field, the cart or the code. */
export const plainProblem = (message: string): OrderProblem => ({ message, focus: null, cartLink: false, promoLink: false });

export const CHECK_FIELDS = "Please check the highlighted fields.";
export const TOTAL_PENDING = "We are still working out your total. Please try again in a moment.";
export const CAPTCHA_PENDING = "Please complete the security check above Place order.";

const CART_CODES = new Set(["ITEM_NOT_AVAILABLE", "PRODUCT_NOT_ALLOWED_IN_COUNTRY", "QUANTITY_NOT_ALLOWED", "QUANTITY_NOT_ALLOWED_IN_COUNTRY"]);

/** Which card field a tokenize refusal is about, from the sandbox's words. */
function cardFieldOf(message: string): CheckoutField {
  if (/security code|cvc/i.test(message)) return "cardCvc";
  if (/expir/i.test(message)) return "cardExpiry";
  return "cardNumber";
}

/** The server checks with the same domain rules and answers their shared messages: each names its field. */
const FIELD_BY_MESSAGE = new Map<string, CheckoutField>([
  [MESSAGES.invalidEmail, "email"],
  ...(Object.entries(ADDRESS_MESSAGES).map(([field, message]) => [message, field === "fullName" ? "firstName" : field]) as [string, CheckoutField][]),
]);

const fieldOfMessage = (message: string): CheckoutField | null => FIELD_BY_MESSAGE.get(message) ?? null;

/** What to show and where to go for a failed tokenize or purchase answer. Words come from the server or the catalogue. */
export function orderProblem(error: ApiError, stage: "card" | "order"): OrderProblem {
  const base = { focus: null, cartLink: false, promoLink: false };
  const catalogue = (code: keyof typeof ERROR_CATALOGUE) => ERROR_CATALOGUE[code].message;
  // Either step may ask for the security check (docs/decisions/0026-captcha-after-declines.md).
  if (error.code === "CAPTCHA_REQUIRED") return { ...base, message: catalogue("CAPTCHA_REQUIRED"), captcha: true };
  if (error.code === "CAPTCHA_FAILED") return { ...base, message: MESSAGES.captchaFailed, captcha: true };
  if (stage === "card") return { ...base, message: error.message, focus: error.status < 500 ? cardFieldOf(error.message) : null };
  switch (error.code) {
    case "BILLING_VALIDATION_ERROR":
      return { ...base, message: error.message || catalogue("BILLING_VALIDATION_ERROR"), focus: fieldOfMessage(error.message) ?? "address1" };
    case "PAYMENT_DECLINED":
      return { ...base, message: `${error.message} Please check the card details or use another card.`, focus: "cardNumber" };
    case "DUPLICATE_TRANSACTION_WARNING":
      return { ...base, message: catalogue("DUPLICATE_TRANSACTION_WARNING") };
    case "INVALID_COUPON":
      return { ...base, message: error.message || catalogue("INVALID_COUPON"), promoLink: true };
    default:
      return { ...base, message: error.message, focus: fieldOfMessage(error.message), cartLink: CART_CODES.has(error.code) };
  }
}
