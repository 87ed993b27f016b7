import type { Address } from "./address";
import type { Currency } from "./money";
import type { PlanCode } from "./plans";
import type { ShippingMethod } from "./shipping";

/** An order as the shopper sees it: the thank-you page, the confirmation email and order history. */
export interface OrderSummary {
  id: string;
  /** Short number for people: "SD-100042". */
  number: string;
  email: string;
  status: "paid" | "refunded" | "canceled";
  currency: Currency;
  lines: {
    productCode: string;
    planCode: PlanCode | null;
    name: string;
    image: string;
    quantity: number;
    unitPrice: number;
    listTotal: number;
    discount: number;
    total: number;
    bonus: boolean;
  }[];
  subtotal: number;
  discounts: { code: string; kind: "auto" | "promo" | "surprise"; amount: number }[];
  discountTotal: number;
  shipping: { method: ShippingMethod; label: string; amount: number };
  /** Member credit taken off the order (ADR 0040), after discounts and shipping; 0 when none. */
  creditApplied: number;
  total: number;
  shippingAddress: Address;
  payment: { brand: string; last4: string };
  subscriptions: { id: string; planCode: PlanCode; renewsInto: PlanCode | null; nextBillingAt: string; billingPeriodMonths: number }[];
  preorderMessage: string | null;
  createdAt: string;
}

export function orderNumber(sequence: number): string {
  return `SD-${100000 + sequence}`;
}
