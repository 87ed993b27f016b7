import { describe, expect, it } from "vitest";
import { isHeld } from "./subscriptions";

describe("held subscriptions (SPEC.md section 4)", () => {
  const activatedAt = new Date("2026-06-01T00:00:00Z");
  it("a subscription never cancelled is held", () => expect(isHeld({ canceledAt: null, activatedAt })).toBe(true));
  it("a cancelled one is not", () => expect(isHeld({ canceledAt: new Date("2026-07-01T00:00:00Z"), activatedAt })).toBe(false));
  it("one reactivated after its cancellation is held again", () =>
    expect(isHeld({ canceledAt: new Date("2026-05-01T00:00:00Z"), activatedAt })).toBe(true));
  it("cancelled at the very moment of activation is not held", () => expect(isHeld({ canceledAt: activatedAt, activatedAt })).toBe(false));
});
