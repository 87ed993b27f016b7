import { describe, expect, it } from "vitest";
import { planCardsFor } from "./plan-cards";
import type { PlanOption } from "./SubscriptionCard";

const plan = (code: string, name: string, price: number, months: number | null, productCode = code.replace(/-\d+mo$/, "")): PlanOption => ({ code, name, price, productCode, billingPeriodMonths: months });
const PRICE_LIST: PlanOption[] = [
  plan("syn-wk", "DS-01® Daily Synbiotic", 4999, 1),
  plan("syn-rf", "DS-01® Refill (monthly)", 4999, 1),
  plan("syn-rf-3mo", "DS-01® Refill (every 3 months)", 13497, 3, "syn-rf"),
  plan("syn-rf-6mo", "DS-01® Refill (every 6 months)", 25494, 6, "syn-rf"),
  plan("vs-rf", "VS-01™ Refill (monthly)", 3999, 1),
  plan("vs-rf-3mo", "VS-01™ Refill (every 3 months)", 10797, 3, "vs-rf"),
  plan("pds-rf", "PDS-08® Refill", 2999, 1),
  plan("syn-gr", "Gut Reset", 3000, null),
];

describe("plan change cards (issue 34, point 12)", () => {
  it("a DS-01 member is offered the DS-01 refills only, monthly first, with what each saves", () => {
    const cards = planCardsFor("syn-rf", PRICE_LIST);
    expect(cards.map((c) => c.code)).toEqual(["syn-rf", "syn-rf-3mo", "syn-rf-6mo"]);
    expect(cards[0]).toMatchObject({ current: true, perMonth: null, saves: null, badge: null });
    expect(cards[1]).toMatchObject({ current: false, perMonth: 4499, saves: 1500, badge: "Save 10% forever" });
    expect(cards[2]).toMatchObject({ perMonth: 4249, saves: 4500, badge: "Save 15% forever" });
  });

  it("a VS-01 member sees the VS-01 refills, never DS-01's", () => {
    expect(planCardsFor("vs-rf-3mo", PRICE_LIST).map((c) => c.code)).toEqual(["vs-rf", "vs-rf-3mo"]);
  });

  it("a plan with no other plan of its product offers itself (for the quantity), nothing else", () => {
    expect(planCardsFor("pds-rf", PRICE_LIST).map((c) => c.code)).toEqual(["pds-rf"]);
  });
});
