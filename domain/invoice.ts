import { formatMoney, localeFor, type Cents } from "./money";
import type { LegalDetails } from "./order-history";
import { CREDIT_LABEL } from "./order-credit";
import type { OrderSummary } from "./orders";

/**
 * An invoice as printed (the page and the PDF show the same rows): the seller's legal details, the buyer, each line,
 * discounts, shipping, tax and the total, in the order's currency.
 */
export interface InvoiceView {
  title: string;
  number: string;
  issuedOn: string;
  seller: LegalDetails;
  buyer: string[];
  lines: { name: string; quantity: number; unitPrice: string; total: string }[];
  totals: { label: string; value: string; strong?: boolean }[];
  payment: string;
  currency: string;
  notes: string[];
}

const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

/**
 * Tax: the shop's prices are tax-inclusive and it does not charge tax on top (no tax is stored on an order today),
 * so the tax line says what was charged: zero, and the note says so.
 */
export function invoiceView(order: OrderSummary, seller: LegalDetails): InvoiceView {
  const locale = localeFor(order.shippingAddress.country);
  const money = (amount: number) => formatMoney({ amount: amount as Cents, currency: order.currency }, locale.startsWith("en-") ? locale : "en-US");
  const a = order.shippingAddress;
  const issued = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(order.createdAt));
  return {
    title: `Invoice ${order.number}`,
    number: order.number,
    issuedOn: issued,
    seller,
    buyer: [`${a.firstName} ${a.lastName}`.trim(), order.email, a.address1, a.address2 ?? "", [a.city, a.region, a.postalCode].filter(Boolean).join(", "), countryName(a.country)].filter(
      (l) => l.trim() !== "",
    ),
    lines: order.lines.map((l) => ({ name: l.bonus ? `${l.name} (free gift)` : l.name, quantity: l.quantity, unitPrice: money(l.unitPrice), total: money(l.bonus ? 0 : l.listTotal) })),
    totals: [
      { label: "Subtotal", value: money(order.subtotal) },
      ...order.discounts.map((d) => ({ label: d.code === "CREDIT" ? "Account credit (referral rewards and points)" : `Discount (${d.code})`, value: `-${money(d.amount)}` })),
      { label: `Shipping (${order.shipping.label})`, value: money(order.shipping.amount) },
      ...(order.creditApplied > 0 ? [{ label: `${CREDIT_LABEL} (referral rewards and points)`, value: `-${money(order.creditApplied)}` }] : []),
      { label: "Tax", value: money(0) },
      { label: `Total (${order.currency})`, value: money(order.total), strong: true },
    ],
    payment: order.total === 0 && order.creditApplied > 0 ? "Paid in full with account credit; nothing was charged to a card" : order.payment.last4 ? `Paid by ${order.payment.brand.charAt(0).toUpperCase()}${order.payment.brand.slice(1)} ending in ${order.payment.last4}` : "No payment taken",
    currency: order.currency,
    notes: [
      "Prices include any applicable taxes; no tax was charged on top of them.",
      order.status === "refunded" ? "This order was refunded." : order.status === "canceled" ? "This order was canceled." : "Thank you for your order.",
    ],
  };
}
