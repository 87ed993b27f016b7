import { perMonthOf } from "../../../domain/offers";
import { SAVINGS_MESSAGES } from "../../../domain/plans";
import { plansToChangeInto } from "../../../domain/subscription-actions";
import type { PlanOption } from "./SubscriptionCard";

/** One plan as the change page offers it: its price, what a month works out at, and what it saves on the monthly refill. */
export interface PlanCard extends PlanOption {
  current: boolean;
  /** Price per month (minor units) for plans longer than a month. */
  perMonth: number | null;
  /** What each charge saves against the monthly refill for the same months (minor units), when it saves. */
  saves: number | null;
  /** SPEC.md section 9's words: "Save 10% forever", "Save 15% forever". */
  badge: string | null;
}

/**
 * The plans a member may move to, as cards: only the refills of the subscription's own product (issue 34, point 12;
 * the server refuses any other), monthly first. A product with no other plans (the pediatric refill) offers its own
 * plan, so the quantity can still change.
 */
export function planCardsFor(currentPlanCode: string, plans: PlanOption[]): PlanCard[] {
  const codes = plansToChangeInto(currentPlanCode);
  const offered = codes.length > 0 ? codes.flatMap((code) => plans.filter((p) => p.code === code)) : plans.filter((p) => p.code === currentPlanCode);
  const monthly = offered.find((p) => p.billingPeriodMonths === 1);
  return offered.map((p) => {
    const months = p.billingPeriodMonths ?? 1;
    const saves = monthly && months > 1 ? monthly.price * months - p.price : 0;
    return {
      ...p,
      current: p.code === currentPlanCode,
      perMonth: perMonthOf(p.price, months),
      saves: saves > 0 ? saves : null,
      badge: SAVINGS_MESSAGES[months] ?? null,
    };
  });
}
