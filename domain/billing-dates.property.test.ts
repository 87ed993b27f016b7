import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonthsOnDay,
  advanceSchedule,
  daysInMonth,
  delaySchedule,
  nextBillingDates,
  rescheduleTo,
  skipShipment,
  type BillingSchedule,
} from "./billing-dates";

// Any instant between 1990 and 2100, any billing day, any of the shop's periods.
const instant = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });
const schedule: fc.Arbitrary<BillingSchedule> = fc
  .record({ at: instant, period: fc.constantFrom(1, 2, 3, 6), anchor: fc.integer({ min: 1, max: 31 }) })
  .map(({ at, period, anchor }) => ({ nextBillingAt: addMonthsOnDay(at, 0, anchor), billingPeriodMonths: period, anchorDay: anchor }));
const monthsBetween = (a: Date, b: Date) => (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
const timeOfDay = (d: Date) => d.getTime() % 86_400_000;

describe("billing dates (properties)", () => {
  it("the next N dates always increase, one period apart in months, on the billing day or the month's last day", () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 2, max: 40 }), (s, n) => {
        const dates = nextBillingDates(s, n);
        expect(dates).toHaveLength(n);
        for (let i = 1; i < n; i++) {
          expect(dates[i]!.getTime()).toBeGreaterThan(dates[i - 1]!.getTime());
          expect(monthsBetween(dates[i - 1]!, dates[i]!)).toBe(s.billingPeriodMonths);
        }
        for (const d of dates) {
          expect(d.getUTCDate()).toBe(Math.min(s.anchorDay, daysInMonth(d.getUTCFullYear(), d.getUTCMonth())));
          expect(timeOfDay(d)).toBe(timeOfDay(s.nextBillingAt));
        }
      }),
    );
  });

  it("month ends never drift: after a short month the billing day comes back", () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 1, max: 30 }), (s, k) => {
        const later = nextBillingDates(s, k + 1)[k]!;
        expect(later.getTime()).toBe(addMonthsOnDay(s.nextBillingAt, k * s.billingPeriodMonths, s.anchorDay).getTime());
      }),
    );
  });

  it("leap years: a billing day of 29–31 lands on Feb 29 in a leap year and Feb 28 otherwise", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 29, max: 31 }), (year, anchor) => {
        const jan = new Date(Date.UTC(year, 0, anchor, 9));
        const feb = addMonthsOnDay(jan, 1, anchor);
        const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
        expect(feb.toISOString().slice(0, 10)).toBe(`${year}-02-${leap ? "29" : "28"}`);
      }),
    );
  });

  it("skips and delays compose: order does not matter, and delays add up", () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (s, a, b) => {
        expect(delaySchedule(skipShipment(s), a)).toEqual(skipShipment(delaySchedule(s, a)));
        expect(delaySchedule(delaySchedule(s, a), b)).toEqual(delaySchedule(s, a + b));
        // Skipping is delaying by one billing period.
        expect(skipShipment(s)).toEqual(delaySchedule(s, s.billingPeriodMonths));
        expect(delaySchedule(s, a).nextBillingAt.getTime()).toBeGreaterThan(s.nextBillingAt.getTime());
      }),
    );
  });

  it("a chosen next date becomes the schedule: the dates after it follow from it", () => {
    fc.assert(
      fc.property(schedule, instant, (s, chosen) => {
        const r = rescheduleTo(s, chosen);
        expect(r.nextBillingAt).toEqual(chosen);
        expect(advanceSchedule(r).nextBillingAt.getUTCDate()).toBe(
          Math.min(chosen.getUTCDate(), daysInMonth(advanceSchedule(r).nextBillingAt.getUTCFullYear(), advanceSchedule(r).nextBillingAt.getUTCMonth())),
        );
      }),
    );
  });

  it("time zones: billing instants are UTC, so every zone sees the same instant and the same gap between charges", () => {
    const zones = ["America/Los_Angeles", "America/New_York", "Europe/London", "Asia/Singapore", "Australia/Sydney", "Pacific/Kiritimati"];
    fc.assert(
      fc.property(schedule, fc.constantFrom(...zones), (s, zone) => {
        const [first, second] = nextBillingDates(s, 2);
        // The local wall-clock reading differs by zone (and across daylight saving), the instants do not:
        // the charge happens once, at the same moment, wherever the subscriber or the worker is.
        const local = new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short", timeStyle: "medium", hourCycle: "h23" });
        expect(new Date(first!.toISOString()).getTime()).toBe(first!.getTime());
        expect(local.format(first!)).toMatch(/^\d{4}-\d{2}-\d{2}/);
        expect(second!.getTime() - first!.getTime()).toBe(addMonthsOnDay(first!, s.billingPeriodMonths, s.anchorDay).getTime() - first!.getTime());
      }),
    );
  });
});
