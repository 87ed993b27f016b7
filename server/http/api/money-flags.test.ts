import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as root from "../../../app/root";
import * as productPage from "../../../app/routes/shop/product-page";
import { CHECKOUT_SHIPPING_FEES } from "../../../domain/experiments";
import { ROUTES } from "../../../domain/routes";
import { createApp } from "../../app";
import { SESSION_COOKIE, startSession } from "../../modules/auth";
import { findOrCreateCustomer, setExperiment } from "../../modules/customers";
import { forgetFlagCache, setFlagDefault } from "../../modules/settings";
import { dbOf } from "../../shop";
import { routeDocument } from "../../testing/route-document";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

/**
 * ADR 0062: a flag that moves money (the second shipping fee table, the surprise discount) is set by the shop alone
 * (FEATURE_FLAGS, the operator, a member's experiment variant), never by the visitor's seed_flags cookie; the preview
 * and the order are priced from the same layers, so they agree.
 */
const DE_ADDRESS = { firstName: "Emmy", lastName: "Noether", address1: "Hauptstr. 1", city: "Berlin", region: "", postalCode: "10115", country: "DE" };
const MONEY_COOKIE = "seed_flags=data-checkout-shipping-fees-v2=true,data-discount-surprise-delight-test=true";
/** The same cookie also naming a display flag (SPEC.md section 3's preview), which it may still set (ADR 0080). */
const MIXED_COOKIE = `${MONEY_COOKIE},data-glass-jar=true`;

describe(`money flags price the preview and the order alike (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let n = 0;

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    // The shell (root loader) and the product page's loader run with the real load context (ADR 0080's two kinds).
    app = createApp(shop, { document: routeDocument({ "/": root, [ROUTES.daily_synbiotic]: productPage }) });
  });
  afterAll(() => shop.cleanup());
  afterEach(async () => {
    for (const name of ["data-checkout-shipping-fees-v2", "data-discount-surprise-delight-test"] as const) await setFlagDefault(dbOf(shop), name, false, shop.clock.now());
    forgetFlagCache(dbOf(shop));
  });

  async function operatorSets(name: "data-checkout-shipping-fees-v2" | "data-discount-surprise-delight-test") {
    await setFlagDefault(dbOf(shop), name, true, shop.clock.now());
    forgetFlagCache(dbOf(shop));
  }

  async function preview(cookie = "") {
    const res = await app.request("/provider/ecommerce/purchase/preview/", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ items: { "syn-wk": 1 }, country: "DE", coupon_codes: [] }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  }

  async function rates(cookie = "") {
    const res = await app.request("/provider/ecommerce/shipping_rates/", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ country: "DE", items: { "syn-wk": 1 } }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as any).rates.map((r: { amount: number }) => r.amount);
  }

  async function purchase(cookie = "", email = `money${++n}@example.com`) {
    const token = await app.request("/api/payments/sandbox/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" }),
    });
    const res = await app.request("/api/purchase", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), Cookie: cookie },
      body: JSON.stringify({
        email,
        shippingAddress: DE_ADDRESS,
        items: { "syn-wk": 1 },
        couponCodes: [],
        payment: { token: ((await token.json()) as { token: string }).token },
        healthCertification: true,
        renewalConsent: true,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as any).order;
  }

  it("a visitor's cookie setting the fee and discount flags changes nothing in the preview, the rates or the order", async () => {
    const plain = await preview();
    expect(plain).toMatchObject({ subtotal: 4999, discountTotal: 0, shipping: { amount: 1000 }, total: 5999 });
    expect(await preview(MONEY_COOKIE)).toMatchObject({ discountTotal: 0, shipping: { amount: 1000 }, total: 5999, discounts: [] });
    expect(await rates(MONEY_COOKIE)).toEqual([1000]);
    expect(await purchase(MONEY_COOKIE)).toMatchObject({ discountTotal: 0, shipping: { amount: 1000 }, total: 5999 });
  });

  async function page(path: string, cookie = "") {
    const res = await app.request(path, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  }

  it("the cookie changes the display flags it may preview, never the pricing flags the pages price with, nor a product's price", async () => {
    const plain = await page("/");
    const mixed = await page("/", MIXED_COOKIE);
    expect(mixed.shell.flags["data-glass-jar"]).toBe(true);
    expect(plain.shell.flags["data-glass-jar"]).toBe(false);
    expect(mixed.shell.pricing).toEqual({ "data-checkout-shipping-fees-v2": false, "data-discount-surprise-delight-test": false });
    expect(mixed.shell.flags).toMatchObject(mixed.shell.pricing);
    const product = `${ROUTES.daily_synbiotic}?country=DE`;
    const prices = (body: any) => body.catalog.plans.map((p: { code: string; price: number; currency: string }) => [p.code, p.price, p.currency]);
    const plainPrices = prices(await page(product));
    expect(plainPrices.length).toBeGreaterThan(0);
    for (const [, price] of plainPrices) expect(price).toBeGreaterThan(0);
    expect(prices(await page(product, MIXED_COOKIE))).toEqual(plainPrices);
  });

  it("the operator's fee table reaches the pages' pricing flags, and the cookie cannot turn it off", async () => {
    await operatorSets("data-checkout-shipping-fees-v2");
    const shell = (await page("/", "seed_flags=data-checkout-shipping-fees-v2=false")).shell;
    expect(shell.pricing["data-checkout-shipping-fees-v2"]).toBe(true);
    expect(await rates("seed_flags=data-checkout-shipping-fees-v2=false")).toEqual([700]);
  });

  it("the operator's second fee table prices the rates, the preview and the order at 7", async () => {
    await operatorSets("data-checkout-shipping-fees-v2");
    expect(await rates()).toEqual([700]);
    expect(await preview()).toMatchObject({ shipping: { amount: 700 }, total: 5699 });
    expect(await purchase()).toMatchObject({ shipping: { amount: 700 }, total: 5699 });
  });

  it("the operator's surprise takes 5% off, named as the shop's own, and the order agrees with the preview", async () => {
    await operatorSets("data-discount-surprise-delight-test");
    const priced = await preview();
    // 5% of 49.99 is 2.4995, rounded half up to 2.50.
    expect(priced).toMatchObject({ discountTotal: 250, total: 5749, discounts: [{ code: "SURPRISE", kind: "surprise", amount: 250 }] });
    expect(await purchase()).toMatchObject({ discountTotal: 250, total: 5749 });
  });

  it("a member in the fees_v2 variant of checkout_shipping_fees is priced with the second table; a guest is not", async () => {
    const member = await findOrCreateCustomer(shop, `variant${++n}@example.com`);
    await setExperiment(shop, member.id, CHECKOUT_SHIPPING_FEES, "fees_v2");
    const { token } = await startSession(shop, member);
    const session = `${SESSION_COOKIE}=${token}`;
    expect(await preview(session)).toMatchObject({ shipping: { amount: 700 }, total: 5699 });
    expect(await rates(session)).toEqual([700]);
    expect(await purchase(session, member.email)).toMatchObject({ shipping: { amount: 700 }, total: 5699 });
    expect(await preview()).toMatchObject({ shipping: { amount: 1000 } });
  });
});
