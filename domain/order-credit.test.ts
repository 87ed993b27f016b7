import { describe, expect, it } from "vitest";
import { applyOrderCredit } from "./order-credit";

describe("applyOrderCredit", () => {
  it("takes the credit off the total", () => {
    expect(applyOrderCredit({ total: 4999, subtotal: 4999 }, 2500)).toEqual({ total: 2499, subtotal: 4999, creditApplied: 2500 });
  });
  it("never takes the total below zero: the rest of the credit stays unused", () => {
    expect(applyOrderCredit({ total: 1800 }, 2500)).toEqual({ total: 0, creditApplied: 1800 });
  });
  it("applies nothing for no credit, a negative balance or a free order", () => {
    expect(applyOrderCredit({ total: 1800 }, 0)).toEqual({ total: 1800, creditApplied: 0 });
    expect(applyOrderCredit({ total: 1800 }, -300)).toEqual({ total: 1800, creditApplied: 0 });
    expect(applyOrderCredit({ total: 0 }, 2500)).toEqual({ total: 0, creditApplied: 0 });
  });
  it("stays in whole cents", () => {
    const q = applyOrderCredit({ total: 1001 }, 333.7);
    expect(q).toEqual({ total: 668, creditApplied: 333 });
    expect(Number.isInteger(q.total) && Number.isInteger(q.creditApplied)).toBe(true);
  });
});
