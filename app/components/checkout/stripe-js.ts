import { CARD_MESSAGES } from "./card";

/**
 * The few Stripe.js calls checkout uses (ADR 0019), typed by hand from Stripe's documentation, and the shop's words (the sandbox form's own)
 * for the card problems Stripe.js reports. The script is loaded only by the pages that take a card, from the URL the
 * server is configured with (STRIPE_JS_URL), so a stand-in can serve it in tests.
 */
export interface StripeConfig {
  jsUrl: string;
  publishableKey: string;
}

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  unmount(): void;
  focus(): void;
  on(event: "change", handler: (e: { complete: boolean; empty: boolean; error?: StripeError }) => void): void;
}

/** Stripe's documented `expressPaymentType` values (domain/event-names.ts keeps the list for the catalogue). */
export type ExpressPaymentType = "apple_pay" | "google_pay" | "amazon_pay" | "paypal" | "link" | "klarna";

export interface ExpressBillingDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The Express Checkout Element (elements.create("expressCheckout")) and the events checkout handles. */
export interface StripeExpressCheckoutElement {
  mount(target: HTMLElement | string): void;
  unmount(): void;
  on(event: "ready", handler: (e: { elementType: "expressCheckout"; availablePaymentMethods?: Partial<Record<"applePay" | "googlePay" | "link" | "paypal" | "amazonPay" | "klarna", boolean>> }) => void): void;
  on(event: "click", handler: (e: { elementType: "expressCheckout"; expressPaymentType: ExpressPaymentType; resolve(options?: Record<string, unknown>): void }) => void): void;
  on(
    event: "confirm",
    handler: (e: { elementType: "expressCheckout"; expressPaymentType: ExpressPaymentType; billingDetails?: ExpressBillingDetails; paymentFailed(payload?: { reason?: "fail" | "invalid_payment_data"; message?: string }): void }) => void,
  ): void;
  on(event: "cancel", handler: (e: { elementType: "expressCheckout" }) => void): void;
}

/** An Elements group; with `mode: "payment"` it is created before any PaymentIntent (the shop's server makes that). */
export interface StripeElements {
  create(type: "card", options?: Record<string, unknown>): StripeCardElement;
  create(type: "expressCheckout", options?: Record<string, unknown>): StripeExpressCheckoutElement;
  update(options: { amount?: number; currency?: string }): void;
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeJs {
  elements(options?: Record<string, unknown>): StripeElements;
  createPaymentMethod(request: { type: "card"; card: StripeCardElement; billing_details?: { name?: string; email?: string } }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  createPaymentMethod(request: { elements: StripeElements; params?: { billing_details?: { name?: string; email?: string } } }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const loading = new Map<string, Promise<StripeJs>>();

/** Adds Stripe.js's script tag once per URL and answers the client for the key; rejects when it cannot load. */
export function loadStripe(config: StripeConfig): Promise<StripeJs> {
  let script = loading.get(config.jsUrl);
  if (!script) {
    script = new Promise<StripeJs>((resolve, reject) => {
      const ready = () => (window.Stripe ? resolve(window.Stripe(config.publishableKey)) : reject(new Error("Stripe.js did not start")));
      if (window.Stripe) return ready();
      const tag = document.createElement("script");
      tag.src = config.jsUrl;
      tag.async = true;
      tag.onload = ready;
      tag.onerror = () => {
        loading.delete(config.jsUrl);
        reject(new Error("Stripe.js could not load"));
      };
      document.head.appendChild(tag);
    });
    loading.set(config.jsUrl, script);
  }
  return script;
}

export const CARD_FIELD_UNAVAILABLE = "The card field could not load. Please check your connection and reload this page; your cart is saved.";
export const CARD_INCOMPLETE = "Please enter your card number, expiry date and security code.";

/**
 * The shop's words for a problem Stripe.js reports while the card is typed or turned into a PaymentMethod
 * (Stripe's documented validation codes); anything else keeps Stripe's own message, which is written for shoppers.
 */
export function stripeCardProblem(error: StripeError): string {
  switch (error.code) {
    case "incomplete_number":
    case "invalid_number":
    case "incorrect_number":
      return CARD_MESSAGES.cardNumber;
    case "incomplete_expiry":
    case "invalid_expiry_month":
    case "invalid_expiry_year":
      return CARD_MESSAGES.cardExpiry;
    case "invalid_expiry_year_past":
    case "invalid_expiry_month_past":
    case "expired_card":
      return CARD_MESSAGES.cardExpired;
    case "incomplete_cvc":
    case "invalid_cvc":
      return CARD_MESSAGES.cardCvc;
    default:
      return error.message?.trim() || "We could not read this card. Please check it or use another card.";
  }
}
