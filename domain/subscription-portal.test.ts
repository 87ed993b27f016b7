import { describe, expect, it } from "vitest";
import { CANCELLATION_REASONS, offerFor, pointsExpireAt, retentionOfferAvailable } from "./cancellation";
import { delayedNextDate, nextDateBounds, planMove, plansToChangeInto, selectedNextDate } from "./subscription-actions";
import { daysOfSupply, nextDateForSupply } from "./supply";

const DAY = 86_400_000;
const now = new Date("2026-11-22T12:00:00Z");

describe("next billing dates", () => {
  it("delays by whole months, clamping month ends, and never from the past", () => {
    expect(delayedNextDate(new Date("2027-01-31T09:00:00Z"), 1, now).toISOString()).toBe("2027-02-28T09:00:00.000Z");
    expect(delayedNextDate(new Date("2027-12-31T09:00:00Z"), 2, now).toISOString()).toBe("2028-02-29T09:00:00.000Z");
    expect(delayedNextDate(new Date("2026-11-01T09:00:00Z"), 1, now).toISOString()).toBe("2026-12-22T12:00:00.000Z");
  });

  it("accepts a picked day from the day after tomorrow to 180 days ahead, at the schedule's time of day", () => {
    const current = new Date("2026-12-22T08:30:00Z");
    const { min, max } = nextDateBounds(now);
    expect(min.toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(max.getTime() - min.getTime()).toBe(178 * DAY);
    expect(selectedNextDate("2026-11-23", current, now)).toBeNull();
    expect(selectedNextDate("2026-11-24", current, now)?.toISOString()).toBe("2026-11-24T08:30:00.000Z");
    expect(selectedNextDate("2027-05-21", current, now)).not.toBeNull();
    expect(selectedNextDate("2027-05-22", current, now)).toBeNull();
    expect(selectedNextDate("2027-02-29", current, now)).toBeNull();
    expect(selectedNextDate("tomorrow", current, now)).toBeNull();
  });
});

describe("supply maths ('I have too much')", () => {
  it("counts days of supply at the plan's daily dose", () => {
    expect(daysOfSupply("syn-rf", 60)).toBe(30);
    expect(daysOfSupply("syn-rf", 59)).toBe(29);
    expect(daysOfSupply("syn-rf-3mo", 180)).toBe(90);
    expect(daysOfSupply("vs-rf", 10)).toBe(10);
    expect(daysOfSupply("syn-rf", 60, 2)).toBe(15);
    expect(daysOfSupply("syn-gr", 10)).toBeNull();
    expect(daysOfSupply("syn-rf", -1)).toBeNull();
  });

  it("ships the next pack so it arrives as the capsules run out, never before the first selectable day", () => {
    const earliest = nextDateBounds(now).min;
    const current = new Date("2026-12-22T12:00:00Z");
    expect(nextDateForSupply({ plan: "syn-rf", capsulesLeft: 100, quantity: 1, now, earliest, current })!.toISOString()).toBe("2027-01-06T12:00:00.000Z");
    expect(nextDateForSupply({ plan: "syn-rf", capsulesLeft: 4, quantity: 1, now, earliest, current })!.toISOString()).toBe("2026-11-24T12:00:00.000Z");
  });
});

describe("plan moves", () => {
  it("changes within a product's refills, and refuses another product's plans (issue 34: no VS-01 refill for a DS-01 member)", () => {
    expect(planMove("syn-rf", "syn-rf-6mo")).toBe("change");
    expect(planMove("syn-rf", "vs-rf-3mo")).toBe("not_allowed");
    expect(planMove("vs-rf", "syn-rf")).toBe("not_allowed");
    expect(plansToChangeInto("syn-rf-3mo")).toEqual(["syn-rf", "syn-rf-3mo", "syn-rf-6mo"]);
    expect(plansToChangeInto("vs-rf")).toEqual(["vs-rf", "vs-rf-3mo"]);
    expect(plansToChangeInto("pds-rf")).toEqual([]);
    expect(planMove("syn-rf", "syn-rf")).toBe("same");
    expect(planMove("syn-rf", "pds-rf")).toBe("not_allowed");
    expect(planMove("pds-rf", "syn-rf")).toBe("not_allowed");
  });
});

describe("retention offer", () => {
  it("is offered again only 100 days after the last one", () => {
    expect(retentionOfferAvailable(null, now)).toBe(true);
    expect(retentionOfferAvailable(new Date(now.getTime() - 99 * DAY), now)).toBe(false);
    expect(retentionOfferAvailable(new Date(now.getTime() - 100 * DAY), now)).toBe(true);
  });

  it("each reason earns its offer; the discount falls back to none during the cooldown", () => {
    const costs = CANCELLATION_REASONS.find((r) => r.id === 1)!;
    expect(offerFor(costs, true)).toBe("discount");
    expect(offerFor(costs, false)).toBe("none");
    expect(offerFor(CANCELLATION_REASONS.find((r) => r.id === 3)!, false)).toBe("delay");
    expect(pointsExpireAt(now).toISOString()).toBe("2027-02-20T12:00:00.000Z");
  });
});
