import { describe, expect, it } from "vitest";
import { refundConfirmationProblem, refundEmptiesPayment, typedMatches } from "./confirmations";

describe("second looks", () => {
  it("a typed confirmation ignores case and surrounding spaces, and never matches empty", () => {
    expect(typedMatches("SD-100042", " sd-100042 ")).toBe(true);
    expect(typedMatches("SD-100042", "SD-10004")).toBe(false);
    expect(typedMatches("DELETE", undefined)).toBe(false);
    expect(typedMatches("", "")).toBe(false);
  });
  it("a refund of everything left is the destructive one", () => {
    expect(refundEmptiesPayment(5000, 5000)).toBe(true);
    expect(refundEmptiesPayment(4999, 5000)).toBe(false);
  });
  it("a refund needs the amount shown; emptying the payment also needs the order number", () => {
    const base = { amount: 1000, refundable: 5000, orderNumber: "SD-100042" };
    expect(refundConfirmationProblem(base)?.code).toBe("CONFIRMATION_REQUIRED");
    expect(refundConfirmationProblem({ ...base, confirmedAmount: 900 })?.code).toBe("CONFIRMATION_STALE");
    expect(refundConfirmationProblem({ ...base, confirmedAmount: 1000 })).toBeNull();
    const all = { amount: 5000, refundable: 5000, orderNumber: "SD-100042", confirmedAmount: 5000 };
    expect(refundConfirmationProblem(all)?.message).toMatch(/Type the order number SD-100042/);
    expect(refundConfirmationProblem({ ...all, typed: "SD-100042" })).toBeNull();
  });
});
