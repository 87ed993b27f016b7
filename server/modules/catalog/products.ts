import type { Product, ProductCode } from "../../../domain/catalog";
import type { Shop } from "../../shop";
import { catalogSnapshot } from "./snapshot";

/** Active products in code order (from memory: see snapshot.ts). The list and its products are shared: do not change them. */
export async function listProducts(shop: Shop): Promise<Product[]> {
  return [...(await catalogSnapshot(shop)).products];
}

export async function findProduct(shop: Shop, code: ProductCode): Promise<Product | null> {
  const found = (await catalogSnapshot(shop)).byCode.get(code);
  return found?.active ? found.product : null;
}
