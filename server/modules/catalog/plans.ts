import { and, asc, eq } from "drizzle-orm";
import { isPlanCode, planView, type BillingPeriodMonths, type PlanCode, type PlanView, type PriceList } from "../../../domain/plans";
import { planPrices, plans } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

/** Every plan with a price in the given price list and currency, in catalogue order. */
export async function listPlans(shop: Shop, priceList: PriceList, currency: string): Promise<PlanView[]> {
  const rows = await dbOf(shop)
    .select({ plan: plans, amount: planPrices.amount })
    .from(plans)
    .innerJoin(planPrices, eq(planPrices.planCode, plans.code))
    .where(and(eq(planPrices.priceList, priceList), eq(planPrices.currency, currency)))
    .orderBy(asc(plans.code));
  return rows.filter((r) => isPlanCode(r.plan.code)).map((r) => toView(r.plan, { amount: r.amount, currency, priceList }));
}

/** Currencies that have at least one plan priced in a price list. */
export async function currenciesOf(shop: Shop, priceList: PriceList): Promise<string[]> {
  const rows = await dbOf(shop)
    .selectDistinct({ currency: planPrices.currency })
    .from(planPrices)
    .where(eq(planPrices.priceList, priceList));
  return rows.map((r) => r.currency).sort();
}

export async function findPlan(shop: Shop, code: PlanCode, priceList: PriceList, currency: string): Promise<PlanView | null> {
  const [row] = await dbOf(shop)
    .select({ plan: plans, amount: planPrices.amount })
    .from(plans)
    .innerJoin(planPrices, eq(planPrices.planCode, plans.code))
    .where(and(eq(plans.code, code), eq(planPrices.priceList, priceList), eq(planPrices.currency, currency)))
    .limit(1);
  return row ? toView(row.plan, { amount: row.amount, currency, priceList }) : null;
}

function toView(plan: typeof plans.$inferSelect, price: { amount: number; currency: string; priceList: PriceList }): PlanView {
  return planView(
    { ...plan, code: plan.code as PlanCode, billingPeriodMonths: plan.billingPeriodMonths as BillingPeriodMonths },
    price,
  );
}
