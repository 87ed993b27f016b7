import type { Context } from "hono";
import type { CartProductRule } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import type { PageCatalog } from "../../../domain/offers";
import type { ProductProfileView } from "../../../domain/product-profile";
import { cartRules, pageCatalog, productPhotos, productProfiles, type ProductPhotos } from "../../modules/catalog";
import { dbOf } from "../../shop";
import type { AppEnv } from "../types";

export interface CatalogContext {
  catalog: {
    forPage(codes: readonly ProductCode[], country: string): Promise<PageCatalog>;
    cartRules(): Promise<[string, CartProductRule][]>;
    /** A product's gallery, facts and reassurance (ADR 0069), or null when it has no profile. */
    profile(code: ProductCode): Promise<ProductProfileView | null>;
    /** Each product's first photo by product code, for cart, checkout and portal pictures (ADR 0069). */
    photos(): Promise<ProductPhotos>;
  };
}

export function catalogContext(c: Context<AppEnv>): CatalogContext {
  const shop = c.get("shop");
  return {
    catalog: {
      forPage: (codes, country) => pageCatalog(shop, codes, country),
      cartRules: () => cartRules(shop),
      profile: async (code) => (await productProfiles(dbOf(shop), [code])).get(code) ?? null,
      photos: () => productPhotos(shop),
    },
  };
}
