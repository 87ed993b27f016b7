import type { Address } from "./address";
import type { Cents } from "./money";

/**
 * The referral programme (SPEC.md sections 1, 2, 6 and 9; ADR 0036). A member shares a link with their code; a friend
 * who places their first order through it gets FRIEND_OFFER off that order; the member earns the reward when the
 * friend's order is paid and its refund window has passed without a refund.
 */
export const REFERRAL_REWARD_USD = 2500 as Cents;
/** Days after the friend's payment during which a refund cancels the reward (the shop's 30-day guarantee). */
export const REFUND_WINDOW_DAYS = 30;
/** Rewards a member can earn in one calendar month (UTC); more go to the operator's review queue. */
export const MONTHLY_REWARD_CAP = 5;
/** The friend's first-order offer: a first-order-only coupon the link carries (content/catalog.json). */
export const FRIEND_OFFER = { code: "FRIEND15", percent: 15 } as const;
export const FRIEND_OFFER_WORDS = `${FRIEND_OFFER.percent}% off their first order`;
/** The link's path: /r/<code>. */
export const REFERRAL_LINK_PREFIX = "/r/";
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{8}$/;
/** The cookie the link sets: the code, kept 30 days, read at checkout. */
export const REFERRAL_COOKIE = "seed_ref";
/** A random id of the browser, to tell when a friend's order comes from the referrer's own device. */
export const DEVICE_COOKIE = "seed_device";
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type ReferralStanding = "locked" | "ineligible" | "open";

/**
 * Section 6: a member with no paid order sees that referrals unlock after the first order; a blocked member (the
 * accounts' blocked rule) sees that they cannot take part and should contact care.
 */
export function referralStanding(member: { paidOrders: number; blocked: boolean }): ReferralStanding {
  if (member.paidOrders === 0) return "locked";
  if (member.blocked) return "ineligible";
  return "open";
}

export const STANDING_WORDS: Record<Exclude<ReferralStanding, "open">, string> = {
  locked: "Referrals unlock after your first order. Once it is placed, your link appears here.",
  ineligible: "Your account cannot take part in the referral programme. Please contact our care team if you think this is a mistake.",
};

export function isReferralCode(value: string | null | undefined): value is string {
  return typeof value === "string" && REFERRAL_CODE_PATTERN.test(value);
}

/** The same mailbox however it is written: case, Gmail's dots and any +tag. */
export function normaliseEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const bare = local.split("+")[0]!;
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? bare.replace(/\./g, "") : bare}@${gmail ? "gmail.com" : domain}`;
}

const STREET_WORDS: Record<string, string> = { street: "st", avenue: "ave", road: "rd", drive: "dr", boulevard: "blvd", lane: "ln", apartment: "apt", suite: "ste" };

/** The same place however it is typed: case, punctuation, spacing, common street abbreviations, the ZIP+4 tail. */
export function normaliseAddress(a: Pick<Address, "address1" | "address2" | "city" | "postalCode" | "country">): string {
  const words = (s: string | null | undefined) =>
    (s ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9 ]/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => STREET_WORDS[w] ?? w)
      .join(" ");
  const postal = (a.postalCode ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, a.country?.toUpperCase() === "US" ? 5 : 10);
  return [words(a.address1), words(a.address2), words(a.city), postal, (a.country ?? "").toUpperCase()].join("|");
}

/** A card's fingerprint from what the shop keeps of it (never the number): brand, last four and expiry. */
export function cardFingerprint(c: { brand: string; last4: string; expMonth: number; expYear: number }): string {
  return `${c.brand.toLowerCase()}:${c.last4}:${c.expMonth}/${c.expYear}`;
}

/**
 * What a card is compared by (issue 24): the gateway's fingerprint of the number alone (Stripe's `card.fingerprint`,
 * the sandbox's keyed hash), so the same card under another expiry date is the same card; and brand, last four and
 * expiry, for cards saved before gateways told a fingerprint.
 */
export function cardSignals(c: { brand: string; last4: string; expMonth: number; expYear: number; fingerprint?: string | null }): string[] {
  return c.fingerprint ? [`number:${c.fingerprint}`, cardFingerprint(c)] : [cardFingerprint(c)];
}

export type SelfReferralSignal = "email" | "address" | "card" | "device";

export interface ReferralParty {
  email: string;
  addresses: readonly string[];
  cards: readonly string[];
  devices: readonly string[];
}

/** Which signals say the friend is the referrer: a shared normalised email, address, card fingerprint or device. */
export function selfReferralSignals(referrer: ReferralParty, friend: ReferralParty): SelfReferralSignal[] {
  const shares = (a: readonly string[], b: readonly string[]) => a.some((x) => x !== "" && b.includes(x));
  const signals: SelfReferralSignal[] = [];
  if (normaliseEmail(referrer.email) === normaliseEmail(friend.email)) signals.push("email");
  if (shares(referrer.addresses, friend.addresses)) signals.push("address");
  if (shares(referrer.cards, friend.cards)) signals.push("card");
  if (shares(referrer.devices, friend.devices)) signals.push("device");
  return signals;
}

/**
 * The $25 reward in the referrer's currency by the price-list rule (ADR 0004: prices are set per currency, never
 * converted at run time): $25 scaled by DS-01's monthly price in that currency against its US price, to whole units.
 */
export function rewardInCurrency(referencePrice: number, usdReferencePrice: number): Cents {
  if (!(referencePrice > 0) || !(usdReferencePrice > 0)) return REFERRAL_REWARD_USD;
  const exact = (REFERRAL_REWARD_USD * referencePrice) / usdReferencePrice;
  return (Math.round(exact / 100) * 100) as Cents;
}

export function rewardDueAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * 86_400_000);
}

/** The calendar month (UTC) a reward counts against for the cap. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export type ReferralStatus = "pending" | "review" | "earned" | "rejected" | "reversed" | "void";

export const REFERRAL_STATUS_WORDS: Record<ReferralStatus, string> = {
  pending: "Pending: the refund window is open",
  review: "Being checked by our team",
  earned: "Earned",
  rejected: "Not eligible",
  reversed: "Reversed after a refund",
  void: "Order refunded",
};
