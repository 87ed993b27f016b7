import { describe, expect, it } from "vitest";
import { cohortMatrix, parseFigureRange, recurringRevenue, renewalRates, revenueOf } from "./figures";

const now = new Date("2026-11-22T12:00:00Z");

describe("figure ranges", () => {
  it("defaults to the last 30 days by the shop's clock, today included", () => {
    const r = parseFigureRange({}, now);
    expect(r).toMatchObject({ from: "2026-10-24", to: "2026-11-22", days: 30 });
    expect(r.start.toISOString()).toBe("2026-10-24T00:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(parseFigureRange({ to: "2026-01-31" }, now)).toMatchObject({ from: "2026-01-02", days: 30 });
    expect(parseFigureRange({ from: "2026-11-22", to: "2026-11-22" }, now).days).toBe(1);
  });

  it("refuses garbage, impossible dates, from after to and more than 731 days", () => {
    for (const input of [{ from: "last week" }, { to: "2026-02-30" }, { from: "2026-1-1" }, { from: "2026-11-23", to: "2026-11-22" }, { from: "2023-11-01", to: "2026-11-01" }, { to: "9999-12-31" }, { from: "1999-12-31", to: "2000-01-05" }]) {
      expect(() => parseFigureRange(input, now), JSON.stringify(input)).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    }
    expect(parseFigureRange({ from: "2024-11-22", to: "2026-11-22" }, now).days).toBe(731);
  });
});

describe("recurring revenue", () => {
  it("normalises each interval to a month and rounds the sum once, per currency", () => {
    const mrr = recurringRevenue([
      { currency: "USD", billingPeriodMonths: 1, subscriptions: 2, amount: 9998 },
      { currency: "USD", billingPeriodMonths: 3, subscriptions: 1, amount: 10000 },
      { currency: "USD", billingPeriodMonths: 6, subscriptions: 1, amount: 10000 },
      { currency: "GBP", billingPeriodMonths: 1, subscriptions: 1, amount: 4499 },
    ]);
    // 9998 + 3333.33 + 1666.67 = 14998 (rounding each would also give 14998, so the next case tells them apart).
    expect(mrr).toEqual([
      { currency: "GBP", subscriptions: 1, mrr: 4499, arr: 53988 },
      { currency: "USD", subscriptions: 4, mrr: 14998, arr: 179976 },
    ]);
    // 1/3 + 1/3 + 1/3 cent: rounded once is 1; rounded each time would be 0.
    expect(recurringRevenue([{ currency: "USD", billingPeriodMonths: 3, subscriptions: 1, amount: 1 }, { currency: "USD", billingPeriodMonths: 3, subscriptions: 2, amount: 2 }])[0]!.mrr).toBe(1);
    expect(() => recurringRevenue([{ currency: "USD", billingPeriodMonths: 0, subscriptions: 1, amount: 1 }])).toThrow(RangeError);
  });
});

describe("revenue and rates", () => {
  it("nets refunds off gross and averages order value; no orders, no average", () => {
    expect(revenueOf({ currency: "USD", firstOrders: 2, firstOrderTotal: 1000, renewalOrders: 1, renewalTotal: 501, refunds: 1, refundTotal: 300 })).toMatchObject({ orders: 3, gross: 1501, net: 1201, aov: 500 });
    expect(revenueOf({ currency: "USD", firstOrders: 0, firstOrderTotal: 0, renewalOrders: 0, renewalTotal: 0, refunds: 1, refundTotal: 300 })).toMatchObject({ net: -300, aov: null });
  });

  it("success over attempted, recovery over declined first", () => {
    expect(renewalRates({ attempted: 10, paid: 8, paidFirstTime: 6, failedFirst: 4, recovered: 2 })).toMatchObject({ successRate: 0.8, recoveryRate: 0.5 });
    expect(renewalRates({ attempted: 0, paid: 0, paidFirstTime: 0, failedFirst: 0, recovered: 0 })).toMatchObject({ successRate: null, recoveryRate: null });
  });
});

describe("cohort matrix", () => {
  it("keeps a customer through the month their last subscription ended, and shows only months that have begun", () => {
    const rows = [
      { cohort: "2026-09", endedMonth: null, customers: 5 },
      { cohort: "2026-09", endedMonth: "2026-09", customers: 1 },
      { cohort: "2026-09", endedMonth: "2026-11", customers: 2 },
      { cohort: "2026-11", endedMonth: null, customers: 1 },
    ];
    expect(cohortMatrix(rows, "2026-11")).toEqual([
      { cohort: "2026-09", customers: 8, retained: [8, 7, 7], rates: [1, 7 / 8, 7 / 8] },
      { cohort: "2026-11", customers: 1, retained: [1], rates: [1] },
    ]);
    // Across a new year: December to February is months 0, 1, 2.
    expect(cohortMatrix([{ cohort: "2025-12", endedMonth: "2026-02", customers: 1 }], "2026-03")[0]!.retained).toEqual([1, 1, 1, 0]);
  });
});
