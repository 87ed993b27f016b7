import { useMemo } from "react";
import { addToCart, parseStoredCart, removeFromCart, replaceCart, type Cart, type CartCatalog } from "../../../domain/cart";
import { cookieString } from "../../../domain/cookie-string";
import { CART_ID_COOKIE, CART_STORAGE_KEY } from "../../../domain/storage-keys";
import { storageStore, useStorageStore } from "../../lib/storage-store";
import { clearPromo } from "../promo/promo-code";
import { CART_UPDATED_EVENT } from "./cart-count";
import { ensureCartId, readCart, readRawCart, writeCart } from "./cart-store";

/** What the server and the hydration pass see: the stored cart is only known in the browser. */
const NOT_YET_READ = "\u0000not-read";
const rawCartStore = storageStore<string | null>(CART_STORAGE_KEY, (raw) => raw ?? readRawCart(), [CART_UPDATED_EVENT]);

/**
 * The stored cart, re-read whenever this tab or another changes it. Until the browser has read it (server HTML and
 * the hydration pass) it is the cart the server read from the cart cookie when the page gives one (/cart), else
 * null, so the server's HTML and the first client render agree. The raw string is the snapshot: equal carts never
 * re-render.
 */
export function useStoredCart(catalog: CartCatalog, serverCart?: Cart): Cart | null {
  const raw = useStorageStore<string | null>(rawCartStore, serverCart ? JSON.stringify(serverCart) : NOT_YET_READ);
  return useMemo(() => (raw === NOT_YET_READ ? null : parseStoredCart(raw, catalog)), [raw, catalog]);
}

/** What a change did: the line that left the cart, if one did (for the "Product Removed" event). */
export interface CartChange {
  cart: Cart;
  removedCode: string | null;
}

function store(cart: Cart): void {
  ensureCartId();
  writeCart(cart);
}

/** Adds one (capped at maxQuantity; a subscription replaces any other subscription). Throws CartError for an unknown code. */
export function increaseLine(code: string, catalog: CartCatalog): Cart {
  const next = addToCart(readCart(catalog), code, catalog);
  store(next);
  return next;
}

/** Removes one, or the whole line when forced; deleting a subscription line also clears the promo code. */
export function decreaseLine(code: string, catalog: CartCatalog, force = false): CartChange {
  const before = readCart(catalog);
  const { cart, clearPromoCode } = removeFromCart(before, code, catalog, force);
  store(cart);
  if (clearPromoCode) clearPromo();
  const removedCode = code in before && !(code in cart) ? code : null;
  return { cart, removedCode };
}

/** The cart holds just this product (a /cart?cart=<code> link). */
export function replaceWith(code: string, catalog: CartCatalog): Cart {
  const next = replaceCart(code, catalog);
  store(next);
  return next;
}

/** SPEC.md section 4: clearing the cart empties it and deletes the cart id cookie. */
export function clearCart(): void {
  writeCart({});
  document.cookie = cookieString(CART_ID_COOKIE, "", { maxAgeS: 0, protocol: location.protocol });
}
