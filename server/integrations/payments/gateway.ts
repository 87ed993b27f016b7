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
}

export type AuthorizeResult =
  /** `card`: the card behind the token, when the gateway tells it with the authorization (so no describe is needed). */
  | { status: "authorized"; chargeId: string; card?: CardDetails }
  | { status: "declined"; code: string; message: string };

/** The decline code of a token the gateway does not know (expired or never issued): the shopper enters the card again. */
export const UNKNOWN_TOKEN = "unknown_token";

export interface PaymentGateway {
  readonly name: string;
  /** The card behind a token the browser got from the gateway, or null if the gateway does not know it. */
  describe(token: string): Promise<CardDetails | null>;
  authorize(request: { token: string; amount: number; currency: string; idempotencyKey: string }): Promise<AuthorizeResult>;
  capture(chargeId: string): Promise<void>;
  /** Releases an authorization that will not be captured (the order could not be written). */
  void(chargeId: string): Promise<void>;
}
