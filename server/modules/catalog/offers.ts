import type { CartProductRule } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import type { Coupon } from "../../../domain/coupons";
import type { PageCatalog } from "../../../domain/offers";
import { findCoupon } from "../coupons/coupons";
import { dbOf, type Shop } from "../../shop";
import { priceListFor } from "./price-list";
import { listPlans } from "./plans";
import { listProducts } from "./products";

/** Everything a product page needs to price its offers for a country (priced by domain/offers offersFrom). */
export async function pageCatalog(shop: Shop, codes: readonly ProductCode[], country: string): Promise<PageCatalog> {
  const { priceList, currency } = priceListFor(country);
  const [all, plans] = await Promise.all([listProducts(shop), listPlans(shop, priceList, currency)]);
  const products = all.filter((p) => codes.includes(p.code));
  const autoCodes = [...new Set(products.flatMap((p) => p.domesticAttributes.autoCouponCode ?? []))];
  const autoCoupons: Coupon[] = [];
  for (const code of autoCodes) {
    const found = await findCoupon(dbOf(shop), code);
    if (found?.coupon.active) autoCoupons.push(found.coupon);
  }
  return { products, plans, autoCoupons };
}

/** The rules the browser's cart needs (SPEC.md section 4): is it a subscription, how many at most. */
export async function cartRules(shop: Shop): Promise<[string, CartProductRule][]> {
  const products = await listProducts(shop);
  return products.map((p) => [p.code, { isSrp: p.isSrp, maxQuantity: p.maxQuantity }]);
}
