import type { Currency } from "./money";

/** One row of Order History (SPEC.md section 2: order, date, products, quantity, amount, charge, invoice, tracking). */
export interface OrderHistoryRow {
  id: string;
  number: string;
  createdAt: string;
  products: string[];
  /** The same lines' product codes, in the same order (their photos, ADR 0069). */
  productCodes: string[];
  quantity: number;
  currency: Currency;
  amount: number;
  /** The card charged, as people recognise it: "Visa ending in 4242". */
  charge: string;
  status: "paid" | "refunded" | "canceled";
  /** Orders placed by a subscription's renewal rather than at checkout. */
  renewal: boolean;
  tracking: { carrier: string; number: string; url: string }[];
}

/** The shop's legal details printed on every invoice (settings SHOP_LEGAL_*). */
export interface LegalDetails {
  name: string;
  address: string;
  taxId: string | null;
  email: string;
}

/** Card brands as people write them. */
export function chargeLabel(brand: string, last4: string): string {
  if (!last4) return "No charge";
  const name = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" }[brand.toLowerCase()] ?? "Card";
  return `${name} ending in ${last4}`;
}

/** Only http(s) tracking links from a carrier are shown. */
export function isTrackingUrl(url: string): boolean {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
