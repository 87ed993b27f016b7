import type { Cents } from "./money";
import { POINTS_EXPIRY_DAYS } from "./cancellation";

/**
 * Loyalty points and credit (ADR 0037). Points: 1 point for every whole unit of currency paid on an order or a renewal
 * (shipping included, credit excluded). 100 points redeem for 5.00 of credit in the member's currency, which the next
 * renewal takes off automatically. Points expire 90 days after the member's last subscription was canceled unless one is
 * reactivated in that time; an email goes 7 days before.
 */
export const POINTS_PER_UNIT = 1;
export const REDEEM_BLOCK_POINTS = 100;
export const REDEEM_BLOCK_CREDIT = 500 as Cents;
export const EXPIRY_NOTICE_DAYS = 7;
export { POINTS_EXPIRY_DAYS };
export const POINTS_ACCOUNT = "points";
export const creditAccount = (currency: string) => `credit:${currency.toUpperCase()}`;

export const LOYALTY_RATE_WORDS = `You earn ${POINTS_PER_UNIT} point for every 1.00 you pay, on orders and renewals. Every ${REDEEM_BLOCK_POINTS} points take 5.00 off a renewal.`;

export function pointsForPayment(amount: number): number {
  return Math.max(0, Math.floor(amount / 100) * POINTS_PER_UNIT);
}

/** How much credit a redemption of `points` gives (whole blocks only). */
export function creditForPoints(points: number): Cents {
  return (Math.floor(points / REDEEM_BLOCK_POINTS) * REDEEM_BLOCK_CREDIT) as Cents;
}

/**
 * The credit a number of redeemed points bought, point by point (5 cents a point): what a refund takes back when the
 * points it reverses were already turned into credit. pointsOfCredit is its inverse.
 */
export function creditOfPoints(points: number): Cents {
  return Math.round((points * REDEEM_BLOCK_CREDIT) / REDEEM_BLOCK_POINTS) as Cents;
}
export function pointsOfCredit(credit: number): number {
  return Math.round((credit * REDEEM_BLOCK_POINTS) / REDEEM_BLOCK_CREDIT);
}

const DAY_MS = 86_400_000;

/**
 * When a member's points expire: 90 days after the latest cancellation, when no subscription is active (a reactivated
 * or a new subscription keeps them). Null while a subscription is active or there never was one.
 */
export function pointsExpiry(subscriptions: readonly { status: string; canceledAt: Date | null }[]): { canceledAt: Date; expiresAt: Date; noticeAt: Date } | null {
  if (subscriptions.length === 0 || subscriptions.some((s) => s.status !== "canceled")) return null;
  const latest = subscriptions.reduce<Date | null>((max, s) => (s.canceledAt && (!max || s.canceledAt > max) ? s.canceledAt : max), null);
  if (!latest) return null;
  const expiresAt = new Date(latest.getTime() + POINTS_EXPIRY_DAYS * DAY_MS);
  return { canceledAt: latest, expiresAt, noticeAt: new Date(expiresAt.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS) };
}

/** A renewal quote with `credit` taken off instead of whatever credit it had: the amount actually held for it. */
export function withCredit<Q extends { creditApplied: number; total: number }>(quote: Q, credit: number): Q {
  const beforeCredit = quote.total + quote.creditApplied;
  const applied = Math.max(0, Math.min(credit, beforeCredit));
  return { ...quote, creditApplied: applied as Cents, total: (beforeCredit - applied) as Cents };
}
