import { STANDARD_PRICING } from "./flags";
import { describe, expect, it } from "vitest";
import { COUNTRY_CHOICES, currencyForCountry, usesAltCurrencyPlans } from "./locale";
import { cents } from "./money";
import { offersFrom } from "./offers";
import { PRODUCT_PAGES } from "./product-pages";
import { quoteCart } from "./quote";
import { canShipTo } from "./shipping";
import { seedPlansIn, seedProducts } from "./testing/seed-catalog";
import { countryInSentence, currencyWords, needsShippingNote, planShippingFee, shippingNote } from "./shipping-note";

const gbp = (amount: number) => ({ amount: cents(amount), currency: "GBP" as const });

describe("the shipping note a shopper outside the US reads before checkout", () => {
  it("names the country, the currency and the fee", () => {
    expect(shippingNote("GB", gbp(1000))).toBe("Shipping to the United Kingdom: you pay in pounds (£), shipping £10.");
    expect(shippingNote("DE", { amount: cents(1000), currency: "EUR" })).toMatch(/^Shipping to Germany: you pay in euros \(€\), shipping 10\s€\.$/);
    expect(shippingNote("JP", { amount: cents(1000), currency: "USD" })).toBe("Shipping to Japan: you pay in US dollars ($), shipping $10.");
  });
  it("says free when a plan ships free", () => expect(shippingNote("GB", gbp(0))).toBe("Shipping to the United Kingdom: you pay in pounds (£), shipping free."));
  it("keeps the pennies of an uneven fee", () => expect(shippingNote("GB", gbp(1050))).toContain("shipping £10.50."));
  it("reads country names with their article", () => {
    expect(countryInSentence("nl")).toBe("the Netherlands");
    expect(countryInSentence("AU")).toBe("Australia");
  });
  it("names every currency the shop sells in", () => {
    for (const c of ["USD", "GBP", "EUR", "MXN", "SGD", "AUD"] as const) expect(currencyWords(c)).toMatch(/\(.+\)$/);
  });
  it("is for shoppers outside the US only", () => {
    expect(needsShippingNote("US")).toBe(false);
    expect(needsShippingNote("GB")).toBe(true);
  });
});

const FEES_V2 = { ...STANDARD_PRICING, "data-checkout-shipping-fees-v2": true };

describe("planShippingFee", () => {
  it("is SPEC.md's 10 outside the US, in the plan's currency", () => expect(planShippingFee("GB", "syn-wk", "GBP", STANDARD_PRICING)).toEqual(gbp(1000)));
  it("follows the shop's fee table (data-checkout-shipping-fees-v2: 7 abroad)", () =>
    expect(planShippingFee("GB", "syn-wk", "GBP", FEES_V2)).toEqual(gbp(700)));
  it("is free for the free-shipping refills and in the US", () => {
    expect(planShippingFee("GB", "syn-rf-3mo", "GBP", STANDARD_PRICING).amount).toBe(0);
    expect(planShippingFee("US", "syn-wk", "USD", STANDARD_PRICING).amount).toBe(0);
  });
});

describe("what a product page shows is what checkout charges", () => {
  const codes = [...new Set(Object.values(PRODUCT_PAGES).flat())];
  const countries = COUNTRY_CHOICES.filter(canShipTo);
  const tables = countries.flatMap((country) => [STANDARD_PRICING, FEES_V2].map((pricing) => [country, pricing] as const));
  it.each(tables)("%s %o: each plan's price, currency and shipping equal the quote of a cart of that plan alone", (country, pricing) => {
    const plans = seedPlansIn(usesAltCurrencyPlans(country) ? "international" : "domestic", currencyForCountry(country));
    const catalog = { products: seedProducts, plans, autoCoupons: [] };
    const offers = offersFrom(codes, catalog, country).filter((o) => o.available && o.price);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const quoted = quoteCart({ cart: { [offer.productCode]: 1 }, products: seedProducts, plans, promo: null, autoCoupons: [], country, shippingMethod: null, pricing });
      if (!quoted.ok) throw new Error(`${country} ${offer.productCode}: ${quoted.code}`);
      expect(quoted.quote.currency).toBe(offer.price!.currency);
      expect(quoted.quote.shipping.amount).toBe(planShippingFee(country, offer.planCode, offer.price!.currency, pricing).amount);
      expect(quoted.quote.subtotal).toBe(offer.listPrice!.amount);
    }
  });
});
