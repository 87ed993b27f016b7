import { describe, expect, it } from "vitest";
import { isBlocked } from "./customers";

describe("isBlocked", () => {
  it("a customer with subscriptions and no fraud status is not blocked", () => {
    expect(isBlocked({ fraudulentStatus: null, subscriptionCount: 1 })).toBe(false);
    expect(isBlocked({ fraudulentStatus: "clear", subscriptionCount: 3 })).toBe(false);
    expect(isBlocked({ fraudulentStatus: "", subscriptionCount: 1 })).toBe(false);
  });

  it.each(["fraud", "FRAUD", "Suspected Fraud", "fraudulent", "confirmed_fraud_case"])("fraudulentStatus %j blocks (any case)", (status) => {
    expect(isBlocked({ fraudulentStatus: status, subscriptionCount: 2 })).toBe(true);
  });

  it("a customer without subscriptions is blocked", () => {
    expect(isBlocked({ fraudulentStatus: null, subscriptionCount: 0 })).toBe(true);
  });
});
