import type { Shop } from "../../shop";
import { catalogSnapshot } from "./snapshot";

/** Every plan's catalogue name by its code (the console shows "Synbiotic, 3 months" where the row says syn-wk-3mo). */
export async function planNames(shop: Shop): Promise<ReadonlyMap<string, string>> {
  const names = new Map<string, string>();
  for (const list of (await catalogSnapshot(shop)).plansIn.values()) for (const plan of list) if (!names.has(plan.code)) names.set(plan.code, plan.name);
  return names;
}
