/** The cart of SPEC.md sections 3 and 4: a map of product code to quantity, kept by the browser. */
export type Cart = Readonly<Record<string, number>>;

export interface CartProductRule {
  isSrp: boolean;
  maxQuantity: number;
}

export type CartCatalog = ReadonlyMap<string, CartProductRule>;

export const PRODUCT_DOES_NOT_EXIST = "Product does not exist";

export class CartError extends Error {}

export function normaliseProductCode(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Adds a product. The code is trimmed and lowercased; an unknown code fails with 'Product does not exist'.
 * A subscription product first removes every other subscription product. Quantity is capped at maxQuantity.
 */
export function addToCart(cart: Cart, rawCode: string, catalog: CartCatalog, quantity = 1): Cart {
  const code = normaliseProductCode(rawCode);
  const rule = catalog.get(code);
  if (!rule) throw new CartError(PRODUCT_DOES_NOT_EXIST);
  const kept = rule.isSrp ? withoutSubscriptions(cart, catalog, code) : { ...cart };
  const wanted = (kept[code] ?? 0) + Math.max(1, Math.floor(quantity));
  return { ...kept, [code]: Math.min(wanted, rule.maxQuantity) };
}

function withoutSubscriptions(cart: Cart, catalog: CartCatalog, keep: string): Record<string, number> {
  return Object.fromEntries(Object.entries(cart).filter(([code]) => code === keep || !catalog.get(code)?.isSrp));
}

export interface RemoveResult {
  cart: Cart;
  /** Deleting a subscription line clears the promo code. */
  clearPromoCode: boolean;
}

/** Removes one; the line goes when its quantity is 1 or removal is forced. */
export function removeFromCart(cart: Cart, rawCode: string, catalog: CartCatalog, force = false): RemoveResult {
  const code = normaliseProductCode(rawCode);
  const current = cart[code];
  if (current === undefined) return { cart, clearPromoCode: false };
  if (current > 1 && !force) return { cart: { ...cart, [code]: current - 1 }, clearPromoCode: false };
  const { [code]: _removed, ...rest } = cart;
  return { cart: rest, clearPromoCode: catalog.get(code)?.isSrp === true };
}

/** Sets a single item with quantity 1. */
export function replaceCart(rawCode: string, catalog: CartCatalog): Cart {
  return addToCart({}, rawCode, catalog);
}

export function cartCount(cart: Cart): number {
  return Object.values(cart).reduce((sum, n) => sum + n, 0);
}

export function hasSubscription(cart: Cart, catalog: CartCatalog): boolean {
  return Object.keys(cart).some((code) => catalog.get(code)?.isSrp);
}

/** Reads the stored cart; anything unreadable, unknown or non-positive is dropped rather than trusted. */
export function parseStoredCart(raw: string | null, catalog: CartCatalog): Cart {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const cart: Record<string, number> = {};
  for (const [code, value] of Object.entries(parsed)) {
    const rule = catalog.get(code);
    const n = typeof value === "number" ? Math.floor(value) : Number.NaN;
    if (rule && n > 0) cart[code] = Math.min(n, rule.maxQuantity);
  }
  return cart;
}
