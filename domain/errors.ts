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
  /** A card token pays once, as at real gateways (Stripe's token_already_used, docs/decisions/0058); a saved card is reused by its id. */
  CARD_TOKEN_USED: { status: 400, message: "These card details were already used for a payment. Please enter your card again." },
  // Catalogue lookups.
  UNSUPPORTED_CURRENCY: { status: 404, message: "We do not sell in that currency." },
  PLAN_NOT_FOUND: { status: 404, message: "There is no such plan." },
  // Other messages of SPEC.md section 8.
  CAPTCHA_FAILED: { status: 400, message: MESSAGES.captchaFailed },
  /** After a few declined cards (docs/decisions/0026): the next try needs a solved captcha. */
  CAPTCHA_REQUIRED: { status: 403, message: "For your security, please complete the check above Place order, then try again." },
  /**
   * Where a captcha would be asked but none can be (production without Turnstile keys, docs/decisions/0058): the card
   * try is refused until the decline window slides.
   */
  CAPTCHA_UNAVAILABLE: {
    status: 403,
    message: "For your security, we cannot take another card from you right now, after several declined cards. Please try again later.",
  },
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
  // Accounts (SPEC.md sections 5 and 8; docs/decisions/0009).
  EMAIL_NOT_RECOGNIZED: { status: 404, message: MESSAGES.unknownEmail },
  INVALID_LINK: { status: 400, message: "This link has expired or was already used. Please ask for a new one." },
  INVALID_CODE: { status: 401, message: "That code is not right or has expired. Please check the email or ask for a new code." },
  EMAIL_TAKEN: { status: 409, message: "Another account already uses this email address." },
  ACCOUNT_UPDATE_FAILED: { status: 422, message: MESSAGES.accountUpdateFailed },
  HAS_SUBSCRIPTIONS: { status: 409, message: "Please cancel your active subscriptions before deleting your account." },
  ALREADY_ERASED: { status: 409, message: "This customer was erased already." },
  SOCIAL_SIGN_IN_FAILED: { status: 400, message: "We could not sign you in with that account. Please try again." },
  SOCIAL_LINK_REFUSED: {
    status: 409,
    message: "An account with this email already exists. Sign in with your email first; we only link accounts whose email the provider has verified.",
  },
  SOCIAL_EMAIL_UNCONFIRMED: {
    status: 403,
    message: "Almost there: that account did not confirm your email address to us, so we sent you a link. Open it to finish signing in.",
  },
  SOCIAL_NOT_CONFIGURED: { status: 404, message: "This sign-in option is not available." },
  EXPERIMENT_NOT_FOUND: { status: 404, message: "Error fetching experiment" },
  EXPERIMENT_NAME_TAKEN: { status: 409, message: "An experiment of that name exists already. Choose another name." },
  EXPERIMENT_RUNNING: { status: 409, message: "Stop the experiment before changing its weights, traffic or audience." },
  REFUND_EXCEEDS_BALANCE: { status: 409, message: "That is more than can still be refunded of this payment." },
  REFUND_FAILED: { status: 422, message: "The payment provider did not make the refund. Nothing was refunded; try again." },
  // Second looks (issue 36, docs/decisions/0075): a destructive console request without its confirmation is refused.
  CONFIRMATION_REQUIRED: { status: 428, message: "Confirm this first: it cannot be undone." },
  CONFIRMATION_STALE: { status: 409, message: "This changed since you confirmed it. Nothing was done; look again." },
  // Staff sign-in (ADR 0023 addendum, issue 36): the code was right but already spent, say so (still refused).
  TOTP_CODE_USED: { status: 401, message: "That code was just used; wait for the next one." },
  IDEMPOTENCY_CONFLICT: { status: 409, message: "This request key was already used for a different request." },
  // The console's page editor (docs/decisions/0041): someone published the page after this editor opened it.
  CONTENT_VERSION_CONFLICT: { status: 409, message: "Someone else published this page after you opened it. Nothing was published; open the page again and redo your change." },
  // Reviews (docs/decisions/0068): one review per product line of an order.
  REVIEW_ALREADY_RECEIVED: { status: 409, message: "We already have your review of this product from this order. Thank you." },
  // The media library (docs/decisions/0067): a refused file stores nothing.
  IMAGE_NOT_SUPPORTED: { status: 415, message: "This file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF." },
  IMAGE_FILE_TOO_LARGE: { status: 413, message: "This file is larger than 15 MB. Export it smaller and upload it again." },
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: "This image has more than 50 megapixels. Resize it and upload it again." },
  IMAGE_UNREADABLE: { status: 422, message: "This image is damaged or cut short, so we could not read it." },
  ALT_TEXT_REQUIRED: { status: 422, message: "Describe the image in 1 to 250 characters: what a reader would miss without it." },
  CARD_NOT_ACCEPTED: { status: 422, message: "We could not save this card. Please check the details or try another card." },
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
  /** RATE_LIMITED: whole seconds until a retry may succeed (sent as Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, message?: string, details: { retryAfterSeconds?: number } = {}) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = "ShopError";
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
  toBody(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

/**
 * The catalogue code a thrown error carries, or null. Recognised by shape, not by `instanceof`: the page renderer's
 * bundle and the server's each have their own copy of ShopError, so an error from a service fails the other's check.
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : null;
}

/** The shape of a zod validation failure, recognised without importing zod (this file ships to the browser). */
export interface ValidationFailure {
  name: string;
  issues: { message: string; path: PropertyKey[] }[];
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return error instanceof Error && error.name === "ZodError" && Array.isArray((error as Partial<ValidationFailure>).issues);
}

/** Messages written for people (SPEC.md's exact words) are answered as they are; the UI shows them unchanged. */
const WORDS_FOR_PEOPLE: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/** The first problem of a validation failure, in SPEC.md's words where it has them, else "field: problem". */
export function describeValidationFailure(error: ValidationFailure): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  if (WORDS_FOR_PEOPLE.has(first.message)) return first.message;
  const where = first.path.length > 0 ? `${first.path.map(String).join(".")}: ` : "";
  return `${where}${first.message}`;
}

/**
 * Any thrown failure as a catalogue error: catalogue errors stay as they are, bad input is VALIDATION_ERROR, the rest
 * is UNKNOWN. Workflows and jobs use it; the HTTP layer adds its own framework errors on top (server/http/errors.ts).
 */
export function toShopError(error: unknown): ShopError {
  if (error instanceof ShopError) return error;
  if (isValidationFailure(error)) return new ShopError("VALIDATION_ERROR", describeValidationFailure(error));
  return new ShopError("UNKNOWN");
}
