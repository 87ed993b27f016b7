import { asc, eq } from "drizzle-orm";
import { isProductCode, type Product } from "../../../domain/catalog";
import { ProductContentSchema } from "../../../domain/catalog-schema";
import { isPlanCode, planView, type BillingPeriodMonths, type PlanCode, type PlanView, type PriceList } from "../../../domain/plans";
import { announceChange, cachedUntilChanged } from "../../db/change-notices";
import type { DatabaseHandle, Queryable } from "../../db/client";
import { planPrices, plans, products } from "../../db/schema";
import type { Shop } from "../../shop";

/** The channel a change to products, plans or plan prices is announced on. */
export const CATALOG_CHANGED = "catalog_changed";

/** The whole catalogue (a few dozen rows), parsed once and shared read-only by every request until it changes. */
export interface CatalogSnapshot {
  /** Active products in code order. */
  products: readonly Product[];
  /** Every product by code, active or not. */
  byCode: ReadonlyMap<string, { product: Product; active: boolean }>;
  /** Plans with their price, by "priceList:currency", in plan-code order. */
  plansIn: ReadonlyMap<string, readonly PlanView[]>;
}

export const priceKey = (priceList: PriceList, currency: string) => `${priceList}:${currency}`;

const snapshots = cachedUntilChanged(CATALOG_CHANGED, loadSnapshot);

/** The catalogue from memory; read from the database the first time and after every announced change. */
export function catalogSnapshot(shop: Shop): Promise<CatalogSnapshot> {
  return snapshots.get(shop.database);
}

/**
 * Every write to products, plans or plan_prices announces itself at commit (triggers of migration 0007), so any
 * process, or psql, may change the catalogue. announceCatalogChange is for changes the triggers cannot see.
 */
export function announceCatalogChange(db: Queryable): Promise<void> {
  return announceChange(db, CATALOG_CHANGED);
}

/** Drops this process's copy at once (after a commit that changed the catalogue, not to wait for the notice). */
export function forgetCatalog(shop: Shop): void {
  snapshots.forget(shop.database);
}

async function loadSnapshot(database: DatabaseHandle): Promise<CatalogSnapshot> {
  const [productRows, priceRows] = await Promise.all([
    database.db.select().from(products).orderBy(asc(products.code)),
    database.db
      .select({ plan: plans, priceList: planPrices.priceList, currency: planPrices.currency, amount: planPrices.amount })
      .from(plans)
      .innerJoin(planPrices, eq(planPrices.planCode, plans.code))
      .orderBy(asc(plans.code)),
  ]);
  const byCode = new Map<string, { product: Product; active: boolean }>();
  for (const row of productRows) {
    const product = toProduct(row);
    if (product) byCode.set(product.code, { product: Object.freeze(product), active: row.active });
  }
  const plansIn = new Map<string, PlanView[]>();
  for (const row of priceRows) {
    if (!isPlanCode(row.plan.code)) continue;
    const priceList = row.priceList as PriceList;
    const key = priceKey(priceList, row.currency);
    const view = planView(
      { ...row.plan, code: row.plan.code as PlanCode, billingPeriodMonths: row.plan.billingPeriodMonths as BillingPeriodMonths },
      { amount: row.amount, currency: row.currency, priceList },
    );
    plansIn.set(key, [...(plansIn.get(key) ?? []), Object.freeze(view)]);
  }
  const active = [...byCode.values()].filter((p) => p.active).map((p) => p.product);
  return { products: Object.freeze(active), byCode, plansIn };
}

function toProduct(row: typeof products.$inferSelect): Product | null {
  if (!isProductCode(row.code)) return null;
  return {
    code: row.code,
    isSrp: row.isSrp,
    maxQuantity: row.maxQuantity,
    domesticAttributes: { autoCouponCode: row.autoCouponCode },
    planCode: row.planCode && isPlanCode(row.planCode) ? row.planCode : null,
    planQuantity: row.planQuantity,
    countries: row.countries,
    content: ProductContentSchema.parse(row.content),
  };
}
