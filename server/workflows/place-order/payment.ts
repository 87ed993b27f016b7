import type { PurchaseRequest } from "../../../domain/checkout";
import { ShopError } from "../../../domain/errors";
import { declineMessageForShopper } from "../../../domain/payments";
import { gatewayOf, type PaymentGateway } from "../../integrations/payments";
import { cardFingerprint, TOKEN_ALREADY_USED, UNKNOWN_TOKEN, type CardDetails } from "../../integrations/payments/gateway";
import { releaseCouponUse } from "../../modules/coupons";
import { countDecline, type DeclineKeys } from "../../modules/rate-limit";
import { capturedPart, findOwnPaymentMethod } from "../../modules/payments";
import { dbOf, type Shop } from "../../shop";
import { runAsOneStatement } from "../../db/one-statement";
import { earnCapturedOrderPoints, returnOrderCredit } from "../../modules/loyalty";
import { type PlaceOrderContext } from "../place-order";

/** Placing an order, the card: authorize, count declines, capture after the order is written, and undo quietly when it is not (ADR 0006, 0026). */

const EXPIRED_TOKEN = "Your card details have expired. Please enter them again.";

interface AuthorizedCard {
  card: { token: string; details: CardDetails };
  /** Null when nothing is charged now (a fully discounted order: the card is kept for renewals). */
  chargeId: string | null;
}

/** The card to charge (a saved one only for its signed-in owner), authorized for the order's total. */
export async function authorizeCard(
  shop: Shop,
  gateway: PaymentGateway,
  request: PurchaseRequest,
  ctx: PlaceOrderContext,
  customerId: string,
  quote: { total: number; currency: string },
  key: string,
  decliners: DeclineKeys,
): Promise<AuthorizedCard> {
  const charge = { amount: quote.total, currency: quote.currency, key };
  if ("savedPaymentMethodId" in request.payment) {
    // Only the signed-in owner may pay with a saved card.
    const saved = ctx.sessionCustomerId === customerId ? await findOwnPaymentMethod(dbOf(shop), request.payment.savedPaymentMethodId, customerId) : null;
    if (!saved) throw new ShopError("NOT_FOUND", "That saved card was not found.");
    const card = { token: saved.token, details: { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear, fingerprint: saved.fingerprint } };
    if (charge.amount === 0) return { card, chargeId: null };
    const result = await gateway.authorize({ token: card.token, amount: charge.amount, currency: charge.currency, idempotencyKey: key, savedCard: true });
    if (result.status === "declined") throw await declined(shop, result, key, decliners);
    return { card, chargeId: result.chargeId };
  }
  const { token } = request.payment;
  if (charge.amount === 0) {
    // Fully discounted: nothing to charge now, the card is kept for renewals.
    const details = await gateway.describe(token);
    if (!details) throw new ShopError("VALIDATION_ERROR", EXPIRED_TOKEN);
    // Kept for renewals without a charge: that spends the one-time token as a payment would (ADR 0058). Keyed by the
    // purchase, so a retry of this Idempotency-Key keeps it again.
    if (gateway.attach && !(await gateway.attach(token, `order:${ctx.idempotencyKey}`))) throw new ShopError("CARD_TOKEN_USED");
    return { card: { token, details }, chargeId: null };
  }
  // The gateway tells the card with the authorization: the token is read once.
  const result = await gateway.authorize({ token, amount: charge.amount, currency: charge.currency, idempotencyKey: key });
  if (result.status === "declined") throw await declined(shop, result, key, decliners);
  const details = result.card ?? (await gateway.describe(token));
  if (!details) {
    await voidQuietly(shop, gateway, result.chargeId);
    throw new ShopError("VALIDATION_ERROR", EXPIRED_TOKEN);
  }
  return { card: { token, details }, chargeId: result.chargeId };
}

/** The error for a declined authorization, counted against the decliners (an unknown token is not a decline: enter the card again). */
export async function declined(shop: Shop, result: { code: string; message: string }, key: string, decliners: DeclineKeys): Promise<ShopError> {
  if (result.code === UNKNOWN_TOKEN) return new ShopError("VALIDATION_ERROR", EXPIRED_TOKEN);
  // A token that already paid is not a decline of the card either (ADR 0058).
  if (result.code === TOKEN_ALREADY_USED) return new ShopError("CARD_TOKEN_USED");
  // The operator's log has the gateway's reason; the shopper reads words that do not tell a card tester which cards are stolen.
  shop.log.info({ declineCode: result.code, reason: result.message, idempotencyKey: key }, "card declined");
  await countDecline(shop, decliners);
  return new ShopError("PAYMENT_DECLINED", declineMessageForShopper(result.code));
}

/** Who a decline is counted against: the client's address, the email and the card (new cards only; saved cards are the owner's). */
export async function declineKeys(shop: Shop, request: PurchaseRequest, ctx: PlaceOrderContext): Promise<DeclineKeys> {
  // With limits off nothing is counted, so the card is not looked up either.
  if (!shop.env.RATE_LIMITS.enabled) return { address: null, email: null, card: null };
  const card = "token" in request.payment ? await gatewayOf(shop).describe(request.payment.token) : null;
  return { address: ctx.addressKey, email: request.email.trim().toLowerCase(), card: card ? cardFingerprint(card) : null };
}

/**
 * Whether the new card's token was made with a solved captcha (spent here: one purchase per solved captcha; a token
 * that already paid carries none, and paying clears the mark, ADR 0058).
 */
export async function captchaSolvedWithCard(shop: Shop, request: PurchaseRequest): Promise<boolean> {
  const gateway = gatewayOf(shop);
  return "token" in request.payment && gateway.takeCaptchaCheck ? gateway.takeCaptchaCheck(request.payment.token) : false;
}

/** The order is written; a capture that fails now is logged and left authorized for the operator, never re-charged. */
export async function capture(shop: Shop, gateway: PaymentGateway, chargeId: string | null, paymentId: string, points: Parameters<typeof earnCapturedOrderPoints>[1], earnsPoints: boolean): Promise<void> {
  if (!chargeId) return;
  try {
    await gateway.capture(chargeId);
    // Loyalty points are earned on paid orders: once the money is captured, never at authorisation (ADR 0037). The
    // payment marked captured and the points are one statement (ADR 0046). A held order earns them when claimed (ADR 0057).
    const captured = capturedPart(dbOf(shop), paymentId, points.now);
    if (earnsPoints) await earnCapturedOrderPoints(dbOf(shop), points, [captured]);
    else await runAsOneStatement(dbOf(shop), [captured]);
  } catch (error) {
    shop.log.error({ err: error, chargeId, paymentId }, "capture failed after the order was written");
  }
}

/** Gives back a reserved coupon use; a failure is logged (the count then stays one high, erring on the side of the limit). */
export async function releaseQuietly(shop: Shop, code: string): Promise<void> {
  try {
    await releaseCouponUse(dbOf(shop), code);
  } catch (error) {
    shop.log.error({ err: error, code }, "could not release a reserved coupon use");
  }
}

/** Gives back the credit a failed order spent; a failure is logged (the nightly loyalty job gives it back then). */
export async function returnCreditQuietly(shop: Shop, orderId: string): Promise<void> {
  try {
    await returnOrderCredit(dbOf(shop), { orderId, reason: "order_failed", now: shop.clock.now() });
  } catch (error) {
    shop.log.error({ err: error, orderId }, "could not give back the credit of a failed order");
  }
}

/** Releases an authorization; a failure is logged for the settle-payments sweep rather than hiding the real error. */
export async function voidQuietly(shop: Shop, gateway: PaymentGateway, chargeId: string): Promise<void> {
  try {
    await gateway.void(chargeId);
  } catch (error) {
    shop.log.error({ err: error, chargeId }, "could not void an authorization");
  }
}
