import { ShopError } from "../../domain/errors";
import { MONTHLY_REWARD_CAP, monthStart, REFERRAL_REWARD_USD, rewardInCurrency } from "../../domain/referrals";
import { isCurrency } from "../../domain/money";
import type { Queryable } from "../db/client";
import { findPlan } from "../modules/catalog";
import { appendEntry, creditBalance, grantCredit, orderCreditToReturn, returnOrderCredit } from "../modules/loyalty";
import { orderRecordsOf } from "../modules/orders";
import { paymentOfOrder } from "../modules/payments";
import { dueReferrals, findReferral, openReferrals, referralOfOrder, rewardsEarnedSince, setReferralStatus, type ReferralRow } from "../modules/referrals";
import { subscriptionsOfCustomer } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { creditAccount } from "../../domain/loyalty";
import type { FullRefundEffects } from "../../domain/refund-preview";

/** The reference plan of the price-list rule: DS-01 monthly. */
const REFERENCE_PLAN = "syn-wk";

/** The referrer's currency: their active subscription's, else their latest order's, else USD. */
async function referrerCurrency(db: Queryable, referrerId: string): Promise<string> {
  const subs = await subscriptionsOfCustomer(db, referrerId);
  const active = subs.find((s) => s.status !== "canceled");
  if (active) return active.currency;
  const orders = await orderRecordsOf(db, referrerId);
  return orders.at(-1)?.currency ?? "USD";
}

/** $25 in `currency` by the price-list rule (domain/referrals.ts rewardInCurrency). */
export async function rewardFor(shop: Shop, currency: string): Promise<number> {
  if (currency === "USD" || !isCurrency(currency)) return REFERRAL_REWARD_USD;
  const [local, usd] = await Promise.all([findPlan(shop, REFERENCE_PLAN, "international", currency), findPlan(shop, REFERENCE_PLAN, "domestic", "USD")]);
  return rewardInCurrency(local?.price ?? 0, usd?.price ?? 0);
}

/** Pays one referral's reward (credit in the referrer's currency) and marks it earned, in one transaction, once. */
async function payReward(shop: Shop, r: ReferralRow, from: readonly ("pending" | "review")[], decidedBy: string, db: Queryable = dbOf(shop)): Promise<boolean> {
  const now = shop.clock.now();
  const currency = await referrerCurrency(db, r.referrerId);
  const amount = await rewardFor(shop, currency);
  return db.transaction(async (tx) => {
    if (!(await setReferralStatus(tx, r.id, from, { status: "earned", rewardAmount: amount, rewardCurrency: currency, decidedBy, now }))) return false;
    await grantCredit(tx, { customerId: r.referrerId, amount, currency, reason: "referral", key: `referral:${r.id}`, refId: r.id, now });
    return true;
  });
}

export interface SettleReport {
  earned: number;
  capped: number;
  voided: number;
  reversed: number;
}

/**
 * The reward job (ADR 0036): a referral whose refund window has passed earns its reward when the friend's payment was
 * captured and not refunded; past the monthly cap it waits in the review queue. Referrals whose order was refunded are
 * voided, or reversed when already rewarded.
 */
export async function settleReferrals(shop: Shop): Promise<SettleReport> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  const report: SettleReport = { earned: 0, capped: 0, voided: 0, reversed: 0 };
  for (const r of await openReferrals(db, 1000)) {
    const payment = await paymentOfOrder(db, r.orderId);
    if (payment?.status === "refunded") {
      if (await reverseReferral(shop, r)) report[r.status === "earned" ? "reversed" : "voided"] += 1;
    }
  }
  for (const r of await dueReferrals(db, now, 500)) {
    const payment = await paymentOfOrder(db, r.orderId);
    if (payment?.status !== "captured") continue; // not captured yet (or nothing was paid): not a paid first order
    if ((await rewardsEarnedSince(db, r.referrerId, monthStart(now))) >= MONTHLY_REWARD_CAP) {
      if (await setReferralStatus(db, r.id, ["pending"], { status: "review", flags: [...r.flags, "monthly_cap"], now })) report.capped += 1;
      continue;
    }
    if (await payReward(shop, r, ["pending"], "system")) report.earned += 1;
  }
  return report;
}

/** A refund of the referred order: a pending or reviewed referral is void; an earned one is reversed (its credit taken back as far as it is unspent). */
export async function reverseReferral(shop: Shop, r: ReferralRow): Promise<boolean> {
  const now = shop.clock.now();
  return dbOf(shop).transaction(async (tx) => {
    if (r.status !== "earned") return setReferralStatus(tx, r.id, ["pending", "review"], { status: "void", decidedBy: "system", now });
    if (!(await setReferralStatus(tx, r.id, ["earned"], { status: "reversed", decidedBy: "system", now }))) return false;
    const { currency, take } = await referralClawback(tx, r);
    if (take > 0) await appendEntry(tx, { customerId: r.referrerId, account: creditAccount(currency), amount: -take, reason: "referral_reversed", key: `referral-reversal:${r.id}`, refId: r.id, now });
    return true;
  });
}

/** How much of an earned referral's reward its reversal takes back: the reward, as far as the referrer has not spent it. */
async function referralClawback(db: Queryable, r: ReferralRow): Promise<{ currency: string; take: number }> {
  const currency = r.rewardCurrency ?? "USD";
  return { currency, take: Math.min(r.rewardAmount ?? 0, await creditBalance(db, r.referrerId, currency)) };
}

/** What a full refund of the order would do to its referral and its spent credit (onOrderRefunded, written nowhere). */
export type { FullRefundEffects };

/** onOrderRefunded's effects, read now: the refund confirmation shows them (issue 36) from the same rules. */
export async function fullRefundEffects(db: Queryable, orderId: string): Promise<FullRefundEffects> {
  const r = await referralOfOrder(db, orderId);
  let referral: FullRefundEffects["referral"] = null;
  if (r && ["pending", "review", "earned"].includes(r.status)) {
    const clawback = r.status === "earned" ? await referralClawback(db, r) : { currency: r.rewardCurrency ?? "USD", take: 0 };
    referral = { id: r.id, referrerId: r.referrerId, outcome: r.status === "earned" ? "reversed" : "void", creditTaken: clawback.take, currency: clawback.currency };
  }
  return { referral, creditReturned: await orderCreditToReturn(db, orderId) };
}

/**
 * Called when an order is refunded in full: its referral (if any) is voided or reversed, its spent credit given back.
 * Its points (and the credit they were redeemed for) are taken back by each refund itself (reverseRefundedOrder).
 */
export async function onOrderRefunded(shop: Shop, order: { id: string; customerId: string }): Promise<void> {
  const r = await referralOfOrder(dbOf(shop), order.id);
  if (r && ["pending", "review", "earned"].includes(r.status)) await reverseReferral(shop, r);
  // The member credit the order spent comes back, once (ADR 0040).
  await returnOrderCredit(dbOf(shop), { orderId: order.id, reason: "order_refunded", now: shop.clock.now() });
}

/**
 * The operator decides a referral in the review queue: approve pays the reward (the cap does not apply), reject closes
 * it. Runs in the caller's transaction (the console's action writes its audit entry beside it).
 */
export async function decideReferral(shop: Shop, db: Queryable, id: string, decision: "approve" | "reject", staffEmail: string): Promise<{ before: ReferralRow; after: ReferralRow }> {
  const r = await findReferral(db, id);
  if (!r) throw new ShopError("NOT_FOUND", "No such referral.");
  if (r.status !== "review") throw new ShopError("VALIDATION_ERROR", "This referral is not waiting for a review.");
  const payment = await paymentOfOrder(db, r.orderId);
  if (decision === "approve") {
    if (payment?.status !== "captured") throw new ShopError("VALIDATION_ERROR", "The friend's order is not paid (or was refunded), so there is nothing to reward.");
    if (r.rewardDueAt > shop.clock.now()) throw new ShopError("VALIDATION_ERROR", "The friend's refund window is still open; decide after it closes.");
    if (!(await payReward(shop, r, ["review"], staffEmail, db))) throw new ShopError("VALIDATION_ERROR", "Someone decided this referral meanwhile.");
  } else if (!(await setReferralStatus(db, r.id, ["review"], { status: "rejected", decidedBy: staffEmail, now: shop.clock.now() }))) {
    throw new ShopError("VALIDATION_ERROR", "Someone decided this referral meanwhile.");
  }
  return { before: r, after: (await findReferral(db, id))! };
}
