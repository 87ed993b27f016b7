/**
 * Every key the shop keeps in the shopper's browser (SPEC.md sections 4 and 9), defined once here and imported
 * wherever it is read or written. Local storage unless marked as a cookie.
 */
export const CART_STORAGE_KEY = "seed_cart_items";
/** A cookie: the cart id, generated on first use. */
export const CART_ID_COOKIE = "seed_cart_id";
export const PROMO_STORAGE_KEY = "seed_promoCode";
/** Also sent as a cookie of the same name, so the server prices pages in the shopper's currency. */
export const COUNTRY_STORAGE_KEY = "seed_country_code";
export const REGION_STORAGE_KEY = "seed_region_code";
export const COOKIE_CONSENT_STORAGE_KEY = "seed_cookie_consent";
export const ANONYMOUS_ID_STORAGE_KEY = "seed_anonymous_id";
