import type { CartProductRule } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import type { PageCatalog } from "../../../domain/offers";
import { usableAutoCoupons } from "../coupons";
import { dbOf, type Shop } from "../../shop";
import { priceListFor } from "./price-list";
import { listPlans } from "./plans";
import { listProducts } from "./products";

/** Everything a product page needs to price its offers for a country (priced by domain/offers offersFrom). */
export async function pageCatalog(shop: Shop, codes: readonly ProductCode[], country: string): Promise<PageCatalog> {
  const { priceList, currency } = priceListFor(country);
  const [all, plans] = await Promise.all([listProducts(shop), listPlans(shop, priceList, currency)]);
  const products = all.filter((p) => codes.includes(p.code));
  const autoCodes = products.map((p) => p.domesticAttributes.autoCouponCode);
  const autoCoupons = await usableAutoCoupons(dbOf(shop), autoCodes, shop.clock.now());
  return { products, plans, autoCoupons };
}

/** The rules the browser's cart needs (SPEC.md section 4): is it a subscription, how many at most. */
export async function cartRules(shop: Shop): Promise<[string, CartProductRule][]> {
  const products = await listProducts(shop);
  return products.map((p) => [p.code, { isSrp: p.isSrp, maxQuantity: p.maxQuantity }]);
}
