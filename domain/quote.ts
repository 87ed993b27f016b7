import type { Cart } from "./cart";
import { isAllowedInCountry, type Product } from "./catalog";
import { couponAppliesTo, couponDiscount, type PromoCoupon } from "./coupons";
import type { ErrorCode } from "./errors";
import { cents, type Cents, type Currency } from "./money";
import type { BillingPeriodMonths, PlanCode, PlanView } from "./plans";
import type { PricingFlags } from "./flags";
import { canShipTo, defaultShippingMethod, PREORDER_MESSAGE, SHIPPING_LABELS, shippingFee, shippingFeeTable, shippingMethodsFor, type ShippingMethod } from "./shipping";

/** Outside the US, customs allow one of each product per parcel for personal use. */
export const INTERNATIONAL_MAX_QUANTITY = 1;

export interface QuoteInput {
  cart: Cart;
  products: readonly Product[];
  /** Plans of the shopper's price list and currency. */
  plans: readonly PlanView[];
  /** The promo coupon the shopper entered, already checked as usable (or null). */
  promo: PromoCoupon | null;
  /** Auto coupons of the cart's products. */
  autoCoupons: readonly PromoCoupon[];
  country: string;
  shippingMethod: ShippingMethod | null;
  /** Products that have not been released yet ship later (SPEC.md section 9 preorder message). */
  preorderCodes?: readonly string[];
  /** The money flags the shop turned on for this shopper (ADR 0062); none when absent. */
  pricing?: PricingFlags;
}

export interface QuoteLine {
  productCode: string;
  planCode: PlanCode | null;
  sku: string;
  name: string;
  image: string;
  quantity: number;
  unitPrice: Cents;
  listTotal: Cents;
  discount: Cents;
  total: Cents;
  isSrp: boolean;
  billingPeriodMonths: BillingPeriodMonths;
  renewsInto: PlanCode | null;
  /** A free bonus product that comes with another line. */
  bonus: boolean;
}

export interface QuoteDiscount {
  code: string;
  /** surprise: the shop's own treat (data-discount-surprise-delight-test), no coupon to redeem. */
  kind: "auto" | "promo" | "surprise";
  amount: Cents;
}

export interface Quote {
  currency: Currency;
  country: string;
  lines: QuoteLine[];
  subtotal: Cents;
  discounts: QuoteDiscount[];
  discountTotal: Cents;
  shipping: { method: ShippingMethod; label: string; amount: Cents };
  total: Cents;
  preorderMessage: string | null;
  /** The promo code the shopper entered when it takes nothing off, and why: such a code is not redeemed. */
  promoNotApplied: { code: string; reason: string } | null;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; code: ErrorCode; message?: string; productCode?: string };

const fail = (code: ErrorCode, message?: string, productCode?: string): QuoteResult => ({ ok: false, code, message, productCode });

/** Prices a cart the way the server charges it. Every rule lives here so the cart page, preview and order agree. */
export function quoteCart(input: QuoteInput): QuoteResult {
  const country = input.country.toUpperCase();
  const entries = Object.entries(input.cart);
  if (entries.length === 0) return fail("VALIDATION_ERROR", "Your cart is empty.");
  if (!canShipTo(country)) return fail("PRODUCT_NOT_ALLOWED_IN_COUNTRY", "We cannot ship to that country yet. Please contact care.");

  const lines: QuoteLine[] = [];
  for (const [code, quantity] of entries) {
    const built = buildLine(input, code, quantity, country);
    if (!built.ok) return built.error;
    lines.push(built.line, ...built.bonuses);
  }
  if (lines.filter((l) => l.isSrp && !l.bonus).length > 1) return fail("QUANTITY_NOT_ALLOWED", "Only one subscription can be ordered at a time.");
  const currency = input.plans[0]?.currency as Currency | undefined;
  if (!currency) return fail("ITEM_NOT_AVAILABLE");

  const discounts = applyDiscounts(lines, input, currency);
  const promoNotApplied = input.promo && !discounts.some((d) => d.kind === "promo") ? { code: input.promo.code, reason: whyPromoGivesNothing(lines, input.promo, discounts, currency) } : null;
  const method = input.shippingMethod ?? defaultShippingMethod(country);
  if (!shippingMethodsFor(country).includes(method)) return fail("VALIDATION_ERROR", "That shipping method is not available for your country.");
  const shippingAmount = cents(shippingFee(method, country, lines.filter((l) => !l.bonus).map((l) => l.planCode), shippingFeeTable(input.pricing)));
  const subtotal = cents(lines.reduce((s, l) => s + l.listTotal, 0));
  const discountTotal = cents(lines.reduce((s, l) => s + l.discount, 0));
  const preorder = lines.some((l) => input.preorderCodes?.includes(l.productCode));
  return {
    ok: true,
    quote: {
      currency,
      country,
      lines,
      subtotal,
      discounts,
      discountTotal,
      shipping: { method, label: SHIPPING_LABELS[method], amount: shippingAmount },
      total: cents(subtotal - discountTotal + shippingAmount),
      preorderMessage: preorder ? PREORDER_MESSAGE : null,
      promoNotApplied,
    },
  };
}

type LineResult = { ok: true; line: QuoteLine; bonuses: QuoteLine[] } | { ok: false; error: QuoteResult };

function buildLine(input: QuoteInput, code: string, quantity: number, country: string): LineResult {
  const error = (c: ErrorCode, message?: string) => ({ ok: false as const, error: fail(c, message, code) });
  const product = input.products.find((p) => p.code === code);
  if (!product) return error("ITEM_NOT_AVAILABLE");
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > product.maxQuantity) return error("QUANTITY_NOT_ALLOWED");
  if (!isAllowedInCountry(product, country)) return error("PRODUCT_NOT_ALLOWED_IN_COUNTRY");
  if (country !== "US" && quantity > INTERNATIONAL_MAX_QUANTITY) return error("QUANTITY_NOT_ALLOWED_IN_COUNTRY");
  if (!product.planCode) return error("ITEM_NOT_AVAILABLE", "That item only comes as a gift with another product.");
  const plan = input.plans.find((p) => p.code === product.planCode);
  if (!plan) return error("ITEM_NOT_AVAILABLE");
  const unitPrice = cents(plan.price * product.planQuantity);
  const listTotal = cents(unitPrice * quantity);
  const line: QuoteLine = {
    productCode: product.code,
    planCode: plan.code,
    sku: product.content.sku,
    name: product.content.name,
    image: product.content.cartImage,
    quantity,
    unitPrice,
    listTotal,
    discount: cents(0),
    total: listTotal,
    isSrp: product.isSrp,
    billingPeriodMonths: plan.domesticAttributes.billingPeriodLength,
    renewsInto: plan.renewsInto,
    bonus: false,
  };
  return { ok: true, line, bonuses: bonusLines(input, product, country) };
}

/** Free gifts a product comes with (its bonusProducts), when sold in the shopper's country. */
function bonusLines(input: QuoteInput, product: Product, country: string): QuoteLine[] {
  return product.content.bonusProducts.flatMap((bonus) => {
    const gift = input.products.find((p) => p.code === bonus.name);
    if (!gift || !isAllowedInCountry(gift, country)) return [];
    return [
      {
        productCode: gift.code,
        planCode: null,
        sku: gift.content.sku,
        name: gift.content.name,
        image: gift.content.cartImage,
        quantity: bonus.quantity,
        unitPrice: cents(0),
        listTotal: cents(0),
        discount: cents(0),
        total: cents(0),
        isSrp: false,
        billingPeriodMonths: null,
        renewsInto: null,
        bonus: true,
      },
    ];
  });
}

/**
 * The first auto coupon among the cart's products, then the promo code. Percent coupons discount every line they
 * apply to; a fixed coupon is taken off once, from the first line it applies to. A line never goes below zero.
 */
function applyDiscounts(lines: QuoteLine[], input: QuoteInput, currency: Currency): QuoteDiscount[] {
  const autoCode = lines.map((l) => input.products.find((p) => p.code === l.productCode)?.domesticAttributes.autoCouponCode).find(Boolean);
  const auto = input.autoCoupons.find((c) => c.code === autoCode) ?? null;
  const applied: QuoteDiscount[] = [];
  // A promo code that is the auto coupon itself is not taken off a second time.
  const promo = input.promo && input.promo.code !== auto?.code ? input.promo : null;
  for (const [coupon, kind] of [[auto, "auto"], [promo, "promo"]] as const) {
    if (!coupon) continue;
    const amount = applyCoupon(lines, coupon, currency);
    if (amount > 0) applied.push({ code: coupon.code, kind, amount: cents(amount) });
  }
  if (input.pricing?.["data-discount-surprise-delight-test"]) {
    const amount = applyCoupon(lines, SURPRISE_DISCOUNT, currency);
    if (amount > 0) applied.push({ code: SURPRISE_DISCOUNT.code, kind: "surprise", amount: cents(amount) });
  }
  return applied;
}

/**
 * The surprise of data-discount-surprise-delight-test: 5% of each line's list price off this order (never more than what
 * a coupon left), found in the cart, never announced before. It is the shop's, not a code: nothing to type, redeem or renew.
 */
export const SURPRISE_DISCOUNT: PromoCoupon = { code: "SURPRISE", type: "percent", value: 5, currency: null, plans: "all" };

export const PROMO_NOT_APPLIED = {
  items: "This code does not apply to the items in your cart.",
  alreadyApplied: "This code's discount is already applied to your cart.",
  currency: (currency: string) => `This code only works for orders paid in ${currency}.`,
} as const;

/** In the shopper's words: why an entered promo code takes nothing off this cart. */
function whyPromoGivesNothing(lines: QuoteLine[], promo: PromoCoupon, discounts: QuoteDiscount[], currency: Currency): string {
  // Already applied only when it is this cart's own automatic discount (another product's, such as the duo's, is not).
  if (discounts.some((d) => d.kind === "auto" && d.code === promo.code)) return PROMO_NOT_APPLIED.alreadyApplied;
  const matches = lines.some((l) => !l.bonus && couponAppliesTo(promo, l.sku));
  if (matches && promo.type === "fixed" && promo.currency && promo.currency !== currency) return PROMO_NOT_APPLIED.currency(promo.currency);
  return PROMO_NOT_APPLIED.items;
}

function applyCoupon(lines: QuoteLine[], coupon: PromoCoupon, currency: Currency): number {
  let taken = 0;
  for (const line of lines) {
    if (line.bonus || !couponAppliesTo(coupon, line.sku)) continue;
    const room = line.listTotal - line.discount;
    const off = Math.min(room, couponDiscount(coupon, line.sku, { amount: line.listTotal, currency }));
    line.discount = cents(line.discount + off);
    line.total = cents(line.listTotal - line.discount);
    taken += off;
    if (coupon.type === "fixed" && off > 0) break;
  }
  return taken;
}

/** How the cart and checkout name a discount line. */
export function discountLabel(discount: Pick<QuoteDiscount, "code" | "kind">): string {
  if (discount.kind === "promo") return `Promo code ${discount.code}`;
  if (discount.kind === "surprise") return `A surprise from us: ${SURPRISE_DISCOUNT.value}% off`;
  return `Discount (${discount.code})`;
}
