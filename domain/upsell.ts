import type { CartCatalog } from "./cart";
import { hasSubscription, type Cart } from "./cart";

/** Upsell list of SPEC.md section 4. */
export interface UpsellCandidate {
  code: string;
  displayOrder: number;
}

export const UPSELL_BASE_PRODUCTS = ["syn-wk", "pds-wk", "vs-wk"] as const;
const US_ONLY_UPSELL = "vs-wk";
const GUT_RESET = "syn-gr";

/** Built only on paths that include cart or checkout. */
export function upsellApplies(pathname: string): boolean {
  return pathname.includes("cart") || pathname.includes("checkout");
}

/**
 * The daily, pediatric and (US only) vaginal products by displayOrder, leaving out what is in the cart; empty when
 * the cart holds a subscription product; the three base products are left out when the gut reset is in the cart.
 */
export function upsellList(input: { pathname: string; country: string; cart: Cart; catalog: CartCatalog; candidates: UpsellCandidate[] }): string[] {
  const { pathname, country, cart, catalog, candidates } = input;
  if (!upsellApplies(pathname) || hasSubscription(cart, catalog)) return [];
  if (cart[GUT_RESET]) return [];
  return candidates
    .filter((c) => (UPSELL_BASE_PRODUCTS as readonly string[]).includes(c.code))
    .filter((c) => c.code !== US_ONLY_UPSELL || country.toUpperCase() === "US")
    .filter((c) => !cart[c.code])
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((c) => c.code);
}
