import { MESSAGES } from "./messages";

/** The error catalogue of SPEC.md section 8, plus the codes every HTTP surface needs. One place for codes, words and statuses. */
export const ERROR_CATALOGUE = {
  BILLING_VALIDATION_ERROR: { status: 422, message: "We could not validate the shipping address. Please check the fields." },
  INVALID_COUPON: { status: 422, message: "This coupon code is invalid." },
  ITEM_NOT_AVAILABLE: { status: 409, message: "An item in your cart is unavailable." },
  PRODUCT_NOT_ALLOWED_IN_COUNTRY: {
    status: 422,
    message: "The selected plan is not eligible in your country. Please contact care.",
  },
  UNKNOWN: { status: 500, message: "We encountered an error. Please try again." },
  USER_NOT_FOUND: { status: 401, message: "Incorrect username/password" },
  QUANTITY_NOT_ALLOWED_IN_COUNTRY: { status: 422, message: "This quantity is not permitted in your country." },
  QUANTITY_NOT_ALLOWED: { status: 422, message: "This quantity is not permitted for the product." },
  UNVERIFIED_ACCOUNT: {
    status: 403,
    message: "Your account is not verified yet. Please click the link in the verification email.",
  },
  DUPLICATE_TRANSACTION_WARNING: {
    status: 409,
    message: "You just placed this order. Please wait a minute before ordering again.",
  },
  // Payment and checkout.
  PAYMENT_DECLINED: { status: 402, message: "Your card was declined." },
  CHECKOUT_IN_PROGRESS: { status: 409, message: "We are still placing this order. Please wait a moment." },
  // Catalogue lookups.
  UNSUPPORTED_CURRENCY: { status: 404, message: "We do not sell in that currency." },
  PLAN_NOT_FOUND: { status: 404, message: "There is no such plan." },
  // Other messages of SPEC.md section 8.
  CAPTCHA_FAILED: { status: 400, message: MESSAGES.captchaFailed },
  // Transport-level codes used by every endpoint.
  VALIDATION_ERROR: { status: 400, message: "The request is not valid." },
  NOT_FOUND: { status: 404, message: "Not found." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the body as JSON (Content-Type: application/json)." },
  UNAUTHENTICATED: { status: 401, message: "Please sign in." },
  FORBIDDEN: { status: 403, message: "You may not do that." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  SESSION_MISMATCH: { status: 401, message: "SessionVerificationError" },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

/** The one error type: a catalogue code, its HTTP status, and the words shown to people. */
export class ShopError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message?: string) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = "ShopError";
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
  }
  toBody(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}
