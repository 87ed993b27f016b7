import type { Context } from "hono";
import type { CartProductRule } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import type { PageCatalog } from "../../../domain/offers";
import { cartRules, pageCatalog } from "../../modules/catalog";
import type { AppEnv } from "../types";

export interface CatalogContext {
  catalog: {
    forPage(codes: readonly ProductCode[], country: string): Promise<PageCatalog>;
    cartRules(): Promise<[string, CartProductRule][]>;
  };
}

export function catalogContext(c: Context<AppEnv>): CatalogContext {
  const shop = c.get("shop");
  return { catalog: { forPage: (codes, country) => pageCatalog(shop, codes, country), cartRules: () => cartRules(shop) } };
}
