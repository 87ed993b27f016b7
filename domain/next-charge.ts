import { couponDiscount, type PromoCoupon } from "./coupons";
import { cents, sumCents, type Cents, type Currency } from "./money";
import type { PlanCode, PlanView } from "./plans";
import { defaultShippingMethod, SHIPPING_LABELS, shippingFee, type ShippingMethod } from "./shipping";

/**
 * The price of a subscription's next charge, before the member confirms a change (PUT /api/subscription/{id}/preview)
 * and on the subscriptions page. The renewal plan at its list price × quantity, a forever coupon, the retention discount
 * (a percentage of what the subscription line costs after the coupon, rounded to the cent once), one-time add-ons at
 * their list price, and shipping by the section 9 rules for everything in the parcel.
 */
export interface NextChargeInput {
  plan: Pick<PlanView, "code" | "name" | "productSku" | "price" | "currency">;
  quantity: number;
  country: string;
  coupon: PromoCoupon | null;
  retentionPercentOff: number | null;
  addOns: { plan: Pick<PlanView, "code" | "name" | "price" | "currency">; quantity: number }[];
}

export interface NextChargeLine {
  planCode: PlanCode;
  name: string;
  quantity: number;
  unitPrice: Cents;
  listTotal: Cents;
  oneTime: boolean;
}

export interface NextCharge {
  currency: Currency;
  lines: NextChargeLine[];
  subtotal: Cents;
  discounts: { kind: "coupon" | "retention"; code: string; amount: Cents }[];
  discountTotal: Cents;
  shipping: { method: ShippingMethod; label: string; amount: Cents };
  total: Cents;
}

export const RETENTION_DISCOUNT_CODE = "KEEP-20";

export function quoteNextCharge(input: NextChargeInput): NextCharge {
  const currency = input.plan.currency as Currency;
  const mainTotal = cents(input.plan.price * input.quantity);
  const lines: NextChargeLine[] = [
    { planCode: input.plan.code, name: input.plan.name, quantity: input.quantity, unitPrice: cents(input.plan.price), listTotal: mainTotal, oneTime: false },
    ...input.addOns.map((a) => ({
      planCode: a.plan.code,
      name: a.plan.name,
      quantity: a.quantity,
      unitPrice: cents(a.plan.price),
      listTotal: cents(a.plan.price * a.quantity),
      oneTime: true,
    })),
  ];
  const discounts: NextCharge["discounts"] = [];
  const couponAmount = input.coupon ? couponDiscount(input.coupon, input.plan.productSku, { amount: mainTotal, currency }) : cents(0);
  if (input.coupon && couponAmount > 0) discounts.push({ kind: "coupon", code: input.coupon.code, amount: couponAmount });
  if (input.retentionPercentOff) {
    const basis = mainTotal - couponAmount;
    const amount = cents(Math.min(basis, Math.floor((basis * Math.round(input.retentionPercentOff * 100) + 5000) / 10000)));
    if (amount > 0) discounts.push({ kind: "retention", code: RETENTION_DISCOUNT_CODE, amount });
  }
  const subtotal = sumCents(lines.map((l) => l.listTotal));
  const discountTotal = sumCents(discounts.map((d) => d.amount));
  const method = defaultShippingMethod(input.country);
  const shipping = { method, label: SHIPPING_LABELS[method], amount: cents(shippingFee(method, input.country, lines.map((l) => l.planCode))) };
  return { currency, lines, subtotal, discounts, discountTotal, shipping, total: cents(subtotal - discountTotal + shipping.amount) };
}
