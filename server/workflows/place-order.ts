import { createHash, randomUUID } from "node:crypto";
import { emailProductImages } from "./email-product-images";
import type { PurchaseRequest } from "../../domain/checkout";
import { ShopError, toShopError } from "../../domain/errors";
import type { OrderSummary } from "../../domain/orders";
import { requireCaptcha, verifyCaptcha } from "../integrations/captcha/turnstile";
import { gatewayOf } from "../integrations/payments";
import { type CardDetails } from "../integrations/payments/gateway";
import { redeemReserved, reserveCouponUse } from "../modules/coupons";
import { purchaseGate, type DeclineKeys, type HitAndReadRow } from "../modules/rate-limit";
import { orderAttributionPart } from "../modules/analytics";
import { findCustomerById, findOrCreateCustomer } from "../modules/customers";
import { attemptError, awaitOutcome, claimAttempt, claimAttemptBehind, checkoutOrderParts, completedAttemptPart, countPaidOrders, failAttempt, findOrderIdByKey, hasEarlierDuplicate, isLostClaim, orderConfirmationPart, type ConfirmationExtras, orderSummary, recordAuthorization, writtenOrderSummary, type AttemptRow, type ClaimResult, type NewOrder } from "../modules/orders";
import { paymentPart, savedCardParts } from "../modules/payments";
import { sendQueuedEmailsSoon } from "../modules/email";
import { subscriptionsPart } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import type { Queryable } from "../db/client";
import { runAsOneStatement } from "../db/one-statement";
import type { PriceList } from "../../domain/plans";
import { holdOrderCredit } from "../modules/loyalty";
import { applyOrderCredit } from "../../domain/order-credit";
import { attributeReferral } from "./attribute-referral";
import { priceCart } from "./price-cart";
import { renewalLink } from "./renew-subscription";
import { guestLinksOf } from "./guest-links";
import { HOW_TO_CANCEL, RENEWAL_CONSENT_LABEL, RENEWAL_CONSENT_MESSAGE } from "../../domain/renewal-terms";
import { authorizeCard, declined, declineKeys, captchaSolvedWithCard, capture, releaseQuietly, returnCreditQuietly, voidQuietly } from "./place-order/payment";
import { checkRequest, requestHashOf, fingerprintOf } from "./place-order/request";

export interface PlaceOrderContext {
  idempotencyKey: string;
  /** The signed-in customer, if any: only they may pay with their saved cards. */
  sessionCustomerId: string | null;
  /** The shopper's address, for the captcha check. */
  ip: string | null;
  /** What per-address limits count under (the address, or its /64 for IPv6); null when unknown. */
  addressKey: string | null;
  /** The referral link's code and this browser's device id, from their cookies (ADR 0036); only a first order uses them. */
  referral?: { code: string; deviceId: string | null } | null;
}

/**
 * POST /api/purchase. The server prices the cart itself, claims the idempotency key, authorizes the card, writes the
 * customer's order, lines, payment, saved card, subscriptions, coupon redemption and confirmation email (outbox) in one
 * transaction, then captures.
 * A retry with the same key answers the same order (or error); a declined card leaves no order and no charge.
 */
export async function placeOrder(shop: Shop, request: PurchaseRequest, ctx: PlaceOrderContext): Promise<OrderSummary> {
  checkRequest(request);
  const decliners = await declineKeys(shop, request, ctx);
  const requestHash = requestHashOf(request);
  const fingerprint = fingerprintOf(request);
  const { claimed, needsCaptcha } = await gateAndClaim(shop, request, { key: ctx.idempotencyKey, requestHash, fingerprint }, decliners);
  if (!claimed.owned) return answerRetry(shop, claimed.attempt, requestHash);
  if (claimed.abandonedChargeId) await voidQuietly(shop, gatewayOf(shop), claimed.abandonedChargeId);
  const claim = { key: ctx.idempotencyKey, id: claimed.claim, orderNumber: claimed.orderNumber };
  try {
    // After the claim: a retry of this key is answered above without spending a new (single-use) captcha token.
    if (needsCaptcha) await verifyCaptcha(shop, request.captchaToken, ctx.ip);
    // Side by side: neither needs the other, and a duplicate's customer is the same shopper's anyway.
    const [duplicate, customer] = await Promise.all([
      hasEarlierDuplicate(shop, claim.key, fingerprint, claimed.createdAt),
      orderingCustomer(shop, request, ctx),
    ]);
    if (duplicate) throw new ShopError("DUPLICATE_TRANSACTION_WARNING");
    return await placeClaimed(shop, request, ctx, claim, customer, decliners);
  } catch (error) {
    // Another claim of this key may have placed the order meanwhile (a takeover): that order is the answer.
    const placed = await findOrderIdByKey(dbOf(shop), claim.key);
    const summary = placed ? await orderSummary(dbOf(shop), placed) : null;
    if (summary) return summary;
    const shopError = toShopError(error);
    if (shopError.code === "UNKNOWN") shop.log.error({ err: error, idempotencyKey: claim.key }, "order placement failed");
    await failAttempt(shop, claim.key, claim.id, shopError);
    throw shopError;
  }
}

/**
 * The purchase's rate limits, then its idempotency key claimed: nothing is claimed or charged for a refused purchase.
 * The purchase counts against its address's limit; after a few declines of this address, email or card further tries
 * need a solved captcha; after more, none reach the gateway until the window slides (docs/decisions/0026). The count,
 * the decline reads and the claim are one statement, the claim made only when no decline is on record (ADR 0047);
 * otherwise the declines are weighed here and the key claimed after.
 */
async function gateAndClaim(
  shop: Shop,
  request: PurchaseRequest,
  { key, requestHash, fingerprint }: { key: string; requestHash: string; fingerprint: string },
  decliners: DeclineKeys,
): Promise<{ claimed: ClaimResult; needsCaptcha: boolean }> {
  const gate = purchaseGate(shop, decliners);
  if (!gate) return { claimed: await claimAttempt(shop, key, requestHash, fingerprint), needsCaptcha: false };
  const gated = await claimAttemptBehind<HitAndReadRow>(shop, key, requestHash, fingerprint, { parts: gate.parts, opens: gate.clear, columns: gate.columns });
  if (gated.claimed) return { claimed: gated.claimed, needsCaptcha: false };
  const standing = gate.standing(gated.answer);
  if (standing.refused) throw standing.refused;
  const needsCaptcha = standing.captchaRequired && !(await captchaSolvedWithCard(shop, request));
  if (needsCaptcha) requireCaptcha(shop, request.captchaToken);
  return { claimed: await claimAttempt(shop, key, requestHash, fingerprint), needsCaptcha };
}


async function answerRetry(shop: Shop, claimed: AttemptRow, requestHash: string): Promise<OrderSummary> {
  if (claimed.requestHash !== requestHash) throw new ShopError("VALIDATION_ERROR", "This Idempotency-Key was already used for a different order.");
  const outcome = await awaitOutcome(shop, claimed.idempotencyKey);
  if (outcome.status === "failed") throw attemptError(outcome);
  if (outcome.status !== "completed" || !outcome.orderId) throw new ShopError("CHECKOUT_IN_PROGRESS");
  const summary = await orderSummary(dbOf(shop), outcome.orderId);
  if (!summary) throw new ShopError("UNKNOWN");
  return summary;
}

type OrderingCustomer = Awaited<ReturnType<typeof orderingCustomer>>;

async function placeClaimed(
  shop: Shop,
  request: PurchaseRequest,
  ctx: PlaceOrderContext,
  claim: { key: string; id: string; orderNumber: number },
  customer: OrderingCustomer,
  decliners: DeclineKeys,
): Promise<OrderSummary> {
  const db = dbOf(shop);
  // A customer this request created has no orders yet.
  const isFirstOrder = customer.created || (await countPaidOrders(db, customer.id)) === 0;
  // Signed out under an existing account's email: the order is held, not that account's (history, portal, points,
  // default card, referral) until the address is proven by a link or a code from its mailbox (ADR 0057).
  const heldAt = ctx.sessionCustomerId !== customer.id && !customer.created ? shop.clock.now() : null;
  const priced = await priceCart(shop, {
    items: request.items,
    couponCodes: request.couponCodes,
    country: request.shippingAddress.country,
    shippingMethod: request.shippingMethod,
    customerId: customer.id,
    isFirstOrder,
    // Priced as the preview was: the signed-in member's experiments, none for a guest (ADR 0062).
    shopperId: ctx.sessionCustomerId,
  });
  const { promo, priceList } = priced;
  // The shopper's express consent to each subscription's automatic renewal, whose terms the checkout showed beside the
  // box (price, frequency, first date, how to cancel): no consent, no subscription (issue 34).
  if (priced.renewals.length > 0 && request.renewalConsent !== true) throw new ShopError("VALIDATION_ERROR", RENEWAL_CONSENT_MESSAGE);
  const gateway = gatewayOf(shop);
  // Before the card: an order that loses the race for a coupon's last use costs no authorization.
  if (promo) await reserveCouponUse(db, promo.code, shop.clock.now());
  // Chosen now so the member's credit can be spent under the order's own key before the card is asked (ADR 0040).
  const orderId = randomUUID();
  let creditHeld = 0;
  let quote = applyOrderCredit(priced.quote, 0);
  let chargeId: string | null = null;
  let written: { summary: OrderSummary; paymentId: string };
  try {
    // Only the signed-in member spends their credit (a guest typing a member's email does not): one statement, which
    // reads the balance and spends it at once; the card is then authorized for what is left (ADR 0040).
    if (ctx.sessionCustomerId === customer.id && quote.total > 0) {
      creditHeld = await holdOrderCredit(db, { orderId, customerId: customer.id, currency: quote.currency, wanted: quote.total, now: shop.clock.now() });
      quote = applyOrderCredit(priced.quote, creditHeld);
    }
    // Keyed by the claim: a retry inside this claim never authorizes twice; a new claim (after a failure) gets its own answer.
    const authorized = await authorizeCard(shop, gateway, request, ctx, customer.id, quote, `order:${claim.key}:${claim.id}`, decliners);
    chargeId = authorized.chargeId;
    if (chargeId) await recordAuthorization(shop, claim.key, claim.id, chargeId);
    const now = shop.clock.now();
    const order: OrderToWrite = {
      id: orderId,
      number: claim.orderNumber,
      customerId: customer.id,
      email: request.email,
      quote,
      shippingAddress: request.shippingAddress,
      idempotencyKey: ctx.idempotencyKey,
      now,
      heldAt,
      // The consent checkRequest required, recorded with the wording it was given to (ADR 0063).
      renewalConsent: priced.renewals.length > 0 ? { at: now, termsVersion: RENEWAL_TERMS_VERSION } : null,
    };
    // A guest using an existing account's email does not replace that account's default card.
    const card = { ...authorized.card, gateway: gateway.name, chargeId: authorized.chargeId, makeDefault: !heldAt && (ctx.sessionCustomerId === customer.id || isFirstOrder) };
    const attribution = { attribution: request.attribution, clickId: request.clickId };
    const renewalCouponCode = promo?.duration === "forever" ? promo.code : null;
    // The confirmation repeats each subscription's renewal terms with a signed link that cancels it (issue 34).
    // It also links the order, its invoice and each subscription's page for a guest without a password (ADR 0063).
    const confirmation = {
      renewals: priced.renewals,
      cancelUrl: (subscriptionId: string) => renewalLink(shop, "cancel", subscriptionId, null, CANCEL_LINK_DAYS),
      // Only a shopper who was not signed in as this customer is offered the account.
      links: { ...guestLinksOf(shop, orderId), offerAccount: ctx.sessionCustomerId !== customer.id },
      // Each line's photo at the public origin (ADR 0069); from memory, so the order's one statement waits on nothing.
      images: await emailProductImages(shop),
    };
    const write = (q: Queryable) => writeOrder(q, claim, order, card, { priceList, renewalCouponCode, confirmation, ...attribution });
    // The order's rows are one statement (ADR 0046); a coupon's redemption and a referral need reads and checks of
    // their own, so an order with either writes them after it in one transaction.
    const referral = ctx.referral && isFirstOrder && !heldAt ? ctx.referral : null;
    written = !promo && !referral
      ? await write(db)
      : await db.transaction(async (tx) => {
          const done = await write(tx);
          if (promo) await redeemReserved(tx, { code: promo.code, customerId: customer.id, orderId, now, isFirstOrder });
          if (referral) {
            await attributeReferral(tx, { code: referral.code, deviceId: referral.deviceId, friendId: customer.id, friendEmail: request.email, orderId, shippingAddress: request.shippingAddress, card: card.details, now });
          }
          return done;
        });
  } catch (error) {
    if (chargeId) await voidQuietly(shop, gateway, chargeId);
    if (promo) await releaseQuietly(shop, promo.code);
    if (creditHeld > 0) await returnCreditQuietly(shop, orderId);
    throw error;
  }
  await capture(shop, gateway, chargeId, written.paymentId, { customerId: customer.id, orderId, amount: quote.total, now: shop.clock.now() }, !heldAt);
  void sendQueuedEmailsSoon(shop);
  return written.summary;
}

type OrderToWrite = NewOrder & { id: string; number: number };

interface CardToKeep {
  token: string;
  details: CardDetails;
  gateway: string;
  chargeId: string | null;
  makeDefault: boolean;
}

/**
 * The order's rows in one statement (ADR 0046): the attempt completed (only if this claim still holds it), the order
 * and its lines, its campaign, the card kept for renewals, the payment, the subscriptions and the confirmation email.
 * A lost claim writes none of them and answers CHECKOUT_IN_PROGRESS, as a retry of a key under way does. The answer and
 * the email are built from what is written, not read back.
 */
async function writeOrder(
  db: Queryable,
  claim: { key: string; id: string },
  order: OrderToWrite,
  card: CardToKeep,
  extras: { priceList: PriceList; renewalCouponCode: string | null; confirmation: ConfirmationExtras; attribution: unknown; clickId?: string | null },
): Promise<{ summary: OrderSummary; paymentId: string }> {
  const { now } = order;
  const attempt = completedAttemptPart(db, claim.key, claim.id, order.id, now);
  // A held order's card pays its subscriptions but is not the account's card until claimed (ADR 0057).
  const saved = savedCardParts({ customerId: order.customerId, gateway: card.gateway, token: card.token, card: card.details, makeDefault: card.makeDefault, heldAt: order.heldAt, now });
  const payment = paymentPart(db, { orderId: order.id, customerId: order.customerId, gateway: card.gateway, chargeId: card.chargeId, amount: order.quote.total, currency: order.quote.currency, card: card.details, now });
  const subscriptions = subscriptionsPart(db, {
    customerId: order.customerId,
    orderId: order.id,
    quote: order.quote,
    priceList: extras.priceList,
    renewalCouponCode: extras.renewalCouponCode,
    paymentMethodId: saved.id,
    shippingAddress: order.shippingAddress,
    now,
    heldAt: order.heldAt,
  });
  const summary = writtenOrderSummary(order, card.details, subscriptions.started);
  const parts = [
    attempt.part,
    ...checkoutOrderParts(db, order, attempt.gate),
    orderAttributionPart(db, { orderId: order.id, attribution: extras.attribution, clickId: extras.clickId, now }),
    ...saved.parts,
    payment.part,
    subscriptions.part,
    orderConfirmationPart(db, summary, { now }, extras.confirmation),
  ];
  try {
    await runAsOneStatement(db, parts.filter((p) => p !== null));
  } catch (error) {
    if (isLostClaim(error)) throw new ShopError("CHECKOUT_IN_PROGRESS");
    throw error;
  }
  return { summary, paymentId: payment.id };
}

/** The signed-in customer, or the customer with this email (created when new; they can set a password later). */
async function orderingCustomer(shop: Shop, request: PurchaseRequest, ctx: PlaceOrderContext) {
  const names = { firstName: request.shippingAddress.firstName, lastName: request.shippingAddress.lastName };
  if (ctx.sessionCustomerId) {
    const signedIn = await findCustomerById(shop, ctx.sessionCustomerId);
    if (signedIn) return { ...signedIn, created: false };
  }
  return findOrCreateCustomer(shop, request.email, names);
}

/**
 * Which wording a renewal consent was given to: a short hash of the consent box's words and how to cancel, so a later
 * change of either gives orders a new version without a table of wordings (the words of each version are in git).
 */
export const RENEWAL_TERMS_VERSION = `v1-${createHash("sha256").update(`${RENEWAL_CONSENT_LABEL}\n${HOW_TO_CANCEL}`).digest("hex").slice(0, 16)}`;

/** The confirmation's cancel link outlives the longest first renewal (6 months) with a margin. */
const CANCEL_LINK_DAYS = 200;
