import { pointsExpiry } from "../../domain/loyalty";
import { ROUTES } from "../../domain/routes";
import { customerEmail } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { expirePointsOf, membersWithPoints, queuePointsExpiringEmail, releaseRenewalCredit, returnOrderCredit, unreleasedRenewalHolds, unreturnedOrderCredit } from "../modules/loyalty";
import { findOrderIdsAmong } from "../modules/orders";
import { findRenewal } from "../modules/renewals";
import { subscriptionsOfCustomer } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { publicOrigin } from "../public-origin";

/**
 * The nightly loyalty job (ADR 0037): points of members whose last subscription was canceled 90 days ago expire (an
 * email goes 7 days before); a reactivated subscription stops both. Credit held by a renewal that ended unpaid, or by a checkout order never written, is given back.
 */
export async function loyaltyUpkeep(shop: Shop): Promise<{ noticed: number; expired: number; released: number }> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  let noticed = 0;
  let expired = 0;
  for (const m of await membersWithPoints(db, 5000)) {
    const subs = (await subscriptionsOfCustomer(db, m.customerId)).map((s) => ({ status: s.status, canceledAt: s.canceledAt ? new Date(s.canceledAt) : null }));
    const expiry = pointsExpiry(subs);
    if (!expiry || now < expiry.noticeAt) continue;
    if (now >= expiry.expiresAt) {
      if ((await expirePointsOf(db, { customerId: m.customerId, canceledAt: expiry.canceledAt, now })) > 0) expired += 1;
      continue;
    }
    const to = await customerEmail(db, m.customerId);
    const base = publicOrigin(shop.env);
    if (to && (await queuePointsExpiringEmail(db, { to, customerId: m.customerId, canceledAt: expiry.canceledAt, points: m.points, expiresAt: expiry.expiresAt, accountUrl: `${base}${ROUTES.subscriptions}`, now }))) noticed += 1;
  }
  let released = 0;
  for (const hold of await unreleasedRenewalHolds(db, 500)) {
    const renewal = await findRenewal(db, hold.renewalId);
    if (renewal?.status === "canceled" && (await releaseRenewalCredit(db, hold.renewalId, now)) > 0) released += 1;
  }
  // Credit spent by a checkout whose process died before it wrote the order (ADR 0040). A day old: no claim of that
  // order can still be writing it (a checkout attempt is taken over within minutes).
  const spends = await unreturnedOrderCredit(db, new Date(now.getTime() - 86_400_000), 500);
  const written = await findOrderIdsAmong(db, spends.map((s) => s.orderId));
  for (const s of spends) if (!written.has(s.orderId) && (await returnOrderCredit(db, { orderId: s.orderId, reason: "order_abandoned", now })) > 0) released += 1;
  if (noticed > 0) await sendQueuedEmailsSoon(shop);
  return { noticed, expired, released };
}
