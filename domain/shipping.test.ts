import { describe, expect, it } from "vitest";
import { canShipTo, defaultShippingMethod, INTERNATIONAL_FEE_MINOR, PREORDER_MESSAGE, shippingFee, shippingMethodsFor } from "./shipping";

describe("shipping method by country (SPEC.md section 9)", () => {
  it("US free_shipping", () => expect(defaultShippingMethod("US")).toBe("free_shipping"));
  it("US-E is expedited, offered to US shoppers", () => expect(shippingMethodsFor("US")).toEqual(["free_shipping", "expedited"]));
  it("CA passport_ddp_canada", () => expect(defaultShippingMethod("CA")).toBe("passport_ddp_canada"));
  it.each(["GB", "DE", "AU", "MX", "JP"])("%s passport_ddp_all", (c) => expect(defaultShippingMethod(c)).toBe("passport_ddp_all"));
  it("lowercase country codes are read", () => expect(defaultShippingMethod("ca")).toBe("passport_ddp_canada"));
  it("NZ is excluded: no method, cannot ship", () => {
    expect(canShipTo("NZ")).toBe(false);
    expect(shippingMethodsFor("NZ")).toEqual([]);
    expect(canShipTo("AU")).toBe(true);
  });
});

describe("shipping fee (SPEC.md section 9)", () => {
  it("international fee is 10 for non-US addresses", () => {
    expect(INTERNATIONAL_FEE_MINOR).toBe(1000);
    expect(shippingFee("passport_ddp_all", "DE", ["syn-wk"])).toBe(1000);
    expect(shippingFee("passport_ddp_canada", "CA", ["syn-wk-3mo"])).toBe(1000);
  });
  it("0 for US", () => expect(shippingFee("free_shipping", "US", ["syn-wk"])).toBe(0));
  it.each(["syn-rf-3mo", "syn-rf-6mo", "vs-rf-3mo"] as const)("0 abroad for %s", (plan) => expect(shippingFee("passport_ddp_all", "GB", [plan])).toBe(0));
  it("0 to Canada for vs-rf-3mo, which is sold there (ADR 0050); 10 for the daily plan beside it", () => {
    expect(shippingFee("passport_ddp_canada", "CA", ["vs-rf-3mo"])).toBe(0);
    expect(shippingFee("passport_ddp_canada", "CA", ["vs-rf-3mo", "syn-wk"])).toBe(1000);
  });
  it("a free-shipping plan with another plan still pays the fee", () => expect(shippingFee("passport_ddp_all", "GB", ["syn-rf-3mo", "syn-wk"])).toBe(1000));
  it("an empty plan list abroad pays the fee", () => expect(shippingFee("passport_ddp_all", "GB", [])).toBe(1000));
  it("expedited has its own fee", () => expect(shippingFee("expedited", "US", ["syn-wk"])).toBe(995));
  it("the preorder message", () => expect(PREORDER_MESSAGE).toBe("Your order will ship in 2 to 4 weeks"));
});
