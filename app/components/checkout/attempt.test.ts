import { describe, expect, it } from "vitest";
import { attemptKeys, keepsAttempt, newAttemptKey } from "./attempt";

describe("checkout attempt keys", () => {
  it("are version 4 uuids", () => expect(newAttemptKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/));
  it("stay the same for a retry after a server failure or while the order is being placed", () => {
    expect(keepsAttempt(500, "UNKNOWN")).toBe(true);
    expect(keepsAttempt(503, "UNKNOWN")).toBe(true);
    expect(keepsAttempt(409, "CHECKOUT_IN_PROGRESS")).toBe(true);
  });
  it("change after a definite answer", () => {
    expect(keepsAttempt(402, "PAYMENT_DECLINED")).toBe(false);
    expect(keepsAttempt(422, "BILLING_VALIDATION_ERROR")).toBe(false);
    expect(keepsAttempt(201, "")).toBe(false);
  });
  it("are made once per attempt", () => {
    let n = 0;
    const keys = attemptKeys(() => `k${++n}`);
    expect(keys.current()).toBe("k1");
    expect(keys.current()).toBe("k1");
    keys.settle(500, "UNKNOWN");
    expect(keys.current()).toBe("k1");
    keys.settle(402, "PAYMENT_DECLINED");
    expect(keys.current()).toBe("k2");
  });
});
