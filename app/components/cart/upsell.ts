import type { Cart, CartCatalog } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import { offersFrom, type PageCatalog, type ProductOffer } from "../../../domain/offers";
import { upsellList } from "../../../domain/upsell";

/**
 * The upsell offers of SPEC.md section 4, priced for the shopper: domain/upsell picks and orders them (candidates
 * from each product's upsell.displayOrder); what cannot be sold in the shopper's country is not offered.
 */
export function upsellOffers(input: { pathname: string; country: string; cart: Cart; rules: CartCatalog; catalog: PageCatalog }): ProductOffer[] {
  const { pathname, country, cart, rules, catalog } = input;
  const candidates = catalog.products.flatMap((p) => (p.content.upsell ? [{ code: p.code, displayOrder: p.content.upsell.displayOrder }] : []));
  const codes = upsellList({ pathname, country, cart, catalog: rules, candidates }) as ProductCode[];
  return offersFrom(codes, catalog, country).filter((offer) => offer.available);
}
