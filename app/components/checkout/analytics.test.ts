import { describe, expect, it } from "vitest";
import { cents } from "../../../domain/money";
import type { Quote, QuoteLine } from "../../../domain/quote";
import { checkCatalogue } from "../../../domain/events";
import { EXPRESS_PAYMENT_TYPES } from "../../../domain/event-names";
import { CART_EVENTS, cartProperties, expressPayProperties, optInProperties, paymentMethodProperties, productProperties } from "./analytics";

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  productCode: "syn-wk-3mo",
  planCode: "syn-wk-3mo",
  sku: "DS01-STARTER-3M",
  name: "DS-01",
  image: "/x.svg",
  quantity: 1,
  unitPrice: cents(13497),
  listTotal: cents(13497),
  discount: cents(0),
  total: cents(13497),
  isSrp: true,
  billingPeriodMonths: 3,
  renewsInto: "syn-rf-3mo",
  bonus: false,
  ...over,
});

describe("event properties", () => {
  it("describe a product in major units", () => {
    expect(productProperties(line({}), "USD")).toEqual({ product_id: "syn-wk-3mo", sku: "DS01-STARTER-3M", name: "DS-01", price: 134.97, quantity: 1, currency: "USD" });
  });
  it("describe a cart as flat lists, leaving out free gifts", () => {
    const quote = { currency: "USD", total: cents(12147), lines: [line({}), line({ productCode: "pds-gwp", bonus: true })] } as unknown as Quote;
    expect(cartProperties("c-1", quote)).toEqual({ cart_id: "c-1", product_ids: ["syn-wk-3mo"], skus: ["DS01-STARTER-3M"], quantities: [1], value: 121.47, currency: "USD" });
  });
  it("describe an empty cart", () => {
    expect(cartProperties("c-1", null)).toMatchObject({ product_ids: [], value: 0, currency: null });
  });
});

describe("payment method and opt-in events", () => {
  it("match their catalogue schemas", () => {
    expect(checkCatalogue({ name: CART_EVENTS.paymentMethodSelected, properties: paymentMethodProperties("c-1", "card") })).toMatchObject({ ok: true });
    expect(checkCatalogue({ name: CART_EVENTS.paymentInfoEntered, properties: paymentMethodProperties("c-1", "card") })).toMatchObject({ ok: true });
    expect(checkCatalogue({ name: CART_EVENTS.optInChanged, properties: optInProperties("terms", true, "checkout") })).toMatchObject({ ok: true });
    expect(checkCatalogue({ name: CART_EVENTS.optInChanged, properties: optInProperties("email", false, "/science") })).toMatchObject({ ok: true });
  });
  it("name every wallet Stripe's Express Checkout Element reports, and only those", () => {
    for (const method of EXPRESS_PAYMENT_TYPES) {
      expect(checkCatalogue({ name: CART_EVENTS.expressPayClicked, properties: expressPayProperties("c-1", method) })).toMatchObject({ ok: true });
      expect(checkCatalogue({ name: CART_EVENTS.paymentMethodSelected, properties: paymentMethodProperties("c-1", method) })).toMatchObject({ ok: true });
      expect(checkCatalogue({ name: CART_EVENTS.paymentInfoEntered, properties: paymentMethodProperties("c-1", method) })).toMatchObject({ ok: true });
    }
    expect(expressPayProperties("c-1", "google_pay")).toEqual({ method: "google_pay", cart_id: "c-1" });
    expect(checkCatalogue({ name: CART_EVENTS.expressPayClicked, properties: { method: "venmo", cart_id: "c-1" } })).toMatchObject({ ok: false });
  });
});
