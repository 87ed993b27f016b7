import { normaliseProductCode, type Cart } from "../../domain/cart";
import { isWellFormedCouponCode, normaliseCouponCode, type Coupon } from "../../domain/coupons";
import { ShopError } from "../../domain/errors";
import { acceptCountry } from "../../domain/locale";
import { MESSAGES } from "../../domain/messages";
import type { PriceList } from "../../domain/plans";
import { quoteCart, type Quote } from "../../domain/quote";
import { canShipTo, shippingFeeTable, shippingRates, type ShippingMethod } from "../../domain/shipping";
import { operatorFlags, pricingFlagsOf, type PricingFlags } from "../../domain/flags";
import { servedExperimentsOf } from "../modules/analytics";
import { cachedFlagDefaults } from "../modules/settings";
import { dbOf, type Shop } from "../shop";
import { listPlans, listProducts, priceListFor } from "../modules/catalog";
import { usableAutoCoupons, usableCoupon } from "../modules/coupons";
import { creditBalance } from "../modules/loyalty";
import { applyOrderCredit } from "../../domain/order-credit";
import { renewalTerms, type RenewalTerm } from "../../domain/renewal-terms";

export interface CartPricingRequest {
  items: Record<string, number>;
  couponCodes: readonly string[];
  country: string | null | undefined;
  shippingMethod?: ShippingMethod;
  customerId: string | null;
  isFirstOrder: boolean | null;
  /** The signed-in member whose experiment variants may set money flags (ADR 0062); null for a guest. */
  shopperId: string | null;
}

export interface PricedCart {
  quote: Quote;
  /** The promo code that lowers this cart's price; null when none was entered or it takes nothing off (quote.promoNotApplied says why). */
  promo: Coupon | null;
  priceList: PriceList;
  /** What each subscription line renews as, for how much and from when: told before paying (issue 34). */
  renewals: RenewalTerm[];
}

/**
 * Prices a cart from the database alone: catalogue, the shopper's price list, auto coupons and a usable promo code.
 * Whatever prices or currency the client believes are not inputs. Used by the preview and by order placement.
 */
export async function priceCart(shop: Shop, req: CartPricingRequest): Promise<PricedCart> {
  const country = acceptCountry(req.country);
  const { priceList, currency } = priceListFor(country);
  const [products, plans] = await Promise.all([listProducts(shop), listPlans(shop, priceList, currency)]);
  const cart = normaliseCart(req.items);
  const autoCodes = products.filter((p) => cart[p.code]).map((p) => p.domesticAttributes.autoCouponCode);
  const autoCoupons = await usableAutoCoupons(dbOf(shop), autoCodes, shop.clock.now());
  const [promo, pricing] = await Promise.all([promoCoupon(shop, req), pricingFlagsFor(shop, req.shopperId)]);
  const result = quoteCart({ cart, products, plans, promo, autoCoupons, country, shippingMethod: req.shippingMethod ?? null, pricing });
  if (!result.ok) throw new ShopError(result.code, result.message);
  // A code that takes nothing off is not the order's promo: it is not redeemed and no subscription keeps it.
  const orderPromo = result.quote.promoNotApplied ? null : promo;
  // Only the order's promo can follow a subscription into its renewals (place-order keeps it when it lasts forever).
  const renewals = renewalTerms({ quote: result.quote, plans, coupons: orderPromo ? [orderPromo] : [], now: shop.clock.now() });
  return { quote: result.quote, promo: orderPromo, priceList, renewals };
}

/** The promo code's limits as the checkout states them beside the code (duration, who may use it, until when). */
export type PromoTerms = Pick<Coupon, "code" | "duration" | "firstOrderOnly" | "maxPerCustomer"> & { endsAt: string | null };

export type CartPreview = Quote & { creditApplied: number; renewals: RenewalTerm[]; promoTerms: PromoTerms | null };

/**
 * The checkout summary (POST /ecommerce/purchase/preview): the priced cart with the signed-in member's credit in its
 * currency taken off, as placing the order would take it (ADR 0040), what each subscription renews as and the promo
 * code's limits, so the shopper reads them before paying. A guest's preview reads no balance.
 */
export async function previewCart(shop: Shop, req: CartPricingRequest): Promise<CartPreview> {
  const { quote, promo, renewals } = await priceCart(shop, req);
  const balance = req.customerId && quote.total > 0 ? await creditBalance(dbOf(shop), req.customerId, quote.currency) : 0;
  const promoTerms = promo && { code: promo.code, duration: promo.duration, firstOrderOnly: promo.firstOrderOnly, maxPerCustomer: promo.maxPerCustomer, endsAt: promo.endsAt?.toISOString() ?? null };
  return { ...applyOrderCredit(quote, balance), renewals, promoTerms };
}

/** Codes trimmed and lowercased; the same product sent twice in different case counts once, quantities added. */
function normaliseCart(items: Record<string, number>): Cart {
  const cart: Record<string, number> = {};
  for (const [code, quantity] of Object.entries(items)) {
    const key = normaliseProductCode(code);
    cart[key] = (cart[key] ?? 0) + quantity;
  }
  return cart;
}

/** The first promo code, if any, checked as usable now by this shopper; one promo code applies per order. */
async function promoCoupon(shop: Shop, req: CartPricingRequest): Promise<Coupon | null> {
  const raw = req.couponCodes.find((c) => c.trim() !== "");
  if (!raw) return null;
  const code = normaliseCouponCode(raw);
  if (!isWellFormedCouponCode(code)) throw new ShopError("INVALID_COUPON", MESSAGES.invalidPromo);
  return usableCoupon(dbOf(shop), code, { now: shop.clock.now(), customerId: req.customerId, isFirstOrder: req.isFirstOrder });
}

/**
 * The money flags of a shopper, from the shop's layers alone: FEATURE_FLAGS, the operator's defaults and the signed-in
 * member's served experiments (no exposure is counted here: the pages count it). Never the seed_flags cookie, so the
 * price a visitor sees and pays cannot be chosen by the visitor (ADR 0062, 0080). The shell hands the browser the same
 * pricing flags, so the cart priced in the browser matches.
 */
export async function pricingFlagsFor(shop: Shop, shopperId: string | null): Promise<PricingFlags> {
  const [operator, experiments] = await Promise.all([cachedFlagDefaults(dbOf(shop)), shopperId ? servedExperimentsOf(shop, shopperId) : {}]);
  return pricingFlagsOf(operatorFlags(shop.env.FEATURE_FLAGS, operator), experiments);
}

/**
 * The shipping choices for a destination and the products of a cart (unknown codes are ignored here; the preview
 * refuses them): POST /ecommerce/shipping_rates.
 */
export async function shippingRatesFor(shop: Shop, requestedCountry: string | undefined, productCodes: string[], shopperId: string | null = null) {
  const country = acceptCountry(requestedCountry);
  const wanted = new Set(productCodes.map((c) => c.trim().toLowerCase()));
  const [products, pricing] = await Promise.all([wanted.size > 0 ? listProducts(shop) : [], pricingFlagsFor(shop, shopperId)]);
  const planCodes = products.filter((p) => wanted.has(p.code)).map((p) => p.planCode);
  return { country, shippable: canShipTo(country), rates: shippingRates(country, planCodes, shippingFeeTable(pricing)) };
}
