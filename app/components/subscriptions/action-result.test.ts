import { describe, expect, it } from "vitest";
import type { RenewalQuote } from "../../../domain/renewal-quote";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { describeAction, describePlanChange } from "./action-result";

const quote = (total: number) => ({ total, currency: "USD" }) as unknown as RenewalQuote;
const sub = (over: Partial<PortalSubscription> = {}): PortalSubscription =>
  ({
    id: "0b7c6f5e-1111-4a4a-9a9a-000000000001",
    status: "active",
    planCode: "syn-rf",
    planName: "DS-01® Refill (monthly)",
    quantity: 1,
    billingPeriodMonths: 1,
    nextBillingAt: "2027-01-14T12:00:00.000Z",
    currency: "USD",
    country: "US",
    addOns: [],
    nextCharge: quote(4999),
    ...over,
  }) as PortalSubscription;
const bounds = { min: "2026-11-24", max: "2027-05-21" };

describe("what each portal action says it did (issue 34, point 8)", () => {
  it("a delay states the new date and the old one, and its undo picks the old date again", () => {
    const out = describeAction({ action: "delay", months: 1 }, sub(), sub({ nextBillingAt: "2027-02-14T12:00:00.000Z" }), bounds);
    expect(out.message).toBe("Delayed one month. Your next shipment is now on February 14, 2027 ($49.99). It was January 14, 2027.");
    expect(out.message).not.toContain("billing cycle");
    expect(out.undo).toEqual({ label: "Undo: back to January 14, 2027", fields: { intent: "select-date", date: "2027-01-14" } });
  });

  it("no undo to a date the picker no longer offers (the old date is too close)", () => {
    const out = describeAction({ action: "select_date", date: "2027-01-30" }, sub({ nextBillingAt: "2026-11-23T12:00:00.000Z" }), sub({ nextBillingAt: "2027-01-30T12:00:00.000Z" }), bounds);
    expect(out.message).toMatch(/^Rescheduled\. Your next shipment is now on January 30, 2027/);
    expect(out.undo).toBeNull();
  });

  it("ship now says what is charged and offers no undo: a charge cannot be taken back", () => {
    const out = describeAction({ action: "ship_now" }, sub(), sub({ nextBillingAt: "2026-11-22T12:00:00.000Z" }), bounds);
    expect(out.message).toContain("we charge $49.99 within minutes");
    expect(out.undo).toBeNull();
  });

  it("an add-on names the item and the new charge; undo removes that very item, and removing offers it back", () => {
    const item = { id: "0b7c6f5e-1111-4a4a-9a9a-000000000009", planCode: "syn-gr" as const, name: "Gut Reset", quantity: 1 };
    const added = describeAction({ action: "add_on", planCode: "syn-gr", quantity: 1 }, sub(), sub({ addOns: [item], nextCharge: quote(7999) }), bounds);
    expect(added.message).toBe("Added Gut Reset to your shipment on January 14, 2027, this time only. That charge is now $79.99.");
    expect(added.undo?.fields).toEqual({ intent: "remove-add-on", addOnId: item.id });
    const removed = describeAction({ action: "remove_add_on", addOnId: item.id }, sub({ addOns: [item] }), sub(), bounds);
    expect(removed.message).toBe("Removed Gut Reset from your shipment on January 14, 2027. That charge is now $49.99.");
    expect(removed.undo?.fields).toEqual({ intent: "add-on", planCode: "syn-gr", quantity: "1" });
  });

  it("a plan change states the plan, the price and its rhythm, and undo goes back to the plan before", () => {
    const after = sub({ planCode: "syn-rf-3mo", planName: "DS-01® Refill (every 3 months)", billingPeriodMonths: 3, nextCharge: quote(13497) });
    const savings = describeAction({ action: "savings", enroll: true }, sub(), after, bounds);
    expect(savings.message).toBe("You're now on the DS-01® Refill (every 3 months): $134.97 every 3 months from January 14, 2027.");
    expect(savings.undo?.fields).toEqual({ intent: "savings-unenroll" });
    const change = describePlanChange(sub(), after);
    expect(change.undo).toEqual({ label: "Undo: back to the DS-01® Refill (monthly)", fields: { intent: "confirm", planCode: "syn-rf", quantity: "1" } });
    expect(describePlanChange(sub(), sub()).undo).toBeNull();
  });

  it("asking before each charge says when the email comes, and undo turns it back", () => {
    const on = describeAction({ action: "confirm_each_charge", enabled: true }, sub(), sub({ confirmEachCharge: true }), bounds);
    expect(on.message).toContain("an email 3 days before January 14, 2027");
    expect(on.undo?.fields).toEqual({ intent: "confirm-each-charge", enabled: "false" });
  });
});
