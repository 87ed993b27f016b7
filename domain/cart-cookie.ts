import { addToCart, CartError, parseStoredCart, PRODUCT_DOES_NOT_EXIST, removeFromCart, type Cart, type CartCatalog } from "./cart";
import { cookieString } from "./cookie-string";
import { CART_STORAGE_KEY } from "./storage-keys";

/**
 * The cart also travels as a cookie named like its local-storage key (seed_cart_items), so the server can render
 * /cart before JavaScript and the cart's plain forms can change it. The browser writes both on every change; the
 * server writes the cookie when a form without JavaScript changes the cart.
 */
export const CART_COOKIE = CART_STORAGE_KEY;
/** As long as the cart id cookie lives. */
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

export function cartCookieValue(cart: Cart): string {
  return encodeURIComponent(JSON.stringify(cart));
}

/** The cart's raw JSON from a Cookie header (or document.cookie), or null when there is none. */
export function rawCartFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(/;\s*/)) {
    if (!part.startsWith(`${CART_COOKIE}=`)) continue;
    try {
      return decodeURIComponent(part.slice(CART_COOKIE.length + 1));
    } catch {
      return null;
    }
  }
  return null;
}

/** The cart a Cookie header carries, with the same checks as the stored cart (unknown codes and bad numbers dropped). */
export function cartFromCookies(cookieHeader: string | null | undefined, catalog: CartCatalog): Cart {
  return parseStoredCart(rawCartFromCookies(cookieHeader), catalog);
}

/** The cart cookie for a page served over this protocol ("https:" makes it Secure). */
export function cartSetCookie(cart: Cart, protocol: string): string {
  return cookieString(CART_COOKIE, cartCookieValue(cart), { maxAgeS: CART_COOKIE_MAX_AGE_S, protocol });
}

export type CartIntent = { action: "increase" | "decrease" | "remove"; code: string };

/** A cart form button's value, "increase:syn-wk", "decrease:syn-wk" or "remove:syn-wk"; null for anything else. */
export function parseCartIntent(value: unknown): CartIntent | null {
  if (typeof value !== "string") return null;
  const match = /^(increase|decrease|remove):([a-z0-9-]{1,40})$/.exec(value);
  return match ? { action: match[1] as CartIntent["action"], code: match[2]! } : null;
}

/** What a cart form does to the cart, by the cart rules of SPEC.md section 4; an unknown product is a CartError. */
export function applyCartIntent(cart: Cart, intent: CartIntent, catalog: CartCatalog): Cart {
  if (!catalog.has(intent.code)) throw new CartError(PRODUCT_DOES_NOT_EXIST);
  if (intent.action === "increase") return addToCart(cart, intent.code, catalog);
  return removeFromCart(cart, intent.code, catalog, intent.action === "remove").cart;
}
