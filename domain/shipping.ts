import { isCountryCode } from "./countries";
import { currencyForCountry } from "./locale";
import type { Currency } from "./money";
import type { PricingFlags } from "./flags";
import type { PlanCode } from "./plans";

/** Shipping rules of SPEC.md section 9. */
export const SHIPPING_METHODS = ["free_shipping", "expedited", "passport_ddp_canada", "passport_ddp_all"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The international fee in major units of the shopper's currency (SPEC: 10), as minor units. */
export const INTERNATIONAL_FEE_MINOR = 1000;
/** Expedited US shipping (US-E), our price: $9.95. */
export const EXPEDITED_FEE_MINOR = 995;
/** What a parcel costs: the international fee and US expedited, in minor units (free plans and US standard are free). */
export interface ShippingFeeTable {
  international: number;
  expedited: number;
}
/** The fees of SPEC.md section 9. */
export const SHIPPING_FEES_V1: ShippingFeeTable = { international: INTERNATIONAL_FEE_MINOR, expedited: EXPEDITED_FEE_MINOR };
/**
 * The second table (data-checkout-shipping-fees-v2, ADR 0062): lower fees at checkout, to learn whether they lift
 * orders more than they cost. Renewals keep the first table: the flag prices the checkout only.
 */
export const SHIPPING_FEES_V2: ShippingFeeTable = { international: 700, expedited: 695 };

/** The table a checkout is priced with: the second only while the shop (never a visitor's cookie) turns its flag on. */
export function shippingFeeTable(pricing: PricingFlags | undefined): ShippingFeeTable {
  return pricing?.["data-checkout-shipping-fees-v2"] ? SHIPPING_FEES_V2 : SHIPPING_FEES_V1;
}

/** Plans that ship free everywhere (SPEC: fee 0 for syn-rf-3mo, syn-rf-6mo, vs-rf-3mo). */
export const FREE_SHIPPING_PLANS: readonly PlanCode[] = ["syn-rf-3mo", "syn-rf-6mo", "vs-rf-3mo"];
/** Countries we do not ship to: New Zealand's biosecurity rules bar live-culture supplements by post. */
export const UNSHIPPABLE_COUNTRIES = ["NZ"] as const;
export const PREORDER_MESSAGE = "Your order will ship in 2 to 4 weeks";

const METHOD_NAMES: Record<ShippingMethod, string> = {
  free_shipping: "Free standard shipping",
  expedited: "Expedited shipping",
  passport_ddp_canada: "Passport to Canada, duties paid",
  passport_ddp_all: "Passport international, duties paid",
};

/** Business days in transit, fewest and most, once the parcel has left us: the labels and the delivery estimate. */
export const TRANSIT_BUSINESS_DAYS: Record<ShippingMethod, readonly [number, number]> = {
  free_shipping: [3, 5],
  expedited: [1, 2],
  passport_ddp_canada: [5, 10],
  passport_ddp_all: [7, 14],
};

/** "Free standard shipping (3–5 business days)": the name and the transit days, from one table each. */
export const SHIPPING_LABELS = Object.fromEntries(
  SHIPPING_METHODS.map((m) => [m, `${METHOD_NAMES[m]} (${TRANSIT_BUSINESS_DAYS[m][0]}–${TRANSIT_BUSINESS_DAYS[m][1]} business days)`]),
) as Record<ShippingMethod, string>;

/** A real country (ISO 3166-1) that is not on the list we cannot ship to. */
export function canShipTo(country: string): boolean {
  return isCountryCode(country) && !(UNSHIPPABLE_COUNTRIES as readonly string[]).includes(country.trim().toUpperCase());
}

/** The default method by country: US free_shipping, CA passport_ddp_canada, everywhere else passport_ddp_all. */
export function defaultShippingMethod(country: string): ShippingMethod {
  const c = country.toUpperCase();
  if (c === "US") return "free_shipping";
  if (c === "CA") return "passport_ddp_canada";
  return "passport_ddp_all";
}

/** Methods a shopper may choose: US shoppers may pay for expedited (US-E); others get their one international method. */
export function shippingMethodsFor(country: string): ShippingMethod[] {
  if (!canShipTo(country)) return [];
  return country.toUpperCase() === "US" ? ["free_shipping", "expedited"] : [defaultShippingMethod(country)];
}

/**
 * The fee: 10 (in the shopper's currency) for non-US addresses, 0 for US standard shipping and for orders made only
 * of the free-shipping plans; expedited costs its own fee.
 */
export function shippingFee(method: ShippingMethod, country: string, planCodes: readonly (PlanCode | null)[], fees: ShippingFeeTable = SHIPPING_FEES_V1): number {
  if (method === "expedited") return fees.expedited;
  if (country.toUpperCase() === "US") return 0;
  const allFree = planCodes.length > 0 && planCodes.every((p) => p !== null && FREE_SHIPPING_PLANS.includes(p));
  return allFree ? 0 : fees.international;
}

/** One shipping choice as the checkout lists it (POST /ecommerce/shipping_rates). */
export interface ShippingRate {
  method_code: ShippingMethod;
  label: string;
  amount: number;
  currency: Currency;
}

/** Every method a shopper in `country` may choose, with its fee for a cart of these plans, in the country's currency. */
export function shippingRates(country: string, planCodes: readonly (PlanCode | null)[], fees: ShippingFeeTable = SHIPPING_FEES_V1): ShippingRate[] {
  return shippingMethodsFor(country).map((method) => ({
    method_code: method,
    label: SHIPPING_LABELS[method],
    amount: shippingFee(method, country, planCodes, fees),
    currency: currencyForCountry(country),
  }));
}
