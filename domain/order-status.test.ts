import { describe, expect, it } from "vitest";
import { orderStatusShown, statusTone } from "./order-status";

describe("the status an order shows staff", () => {
  it("follows succeeded refunds against what was paid", () => {
    expect(orderStatusShown({ status: "paid", paid: 5000, refunded: 0 })).toBe("paid");
    expect(orderStatusShown({ status: "paid", paid: 5000, refunded: 1 })).toBe("partially refunded");
    expect(orderStatusShown({ status: "paid", paid: 5000, refunded: 4999 })).toBe("partially refunded");
    expect(orderStatusShown({ status: "paid", paid: 5000, refunded: 5000 })).toBe("refunded");
  });
  it("keeps what the order's own status already says", () => {
    expect(orderStatusShown({ status: "refunded", paid: 5000, refunded: 5000 })).toBe("refunded");
    expect(orderStatusShown({ status: "canceled", paid: 5000, refunded: 2000 })).toBe("canceled");
  });
  it("an order paid wholly with credit (nothing captured) is paid, not refunded", () => {
    expect(orderStatusShown({ status: "paid", paid: 0, refunded: 0 })).toBe("paid");
  });
  it("gives a badge tone without spaces", () => {
    expect(statusTone("partially refunded")).toBe("partially-refunded");
    expect(statusTone("paid")).toBe("paid");
  });
});
