import { isReferralCode } from "../../domain/referrals";
import { FRIEND_OFFER } from "../../domain/referrals";
import type { Currency } from "../../domain/money";
import { referralNameOf } from "../modules/customers";
import { referrerOfCode } from "../modules/referrals";
import { dbOf, type Shop } from "../shop";
import { priceCart } from "./price-cart";

/** The product a referral link offers: DS-01® Daily Synbiotic, the first-order kit the landing page sends the friend to. */
export const REFERRAL_PRODUCT_CODE = "syn-wk";

export interface ReferralLanding {
  /** The referrer's first name, only when they chose to be named (ADR 0063). */
  referrerFirstName: string | null;
  product: { name: string; image: string };
  currency: Currency;
  country: string;
  /** What the product costs without the friend's code, and with it: the checkout's own pricing, shipping aside. */
  listPrice: number;
  friendPrice: number;
}

/**
 * What the friend's landing page (/r/<code>, ADR 0036) shows: the product at the friend's price, priced by the same
 * function checkout uses (priceCart) with the friend's code for a first order, and who sent it when they allow it.
 * Null for a code that is no member's.
 */
export async function referralLanding(shop: Shop, code: string, country: string): Promise<ReferralLanding | null> {
  if (!isReferralCode(code)) return null;
  const referrerId = await referrerOfCode(dbOf(shop), code);
  if (!referrerId) return null;
  const [priced, referrerFirstName] = await Promise.all([
    priceCart(shop, { items: { [REFERRAL_PRODUCT_CODE]: 1 }, couponCodes: [FRIEND_OFFER.code], country, customerId: null, shopperId: null, isFirstOrder: true }),
    referralNameOf(dbOf(shop), referrerId),
  ]);
  const { quote } = priced;
  const line = quote.lines.find((l) => l.productCode === REFERRAL_PRODUCT_CODE && !l.bonus) ?? quote.lines[0]!;
  return {
    referrerFirstName,
    product: { name: line.name, image: line.image },
    currency: quote.currency,
    country: quote.country,
    listPrice: quote.subtotal,
    friendPrice: quote.subtotal - quote.discountTotal,
  };
}
