import { describe, expect, it } from "vitest";
import { classifyDecline, nextDunningStep, RETRY_DAYS } from "./dunning";

const first = new Date("2027-01-22T12:00:00Z");
const day = (n: number) => new Date(first.getTime() + n * 86_400_000);

describe("dunning", () => {
  it("classifies soft and hard declines; unknown codes are hard", () => {
    for (const code of ["insufficient_funds", "processing_error", "issuer_not_available"]) expect(classifyDecline(code)).toBe("soft");
    for (const code of ["stolen_card", "account_closed", "expired_card", "invalid_account", "something_new"]) expect(classifyDecline(code)).toBe("hard");
  });
  it("retries a soft decline on days 1, 3, 5 and 7, then cancels", () => {
    expect([1, 2, 3, 4].map((n) => nextDunningStep("soft", n, first, day(n)))).toEqual(RETRY_DAYS.map((d) => ({ action: "retry", at: day(d) })));
    expect(nextDunningStep("soft", 5, first, day(7))).toEqual({ action: "cancel" });
  });
  it("never retries a hard decline; cancels after the grace period without a new card", () => {
    expect(nextDunningStep("hard", 1, first, first)).toEqual({ action: "wait_for_card", cancelAt: day(7) });
    expect(nextDunningStep("hard", 1, first, day(7))).toEqual({ action: "cancel" });
  });
});
