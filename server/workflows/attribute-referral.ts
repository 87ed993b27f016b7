import type { Address } from "../../domain/address";
import { cardSignals, isReferralCode, normaliseAddress, rewardDueAt, selfReferralSignals } from "../../domain/referrals";
import type { Tx } from "../db/client";
import type { CardDetails } from "../integrations/payments/gateway";
import { customerEmail } from "../modules/customers";
import { orderRecordsOf } from "../modules/orders";
import { savedCardsOf } from "../modules/payments";
import { devicesOf, insertReferral, referrerOfCode, type ReferralRow } from "../modules/referrals";

export interface Attribution {
  code: string;
  deviceId: string | null;
  friendId: string;
  friendEmail: string;
  orderId: string;
  shippingAddress: Address;
  card: CardDetails;
  now: Date;
}

/**
 * Attributes a first order placed through a referral link to its referrer, inside the order's transaction (ADR 0036).
 * A friend who is the referrer by email (normalised) is refused at once; one who shares a normalised address, a card
 * (the gateway's fingerprint of the number, any of the referrer's saved cards) or a device with the referrer goes to the operator's review queue instead of being rewarded by itself.
 */
export async function attributeReferral(tx: Tx, a: Attribution): Promise<ReferralRow | null> {
  if (!isReferralCode(a.code)) return null;
  const referrerId = await referrerOfCode(tx, a.code);
  if (!referrerId) return null;
  // A member's own order is never a referral.
  if (referrerId === a.friendId) return null;
  const [referrerEmail, referrerOrders, referrerCards, referrerDevices] = await Promise.all([
    customerEmail(tx, referrerId),
    orderRecordsOf(tx, referrerId),
    savedCardsOf(tx, referrerId),
    devicesOf(tx, referrerId),
  ]);
  const signals = selfReferralSignals(
    {
      email: referrerEmail ?? "",
      addresses: referrerOrders.filter((o) => o.id !== a.orderId).map((o) => normaliseAddress(o.shippingAddress as Address)),
      cards: referrerCards.flatMap(cardSignals),
      devices: referrerDevices,
    },
    { email: a.friendEmail, addresses: [normaliseAddress(a.shippingAddress)], cards: cardSignals(a.card), devices: a.deviceId ? [a.deviceId] : [] },
  );
  const status = signals.includes("email") ? "rejected" : signals.length > 0 ? "review" : "pending";
  return insertReferral(tx, {
    referrerId,
    friendId: a.friendId,
    orderId: a.orderId,
    code: a.code,
    status,
    flags: signals,
    paidAt: a.now,
    rewardDueAt: rewardDueAt(a.now),
    now: a.now,
  });
}
