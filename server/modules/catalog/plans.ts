import type { PlanCode, PlanView, PriceList } from "../../../domain/plans";
import type { Shop } from "../../shop";
import { catalogSnapshot, priceKey } from "./snapshot";

/** Every plan with a price in the given price list and currency, in catalogue order (from memory: see snapshot.ts). */
export async function listPlans(shop: Shop, priceList: PriceList, currency: string): Promise<PlanView[]> {
  return [...((await catalogSnapshot(shop)).plansIn.get(priceKey(priceList, currency)) ?? [])];
}

/** Currencies that have at least one plan priced in a price list. */
export async function currenciesOf(shop: Shop, priceList: PriceList): Promise<string[]> {
  const keys = [...(await catalogSnapshot(shop)).plansIn.keys()];
  return keys.filter((k) => k.startsWith(`${priceList}:`)).map((k) => k.slice(priceList.length + 1)).sort();
}

export async function findPlan(shop: Shop, code: PlanCode, priceList: PriceList, currency: string): Promise<PlanView | null> {
  return (await listPlans(shop, priceList, currency)).find((p) => p.code === code) ?? null;
}
