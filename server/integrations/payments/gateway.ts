/**
 * What the shop needs from a card processor. Authorize first, write the order, then capture: a card is never charged
 * for an order that was not written, and a declined card leaves nothing behind. Every call carries an idempotency
 * key, so a retry after a timeout cannot charge twice.
 */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The gateway's fingerprint of the card number alone (Stripe's `card.fingerprint`; the sandbox's keyed hash of the
   * number): the same card under a new expiry date has the same one. Absent when the gateway does not tell it.
   */
  fingerprint?: string | null;
}

/** The fingerprint card declines are counted under: brand, last four and expiry (the number itself is never kept). */
export const cardFingerprint = (card: CardDetails): string => `${card.brand}:${card.last4}:${card.expMonth}/${card.expYear}`;

export type AuthorizeResult =
  /** `card`: the card behind the token, when the gateway tells it with the authorization (so no describe is needed). */
  | { status: "authorized"; chargeId: string; card?: CardDetails }
  | { status: "declined"; code: string; message: string };

/** An off-session charge of a saved card (a renewal): captured at once, declined, or waiting for the customer. */
export type ChargeResult =
  | { status: "succeeded"; chargeId: string }
  | { status: "declined"; code: string; message: string; chargeId: string | null }
  | { status: "requires_action"; chargeId: string };

/** A charge as the gateway records it, for reconciliation: captured amount and what was refunded of it. */
export interface GatewayCharge {
  chargeId: string;
  status: "authorized" | "captured" | "voided" | "declined" | "requires_action";
  amount: number;
  amountRefunded: number;
  currency: string;
}

/** The decline code of a token the gateway does not know (expired or never issued): the shopper enters the card again. */
export const UNKNOWN_TOKEN = "unknown_token";

/**
 * The decline code of a one-time token that already paid or was kept as a saved card (Stripe's `token_already_used`):
 * a token pays once (docs/decisions/0058); the shopper enters the card again, a member pays with the saved card.
 */
export const TOKEN_ALREADY_USED = "token_already_used";

/** One authorization: a one-time token from the browser (pays once), or `savedCard` (the customer's kept card, reusable). */
export interface AuthorizeRequest {
  token: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
  /** The token is a card the shop kept for this customer (a saved card, a renewal's), not one the browser just made. */
  savedCard?: boolean;
}

export interface PaymentGateway {
  readonly name: string;
  /** The card behind a token the browser got from the gateway, or null if the gateway does not know it. */
  describe(token: string): Promise<CardDetails | null>;
  /**
   * Whether this token was made with a solved captcha (the sandbox's tokenize; docs/decisions/0026), spending that:
   * true once per token. Gateways that tokenise in their own script do not have it.
   */
  takeCaptchaCheck?(token: string): Promise<boolean>;
  /**
   * Authorizes the amount. A one-time token is spent by its first authorization (a retry of the same idempotency key
   * answers that one); a second answers declined TOKEN_ALREADY_USED. Voiding the authorization gives the token back.
   */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /**
   * Keeps a one-time token as the customer's saved card without charging it (a fully discounted order, a card added
   * in the account), which spends it as a payment would: false when it already paid or was kept under another
   * `reference`. The same reference again is true (a retry). Gateways whose script attaches cards itself do not have it.
   */
  attach?(token: string, reference: string): Promise<boolean>;
  capture(chargeId: string): Promise<void>;
  /** Releases an authorization that will not be captured (the order could not be written). */
  void(chargeId: string): Promise<void>;
  /** Charges a saved card without the customer present; the same key always answers the same charge. */
  chargeSaved(request: { token: string; amount: number; currency: string; idempotencyKey: string }): Promise<ChargeResult>;
  /**
   * Optional: many saved-card charges at once (the renewal engine's batch), each exactly as chargeSaved would answer
   * it, in the order given. A gateway without it is called once per charge.
   */
  chargeSavedMany?(requests: { token: string; amount: number; currency: string; idempotencyKey: string }[]): Promise<ChargeResult[]>;
  /** The outcome of a charge that needed the customer's authentication, once they have been asked. */
  chargeStatus(chargeId: string): Promise<ChargeResult>;
  refund(request: { chargeId: string; amount: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /** The gateway's own record of a charge, or null if it has none. */
  retrieveCharge(chargeId: string): Promise<GatewayCharge | null>;
}
