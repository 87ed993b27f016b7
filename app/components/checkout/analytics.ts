import { EVENTS, type ExpressPaymentType } from "../../../domain/event-names";
import type { Currency } from "../../../domain/money";
import type { Quote, QuoteLine } from "../../../domain/quote";

/** Cart and checkout events of SPEC.md section 7, named once in the catalogue (domain/event-names.ts). */
export const CART_EVENTS = {
  productAdded: EVENTS.productAdded,
  productRemoved: EVENTS.productRemoved,
  cartViewed: EVENTS.cartViewed,
  checkoutButtonClicked: EVENTS.checkoutButtonClicked,
  promoFieldOpened: EVENTS.promoFieldOpened,
  couponApplied: EVENTS.couponApplied,
  couponDenied: EVENTS.couponDenied,
  checkoutStepViewed: EVENTS.checkoutStepViewed,
  checkoutStepCompleted: EVENTS.checkoutStepCompleted,
  paymentInfoEntered: EVENTS.paymentInfoEntered,
  paymentMethodSelected: EVENTS.paymentMethodSelected,
  expressPayClicked: EVENTS.expressPayClicked,
  optInChanged: EVENTS.optInChanged,
  orderCompleted: EVENTS.orderCompleted,
} as const;

/** Opt In Changed (SPEC.md section 7): the shopper ticked or cleared a box that opts in (email, sms, terms), and where. */
export const optInProperties = (optIn: "email" | "sms" | "terms", value: boolean, location: string) => ({ opt_in: optIn, value, location });

/** How the shopper pays: the card form, or a wallet of Stripe's Express Checkout Element (ADR 0044). */
export type PaymentMethodName = "card" | ExpressPaymentType;

/** Payment Method Selected / Payment Info Entered: entering Payment picks "card"; a wallet is picked by its button. */
export const paymentMethodProperties = (cartId: string, method: PaymentMethodName) => ({ payment_method: method, cart_id: cartId });

/** Express Pay Clicked: the wallet button pressed (Stripe's expressPaymentType), sent before anything else is checked. */
export const expressPayProperties = (cartId: string, method: ExpressPaymentType) => ({ method, cart_id: cartId });

type Properties = Record<string, string | number | boolean | null | (string | number)[]>;

const major = (minor: number) => minor / 100;

/** One product as the events describe it; money in major units, as analytics tools expect. */
export function productProperties(line: Pick<QuoteLine, "productCode" | "sku" | "name" | "unitPrice" | "quantity">, currency: Currency | null): Properties {
  return { product_id: line.productCode, sku: line.sku, name: line.name, price: major(line.unitPrice), quantity: line.quantity, currency };
}

/**
 * The whole cart. The events API takes flat values and lists of them (no list of objects), so products go as
 * parallel lists.
 */
export function cartProperties(cartId: string, quote: Quote | null): Properties {
  const lines = quote?.lines.filter((l) => !l.bonus) ?? [];
  return {
    cart_id: cartId,
    product_ids: lines.map((l) => l.productCode),
    skus: lines.map((l) => l.sku),
    quantities: lines.map((l) => l.quantity),
    value: quote ? major(quote.total) : 0,
    currency: quote?.currency ?? null,
  };
}
