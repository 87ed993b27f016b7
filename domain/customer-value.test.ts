import { describe, expect, it } from "vitest";
import { firstOrderAt, lifetimeValue, type ValueOrder } from "./customer-value";

const order = (id: string, status: string, total: number, day: number, currency = "USD"): ValueOrder => ({ id, status, currency, total, createdAt: new Date(Date.UTC(2026, 0, day)) });

describe("lifetime value", () => {
  it("adds what was paid, less succeeded refunds, per currency; cancelled orders count for nothing", () => {
    const orders = [order("a", "paid", 5000, 3), order("b", "refunded", 2000, 5), order("c", "canceled", 9999, 1), order("d", "paid", 4000, 7, "EUR")];
    const refunded = new Map([
      ["a", 1200],
      ["b", 2000],
    ]);
    expect(lifetimeValue(orders, refunded)).toEqual([
      { currency: "EUR", orders: 1, paid: 4000, refunded: 0, net: 4000 },
      { currency: "USD", orders: 2, paid: 7000, refunded: 3200, net: 3800 },
    ]);
  });

  it("never refunds more than an order's total", () => {
    expect(lifetimeValue([order("a", "paid", 1000, 1)], new Map([["a", 5000]]))[0]!.net).toBe(0);
  });

  it("dates the first order that was not cancelled", () => {
    expect(firstOrderAt([order("a", "paid", 1, 9), order("c", "canceled", 1, 1), order("b", "refunded", 1, 4)])?.getUTCDate()).toBe(4);
    expect(firstOrderAt([order("c", "canceled", 1, 1)])).toBeNull();
  });
});
