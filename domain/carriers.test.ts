import { describe, expect, it } from "vitest";
import { orderSequenceFrom, trackingUrl } from "./carriers";

describe("carriers", () => {
  it("builds a tracking link with the number escaped", () => {
    expect(trackingUrl("ups", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });
  it("reads an order number typed in several ways", () => {
    expect(orderSequenceFrom("SD-100042")).toBe(42);
    expect(orderSequenceFrom("sd100042")).toBe(42);
    expect(orderSequenceFrom(" 100042 ")).toBe(42);
    expect(orderSequenceFrom("100000")).toBeNull();
    expect(orderSequenceFrom("jane@example.com")).toBeNull();
    expect(orderSequenceFrom("99999999999")).toBeNull();
  });
});
