import raw from "../../content/catalog.json";
import type { Product } from "../catalog";
import { CatalogSeedSchema } from "../catalog-seed";
import { planView, type PlanCode, type PlanView } from "../plans";

/** The seed catalogue (content/catalog.json) as pricing tests use it: its products, and its plans in one price list. */
const seed = CatalogSeedSchema.parse(raw);

export const seedProducts = seed.products as Product[];

export const seedPlansIn = (priceList: "domestic" | "international", currency: string): PlanView[] =>
  seed.plans.flatMap((p) => {
    const amount = (p.prices[priceList] as Record<string, number | undefined>)[currency];
    return amount === undefined ? [] : [planView({ ...p, id: p.code, code: p.code as PlanCode }, { amount, currency, priceList })];
  });
