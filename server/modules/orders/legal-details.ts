import type { Shop } from "../../shop";

/** Who sells: the seller's name, address, tax id and support address an invoice carries (from the shop's settings). */
export const legalDetailsOf = (shop: Shop) => ({
  name: shop.env.SHOP_LEGAL_NAME,
  address: shop.env.SHOP_LEGAL_ADDRESS,
  taxId: shop.env.SHOP_TAX_ID ?? null,
  email: shop.env.SHOP_SUPPORT_EMAIL,
});
