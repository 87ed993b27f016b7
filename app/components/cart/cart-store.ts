import { addToCart, parseStoredCart, type Cart, type CartCatalog } from "../../../domain/cart";
import { cartSetCookie, rawCartFromCookies } from "../../../domain/cart-cookie";
import { cookieString } from "../../../domain/cookie-string";
import { CART_ID_COOKIE, CART_STORAGE_KEY } from "../../../domain/storage-keys";
import { CART_UPDATED_EVENT } from "./cart-count";

const CART_ID_MAX_AGE_S = 60 * 60 * 24 * 30;

/**
 * The stored cart's raw JSON: local storage (SPEC.md section 3), or, when it holds none, the cart cookie a form
 * without JavaScript wrote (domain/cart-cookie.ts).
 */
export function readRawCart(): string | null {
  return localStorage.getItem(CART_STORAGE_KEY) ?? rawCartFromCookies(document.cookie);
}

export function readCart(catalog: CartCatalog): Cart {
  return parseStoredCart(readRawCart(), catalog);
}

/** Stores the cart (local storage and its cookie, which the server reads) and tells this tab (other tabs hear the storage event). */
export function writeCart(cart: Cart): void {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  document.cookie = cartSetCookie(cart, location.protocol);
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/** Adds a product with the cart rules of domain/cart; throws CartError for an unknown code. */
export function addProductToCart(code: string, catalog: CartCatalog): Cart {
  const next = addToCart(readCart(catalog), code, catalog);
  ensureCartId();
  writeCart(next);
  return next;
}

/** The cart id lives in the seed_cart_id cookie, generated on first use (SPEC.md section 4). */
export function ensureCartId(): string {
  const existing = document.cookie.split("; ").find((c) => c.startsWith(`${CART_ID_COOKIE}=`));
  if (existing) return decodeURIComponent(existing.slice(CART_ID_COOKIE.length + 1));
  const id = crypto.randomUUID();
  document.cookie = cookieString(CART_ID_COOKIE, id, { maxAgeS: CART_ID_MAX_AGE_S, protocol: location.protocol });
  return id;
}
