import { isAllowedInCountry, type Product, type ProductCode, type ServingForm } from "./catalog";
import { couponDiscount, type Coupon } from "./coupons";
import { cents, type Currency, type Money } from "./money";
import type { BillingPeriodMonths, PlanCode, PlanView } from "./plans";

/** A product as a product page offers it to one shopper: priced in their currency, server-computed. */
export interface ProductOffer {
  productCode: ProductCode;
  planCode: PlanCode | null;
  sku: string;
  name: string;
  description: string;
  image: string;
  numCapsules: number;
  servingForm: ServingForm;
  supplyLengthInDays: number;
  isSrp: boolean;
  billingPeriodMonths: BillingPeriodMonths;
  /** The first charge, after automatic discounts (the duo's $10). Null when not sold to this shopper. */
  price: Money | null;
  /** Before automatic discounts; equal to price when there is none. */
  listPrice: Money | null;
  /** For 3- and 6-month plans, what a month works out at. */
  perMonth: Money | null;
  savingsMessage: string | null;
  /** What a subscription renews into, and its price, when that differs from the first charge. */
  renewal: { planCode: PlanCode; price: Money } | null;
  available: boolean;
}

export interface OfferInput {
  product: Product;
  plan: PlanView | null;
  renewalPlan: PlanView | null;
  autoCoupon: Coupon | null;
  country: string;
}

/** What one month of a plan billed every `months` months works out at (minor units); null for a monthly plan. */
export function perMonthOf(amount: number, months: number | null): number | null {
  return months && months > 1 ? Math.round(amount / months) : null;
}

export function buildOffer({ product, plan, renewalPlan, autoCoupon, country }: OfferInput): ProductOffer {
  const sellable = isAllowedInCountry(product, country) && plan !== null;
  const listPrice = sellable ? money(plan.price * product.planQuantity, plan.currency) : null;
  const discount = listPrice && autoCoupon ? couponDiscount(autoCoupon, product.content.sku, listPrice) : 0;
  const price = listPrice ? money(listPrice.amount - discount, listPrice.currency) : null;
  const months = plan?.domesticAttributes.billingPeriodLength ?? null;
  const monthShare = price ? perMonthOf(price.amount, months) : null;
  return {
    productCode: product.code,
    planCode: plan?.code ?? null,
    sku: product.content.sku,
    name: product.content.name,
    description: product.content.srp0PdpDescription,
    image: product.content.image,
    numCapsules: product.content.numCapsules,
    servingForm: product.content.servingForm,
    supplyLengthInDays: product.content.supplyLengthInDays,
    isSrp: product.isSrp,
    billingPeriodMonths: months,
    price,
    listPrice,
    perMonth: price && monthShare !== null ? money(monthShare, price.currency) : null,
    savingsMessage: plan?.savingsMessage ?? null,
    renewal: renewalOf(plan, renewalPlan, product.planQuantity),
    available: sellable,
  };
}

function renewalOf(plan: PlanView | null, renewalPlan: PlanView | null, quantity: number): ProductOffer["renewal"] {
  if (!plan || !renewalPlan || renewalPlan.code === plan.code) return null;
  if (renewalPlan.price === plan.price) return null;
  return { planCode: renewalPlan.code, price: money(renewalPlan.price * quantity, renewalPlan.currency) };
}

function money(amount: number, currency: string): Money {
  return { amount: cents(amount), currency: currency as Currency };
}

/** What a page needs to price its offers: the products, the plans of one price list and currency, auto coupons. */
export interface PageCatalog {
  products: Product[];
  plans: PlanView[];
  autoCoupons: Coupon[];
}

/** Offers for product codes, in order; the server and the browser both price with this. */
export function offersFrom(codes: readonly ProductCode[], catalog: PageCatalog, country: string): ProductOffer[] {
  const planByCode = new Map<string, PlanView>(catalog.plans.map((p) => [p.code, p]));
  return codes.flatMap((code) => {
    const product = catalog.products.find((p) => p.code === code);
    if (!product) return [];
    const plan = product.planCode ? (planByCode.get(product.planCode) ?? null) : null;
    const renewalPlan = plan?.renewsInto ? (planByCode.get(plan.renewsInto) ?? null) : null;
    const autoCode = product.domesticAttributes.autoCouponCode;
    const autoCoupon = catalog.autoCoupons.find((c) => c.code === autoCode) ?? null;
    return [buildOffer({ product, plan, renewalPlan, autoCoupon, country })];
  });
}
