import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

describe(`plans and coupons API (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };

  it("GET /api/external/plans/ lists all fourteen plans at domestic USD prices", async () => {
    const { status, body, headers } = await get("/api/external/plans/");
    expect(status).toBe(200);
    expect(body).toHaveLength(14);
    expect(headers.get("cache-control")).toContain("max-age=600");
    const byCode = Object.fromEntries(body.map((p: any) => [p.code, p]));
    expect(byCode["syn-wk-3mo"]).toMatchObject({ price: 13497, currency: "USD", savingsMessage: "Save 10% forever", renewsInto: "syn-rf-3mo" });
    expect(byCode["syn-wk-6mo"]).toMatchObject({ price: 25494, savingsMessage: "Save 15% forever", renewsInto: "syn-rf-6mo" });
    expect(byCode["vs-rf"]).toMatchObject({ price: 3999, domesticAttributes: { billingPeriodLength: 1 } });
    expect(byCode["syn-wk"]).toMatchObject({ renewsInto: "syn-rf", product_plan: { plan: { plan_code: "syn-wk", is_srp: true } } });
    expect(byCode["vs-wk"].renewsInto).toBe("vs-rf");
    expect(byCode["pds-wk"].renewsInto).toBe("pds-rf");
    expect(byCode["syn-gr"]).toMatchObject({ isSrp: false, renewsInto: null, domesticAttributes: { billingPeriodLength: null } });
  });

  it("the path without its trailing slash answers too", async () => {
    expect((await get("/api/external/plans")).status).toBe(200);
  });

  it("GET plans-alt-currency/EUR/ gives euro prices of the international list", async () => {
    const { status, body } = await get("/api/external/plans-alt-currency/EUR/");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const plan of body) expect(plan).toMatchObject({ currency: "EUR", priceList: "international" });
    expect(body.find((p: any) => p.code === "syn-wk").price).toBe(4999);
  });

  it("a lowercase currency is accepted", async () => {
    const { status, body } = await get("/api/external/plans-alt-currency/gbp/");
    expect(status).toBe(200);
    expect(body.find((p: any) => p.code === "syn-wk")).toMatchObject({ currency: "GBP", price: 4499 });
  });

  it.each(["JPY", "XYZ", "CAD"])("an unknown currency (%s) is 404 UNSUPPORTED_CURRENCY, never another currency's prices", async (cur) => {
    const { status, body } = await get(`/api/external/plans-alt-currency/${cur}/`);
    expect(status).toBe(404);
    expect(body.code).toBe("UNSUPPORTED_CURRENCY");
  });

  it.each(["EURO", "E1", "%00", "a".repeat(5000), "€€€"])("a malformed currency (case %#) is 400", async (cur) => {
    const { status, body } = await get(`/api/external/plans-alt-currency/${encodeURIComponent(cur)}/`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("GET /api/external/coupon/{code}/ answers a usable coupon, matching without case", async () => {
    const { status, body } = await get("/api/external/coupon/welcome10/");
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: "WELCOME10", type: "percent", value: 10, plans: "all", duration: "once", firstOrderOnly: true });
  });

  it("an unknown coupon is INVALID_COUPON with 'Invalid promo code'", async () => {
    const { status, body } = await get("/api/external/coupon/NOPE123/");
    expect(status).toBe(422);
    expect(body).toEqual({ code: "INVALID_COUPON", message: "Invalid promo code" });
  });

  it("an expired coupon is INVALID_COUPON", async () => {
    const { status, body } = await get("/api/external/coupon/SUMMER15/");
    expect(status).toBe(422);
    expect(body.code).toBe("INVALID_COUPON");
  });

  it("the same expired coupon was usable inside its window", async () => {
    shop.clock.set("2026-07-01T00:00:00Z");
    try {
      expect((await get("/api/external/coupon/SUMMER15/")).status).toBe(200);
    } finally {
      shop.clock.set("2026-11-22T12:00:00Z");
    }
  });

  it.each(["bad code!", "x".repeat(41), "<script>", "' OR 1=1 --", "%F0%9F%92%A9"])("a malformed code (case %#) is 400 with 'Invalid promo code'", async (code) => {
    const { status, body } = await get(`/api/external/coupon/${encodeURIComponent(code)}/`);
    expect(status).toBe(400);
    expect(body).toEqual({ code: "VALIDATION_ERROR", message: "Invalid promo code" });
  });

  it("provider coupon_code/plans lists the plans a coupon discounts, with server-computed prices", async () => {
    const { status, body } = await get("/provider/ecommerce/coupon_code/plans/DS-01-25-OFF/");
    expect(status).toBe(200);
    expect(body.currency).toBe("USD");
    const codes = body.plans.map((p: any) => p.planCode).sort();
    expect(codes).toEqual(["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-gift-2020"].filter((c) => c !== "syn-wk-gift-2020"));
    const monthly = body.plans.find((p: any) => p.planCode === "syn-wk");
    // 25% of $49.99 is $12.4975, rounded once to $12.50.
    expect(monthly).toMatchObject({ price: 4999, discount: 1250, discountedPrice: 3749 });
  });

  it("provider coupon_code/plans prices in the country's currency", async () => {
    const { status, body } = await get("/provider/ecommerce/coupon_code/plans/WELCOME10/?country=DE");
    expect(status).toBe(200);
    expect(body.currency).toBe("EUR");
    expect(body.plans.find((p: any) => p.planCode === "syn-wk-6mo")).toMatchObject({ price: 25494, discount: 2549, discountedPrice: 22945 });
  });
});
