import { describe, expect, it } from "vitest";
import { EVENT_NAMES, EVENTS, type EventName } from "./event-names";
import { AnalyticsBatchSchema, AnalyticsEventSchema, checkCatalogue, EVENT_SCHEMAS, MAX_EVENTS_PER_BATCH } from "./events";

const H = "a".repeat(64);
const product = { cart_id: "c1", product_id: "syn-wk", sku: "SYN-WK", name: "DS-01", price: 49.99, quantity: 1, currency: "USD" };
const cart = { cart_id: "c1", product_ids: ["syn-wk"], skus: ["SYN-WK"], quantities: [1], value: 49.99, currency: "USD" };

/** One valid and one invalid set of properties per event of the catalogue. */
const SAMPLES: Record<EventName, { valid: Record<string, unknown>; invalid: Record<string, unknown> }> = {
  [EVENTS.siteDown]: { valid: { path: "/cart" }, invalid: {} },
  [EVENTS.navMenuClick]: { valid: { menu: "Shop" }, invalid: { menu: 3 } },
  [EVENTS.navSubmenuClick]: { valid: { menu: "Shop", group: "Products", label: "DS-01" }, invalid: { menu: "Shop" } },
  [EVENTS.mobileNavMenuClick]: { valid: { menu: "Shop", label: "DS-01" }, invalid: { label: "DS-01" } },
  [EVENTS.hamburgerMenuClick]: { valid: {}, invalid: { extra: { nested: true } } },
  [EVENTS.loginButtonClicked]: { valid: { location: "header" }, invalid: {} },
  [EVENTS.logoutClicked]: { valid: {}, invalid: { x: [{ a: 1 }] } },
  [EVENTS.logout]: { valid: {}, invalid: { x: [{ a: 1 }] } },
  [EVENTS.earn]: { valid: { location: "header" }, invalid: { location: "x".repeat(101) } },
  [EVENTS.quizStarted]: { valid: { quiz: "daily", location: "quiz" }, invalid: { quiz: 7 } },
  [EVENTS.quizStepCompleted]: { valid: { quiz: "is-ds01-right-for-you", step: 2, question: "goals" }, invalid: { quiz: "q", step: 0, question: "goals" } },
  [EVENTS.quizCompleted]: { valid: { quiz: "is-ds01-right-for-you", recommendedPlan: "syn-wk" }, invalid: { quiz: "q" } },
  [EVENTS.emailSubmitted]: { valid: { email: "a@b.co", hashedEmail: H, path: "/" }, invalid: { email: "a@b.co", hashedEmail: "md5", path: "/" } },
  [EVENTS.buttonClicked]: { valid: { name: "Take the quiz", location: "promo banner" }, invalid: { name: "Take the quiz" } },
  [EVENTS.pageViewed]: { valid: { path: "/", title: "Home", load_time_ms: 120 }, invalid: { path: "/", load_time_ms: -1 } },
  [EVENTS.productAdded]: { valid: { ...product, hashedEmail: H, hashedPhone: H }, invalid: { ...product, cart_id: undefined } },
  [EVENTS.productRemoved]: { valid: product, invalid: { ...product, price: -1 } },
  [EVENTS.cartViewed]: { valid: { ...cart, location: "drawer" }, invalid: { ...cart, currency: "usd" } },
  [EVENTS.checkoutButtonClicked]: { valid: cart, invalid: { ...cart, quantities: [1.5] } },
  [EVENTS.promoFieldOpened]: { valid: { cart_id: "c1" }, invalid: { cart_id: null } },
  [EVENTS.checkoutStepViewed]: { valid: { step: 1, step_name: "Contact", cart_id: "c1" }, invalid: { step: 0, step_name: "Contact", cart_id: "c1" } },
  [EVENTS.checkoutStepCompleted]: { valid: { step: 4, step_name: "Payment", cart_id: "c1" }, invalid: { step: "4", step_name: "Payment", cart_id: "c1" } },
  [EVENTS.couponEntered]: { valid: { coupon_code: "SAVE10", cart_id: "c1" }, invalid: { cart_id: "c1" } },
  [EVENTS.couponApplied]: { valid: { coupon_code: "SAVE10" }, invalid: { coupon_code: 10 } },
  [EVENTS.couponDenied]: { valid: { coupon_code: "NOPE", reason: "Invalid promo code" }, invalid: {} },
  [EVENTS.couponRemoved]: { valid: { coupon_code: "SAVE10" }, invalid: { coupon_code: "" + "x".repeat(201) } },
  [EVENTS.expressPayClicked]: { valid: { method: "apple_pay" }, invalid: { method: "cash" } },
  [EVENTS.paymentMethodSelected]: { valid: { payment_method: "card" }, invalid: {} },
  [EVENTS.paymentInfoEntered]: { valid: { payment_method: "card", cart_id: "c1" }, invalid: { cart_id: "c1" } },
  [EVENTS.optInChanged]: { valid: { opt_in: "sms", value: true }, invalid: { opt_in: "sms", value: "yes" } },
  [EVENTS.orderCompleted]: {
    valid: { order_id: "o1", total: 49.99, currency: "GBP", coupon_codes: ["SAVE10"], product_ids: ["syn-wk"], quantities: [1] },
    invalid: { order_id: "o1", currency: "GBP" },
  },
  [EVENTS.signedIn]: { valid: { method: "password" }, invalid: { method: "guess" } },
  [EVENTS.signInFailed]: { valid: { method: "password", reason: "USER_NOT_FOUND" }, invalid: {} },
  [EVENTS.experimentViewed]: { valid: { experiment: "referral_badge_2", variant: "new_badge" }, invalid: { experiment: "Referral Badge", variant: "x" } },
};

describe("the event catalogue", () => {
  it("has a schema for every name and a name for every schema", () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it("covers SPEC.md section 7's events by their names", () => {
    for (const name of ["Product Added", "Product Removed", "Checkout Button Clicked", "Cart Viewed", "Promo Field Opened", "Quiz Started", "Nav Menu Click", "Nav Submenu Click", "Mobile Nav Menu Click", "Hamburger Menu Click", "Login button clicked", "Logout clicked", "Earn", "Site Down", "Email Submitted"]) {
      expect(EVENT_NAMES).toContain(name);
    }
  });

  describe.each(EVENT_NAMES.map((name) => [name] as const))("%s", (name) => {
    it("accepts its documented properties", () => {
      expect(checkCatalogue({ name, properties: SAMPLES[name].valid })).toEqual({ ok: true });
    });
    it("rejects properties that break its schema, naming the event", () => {
      const check = checkCatalogue({ name, properties: SAMPLES[name].invalid });
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.message).toContain(name);
    });
  });

  it("rejects a name outside the catalogue", () => {
    expect(checkCatalogue({ name: "Made Up", properties: {} })).toEqual({ ok: false, message: '"Made Up" is not in the event catalogue' });
  });
});

describe("the envelope", () => {
  it("trims names, defaults properties and takes a message id and timestamp", () => {
    const parsed = AnalyticsEventSchema.parse({ name: " Earn ", messageId: "2f1c8c1e-7d0a-4b7e-9d55-0c1f2a3b4c5d", timestamp: "2026-11-25T02:00:00.000Z" });
    expect(parsed).toMatchObject({ name: "Earn", properties: {} });
  });

  it.each([
    ["no events", { events: [] }],
    ["more events than a batch holds", { events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ({ name: "Earn" })) }],
    ["a consent value that is not boolean", { events: [{ name: "Earn" }], consent: { C0002: "yes" } }],
    ["a message id that is not a uuid", { events: [{ name: "Earn", messageId: "1" }] }],
  ])("rejects %s", (_label, input) => {
    expect(AnalyticsBatchSchema.safeParse(input).success).toBe(false);
  });
});
