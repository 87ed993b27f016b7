import { describe, expect, it } from "vitest";
import { propertiesInUsd, toUsd } from "./analytics-currency";

const gbp = { currency: "GBP", usdMicrosPerUnit: 1_270_000, effectiveOn: "2026-11-01" };

describe("analytics amounts in USD", () => {
  it("converts with the dated rate and rounds to the cent once", () => {
    expect(toUsd(10, gbp)).toBe(12.7);
    expect(toUsd(49.99, gbp)).toBe(63.49);
  });
  it("converts every amount and keeps the originals", () => {
    expect(propertiesInUsd({ currency: "GBP", total: 10, discount: 1, order_id: "o" }, gbp)).toEqual({
      currency: "USD", original_currency: "GBP", usd_rate_date: "2026-11-01", total: 12.7, original_total: 10, discount: 1.27, original_discount: 1, order_id: "o",
    });
  });
  it("leaves USD amounts and events without a currency as they are", () => {
    const usd = { currency: "USD", total: 10 };
    expect(propertiesInUsd(usd, null)).toBe(usd);
    expect(propertiesInUsd({ menu: "Shop" }, null)).toEqual({ menu: "Shop" });
  });
  it("flags an amount whose currency has no rate", () => {
    expect(propertiesInUsd({ currency: "JPY", total: 1000 }, null)).toEqual({ currency: "JPY", total: 1000, usd_rate_missing: true });
  });
});
