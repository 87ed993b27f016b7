import type { Permission } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { isProductCode } from "../../../domain/catalog";
import { resolveGallery } from "../../../domain/product-profile";
import { readProfileForm, profileFormValues } from "../../../domain/product-profile-form";
import { listProducts, storedProfiles } from "../../modules/catalog";
import { findImages } from "../../modules/media/find-images";
import { libraryImages } from "../../modules/media/library-images";
import { dbOf, type Shop } from "../../shop";
import { saveProductProfileAction, type ConsoleActor } from "../../workflows/console";

/**
 * The console's product profile editor (ADR 0069): read with content.read, saved with content.publish (the roles that
 * edit the shop's words: owner and content). Every method checks its permission first.
 */
export function productProfileService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    async products() {
      allow("content.read");
      const products = await listProducts(shop);
      const stored = await storedProfiles(db, products.map((p) => p.code));
      return products.map((p) => {
        const profile = stored.get(p.code);
        return { code: p.code, name: p.content.name, photos: profile?.gallery.length ?? 0, editedByStaff: Boolean(profile?.updatedByStaffId), updatedAt: profile?.updatedAt.toISOString() ?? null };
      });
    },

    /** The product's profile as the editor's fields, its gallery drawn from the library, and the library to add from. */
    async product(code: string) {
      allow("content.read");
      const product = isProductCode(code) ? (await listProducts(shop)).find((p) => p.code === code) : undefined;
      if (!product) throw new ShopError("NOT_FOUND", "There is no such product.");
      const profile = (await storedProfiles(db, [code])).get(code) ?? null;
      const images = await findImages(db, profile?.gallery.map((g) => g.hash) ?? []);
      return {
        code,
        name: product.content.name,
        gallery: profile ? profile.gallery.map((entry) => ({ entry, image: resolveGallery([entry], images)[0] ?? null })) : [],
        fields: profile ? profileFormValues(profile) : null,
        reassurance: profile?.reassurance ?? [],
        library: await libraryImages(db),
        updatedAt: profile?.updatedAt.toISOString() ?? null,
      };
    },

    /** Saves the editor's form; a form the profile schema refuses answers VALIDATION_ERROR and writes nothing. */
    async saveForm(code: string, fields: Record<string, string>) {
      allow("content.publish");
      const read = readProfileForm(fields);
      if (!read.ok) throw new ShopError("VALIDATION_ERROR", read.error);
      await saveProductProfileAction(shop, actor, code, read.profile);
    },
  };
}
