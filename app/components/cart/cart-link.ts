import { normaliseProductCode, PRODUCT_DOES_NOT_EXIST, type CartCatalog } from "../../../domain/cart";
import { CART_VARIANTS } from "../../../domain/routes";

export const GIFT_OFFER_ENDED = "This gift offer has ended.";

export type CartLinkAction = { kind: "none" } | { kind: "replace"; code: string } | { kind: "notice"; message: string };

/**
 * What /cart?cart=<variant> does. A variant that is a catalogue product replaces the cart (product pages without
 * JavaScript submit any of their products this way). A variant of the route table with no product behind it, the
 * retired 2020 gift, keeps the cart and says the offer has ended; anything else is a product that does not exist.
 */
export function cartLinkAction(variant: string | null, catalog: CartCatalog): CartLinkAction {
  if (variant === null || variant.trim() === "") return { kind: "none" };
  const code = normaliseProductCode(variant);
  if (catalog.has(code)) return { kind: "replace", code };
  if ((CART_VARIANTS as readonly string[]).includes(code)) return { kind: "notice", message: GIFT_OFFER_ENDED };
  return { kind: "notice", message: PRODUCT_DOES_NOT_EXIST };
}
