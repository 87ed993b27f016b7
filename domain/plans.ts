/** Plans of SPEC.md section 3 (Plan / product) and the plan groups of sections 5 and 9. */
export const PLAN_CODES = [
  "syn-wk",
  "syn-rf",
  "syn-rf-3mo",
  "syn-rf-6mo",
  "syn-wk-3mo",
  "syn-wk-6mo",
  "syn-wk-gift-2020",
  "pds-wk",
  "pds-rf",
  "vs-wk",
  "vs-rf",
  "vs-rf-3mo",
  "vs-rst",
  "syn-gr",
] as const;

export type PlanCode = (typeof PLAN_CODES)[number];

/** Months between charges: 1, 3 or 6 for subscriptions (SPEC.md section 1); null for a one-time purchase. */
export type BillingPeriodMonths = 1 | 3 | 6 | null;

export function isPlanCode(value: string): value is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(value);
}

/** A starter kit renews as its refill; every other subscription renews as itself. */
export const RENEWS_INTO: Readonly<Partial<Record<PlanCode, PlanCode>>> = {
  "syn-wk": "syn-rf",
  "syn-wk-3mo": "syn-rf-3mo",
  "syn-wk-6mo": "syn-rf-6mo",
  "vs-wk": "vs-rf",
  "pds-wk": "pds-rf",
};

export function renewalPlanOf(plan: { code: PlanCode; isSrp: boolean }): PlanCode | null {
  if (!plan.isSrp) return null;
  return RENEWS_INTO[plan.code] ?? plan.code;
}

/** Plan groups per landing page (SPEC.md section 9). */
export const PLAN_GROUPS = {
  daily: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo"],
  vaginal: ["vs-wk", "vs-rf-3mo", "vs-rf"],
  pediatric: ["pds-wk"],
  partner: ["syn-wk", "syn-rf", "vs-wk", "pds-wk", "pds-rf"],
} as const satisfies Record<string, readonly PlanCode[]>;

export type PlanGroupName = keyof typeof PLAN_GROUPS;

/** The 'supported' plan group (SPEC.md section 5). */
export const SUPPORTED_PLANS = ["syn-wk", "syn-rf", "syn-rf-3mo", "syn-rf-6mo", "vs-wk", "vs-rf", "vs-rf-3mo"] as const satisfies readonly PlanCode[];

export function isSupportedPlan(code: string): boolean {
  return (SUPPORTED_PLANS as readonly string[]).includes(code);
}

/** Paths that load plans specially (SPEC.md section 2): invoices, reactivations and refill (srp) pages. */
export function isSpecialPlanPath(pathname: string): boolean {
  return /invoice|reactivate|srp/.test(pathname);
}

/** Savings messages of SPEC.md section 9, by billing period. */
export const SAVINGS_MESSAGES: Readonly<Partial<Record<number, string>>> = {
  3: "Save 10% forever",
  6: "Save 15% forever",
};

/**
 * How long a starter kit lasts before its first renewal, in months, when that differs from the refill's period.
 * SPEC.md section 9 gives the vaginal starter 60 capsules for 30 days, followed by the $39.99 monthly refill, so no
 * starter differs today (ADR 0018); a kit that lasted longer would be listed here and its first renewal would wait.
 */
export const STARTER_LENGTH_MONTHS: Readonly<Partial<Record<PlanCode, number>>> = {};

/** Months from the first order to the first renewal: the starter's length, else the billing period. */
export function firstRenewalMonths(planCode: PlanCode | null, billingPeriodMonths: number): number {
  return (planCode && STARTER_LENGTH_MONTHS[planCode]) || billingPeriodMonths;
}

/** The cart's and plan card's billing words for a plan: a starter kit says it is followed by its refill's billing. */
export function planBillingLabel(planCode: PlanCode | null, months: BillingPeriodMonths): string {
  if (planCode && RENEWS_INTO[planCode] && months) return `Starter kit, then ${billingLabel(months).toLowerCase()}`;
  return billingLabel(months);
}

export function billingLabel(months: BillingPeriodMonths): string {
  if (months === null) return "One-time purchase";
  if (months === 1) return "Billed monthly";
  return `Billed every ${months} months`;
}

/** Domestic (US) prices, or the international alt-currency price list (SPEC.md section 9). */
export type PriceList = "domestic" | "international";
export const PRICE_LISTS: readonly PriceList[] = ["domestic", "international"];

/** A plan as the plans API answers it (SPEC.md section 3, Plan / product), priced in one currency. */
export interface PlanView {
  code: PlanCode;
  id: string;
  name: string;
  planCode: PlanCode;
  productCode: string;
  productSku: string;
  isSrp: boolean;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  priceList: PriceList;
  product_plan: { plan: { plan_code: PlanCode; is_srp: boolean } };
  domesticAttributes: { billingPeriodLength: BillingPeriodMonths };
  image: string;
  renewsInto: PlanCode | null;
  savingsMessage: string | null;
}

export function planView(
  plan: { code: PlanCode; id: string; name: string; productCode: string; productSku: string; isSrp: boolean; billingPeriodMonths: BillingPeriodMonths; image: string },
  price: { amount: number; currency: string; priceList: PriceList },
): PlanView {
  return {
    code: plan.code,
    id: plan.id,
    name: plan.name,
    planCode: plan.code,
    productCode: plan.productCode,
    productSku: plan.productSku,
    isSrp: plan.isSrp,
    price: price.amount,
    currency: price.currency,
    priceList: price.priceList,
    product_plan: { plan: { plan_code: plan.code, is_srp: plan.isSrp } },
    domesticAttributes: { billingPeriodLength: plan.billingPeriodMonths },
    image: plan.image,
    renewsInto: renewalPlanOf(plan),
    savingsMessage: plan.billingPeriodMonths ? (SAVINGS_MESSAGES[plan.billingPeriodMonths] ?? null) : null,
  };
}
