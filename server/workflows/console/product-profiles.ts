import { ShopError } from "../../../domain/errors";
import type { ProductProfile } from "../../../domain/product-profile";
import { findProduct, forgetProductPhotos, saveProductProfile } from "../../modules/catalog";
import { notifyPagesChanged } from "../../modules/content";
import { isProductCode } from "../../../domain/catalog";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * An operator saves a product's gallery, facts and reassurance (ADR 0069): checked against content.publish, written
 * with its audit entry (before and after) in one transaction; the seed never overwrites it afterwards.
 */
export async function saveProductProfileAction(shop: Shop, actor: ConsoleActor, productCode: string, profile: ProductProfile): Promise<void> {
  if (!isProductCode(productCode) || !(await findProduct(shop, productCode))) throw new ShopError("NOT_FOUND", "There is no such product.");
  await consoleAction(shop, actor, "content.publish", async (tx, now) => {
    const { before, after } = await saveProductProfile(tx, { productCode, profile, staffId: actor.staffId, now });
    return { result: undefined, audit: { action: "product-profile.save", targetType: "product", targetId: productCode, before, after } };
  });
  forgetProductPhotos(shop);
  // Product pages and the cart show the profile: every process's page cache forgets them.
  await notifyPagesChanged(shop, `product profile saved: ${productCode}`);
}
