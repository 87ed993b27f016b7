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
/**
 * Who is signed in, as the browser keeps it (SPEC.md section 4): email, first name, the blocked flag and experiment
 * variants, never a session token (the session is an HttpOnly cookie the page cannot read).
 */
export const USER_STORAGE_KEY = "seed_user";
/** The browser's analytics queue (events waiting to be sent), kept only with performance consent. */
export const ANALYTICS_QUEUE_STORAGE_KEY = "seed_analytics_queue";
/** The queue's lock between tabs (SPEC.md section 8: 3 retries of 50 ms). */
export const ANALYTICS_LOCK_STORAGE_KEY = "seed_analytics_queue_lock";
/**
 * Session storage: what the shopper typed at checkout (contact, address, shipping method; never card data or the
 * consent boxes), so a reload or a trip back to the cart loses nothing; cleared when the order is placed.
 */
export const CHECKOUT_FIELDS_STORAGE_KEY = "seed_checkout_fields";
/** A cookie (HttpOnly): the quiz answers this browser gave, so a visitor who leaves the quiz picks it up again. */
export const QUIZ_COOKIE = "seed_quiz";
/** First- and last-touch campaign values (SPEC.md sections 3 and 4). */
export const ATTRIBUTION_STORAGE_KEY = "seed_attribution";
/** The ad network's click id, with its prefix (SPEC.md section 3). */
export const CLICK_ID_STORAGE_KEY = "seed_fbc";

/**
 * The consent category each kept value needs (ADR 0013). Strictly necessary: the cart, the promo code the shopper
 * came with, the country that prices the cart, and the consent choice itself. The rest waits for consent.
 */
export const STORAGE_CATEGORY = {
  [CART_STORAGE_KEY]: "C0001",
  [CART_ID_COOKIE]: "C0001",
  [PROMO_STORAGE_KEY]: "C0001",
  [COUNTRY_STORAGE_KEY]: "C0001",
  [REGION_STORAGE_KEY]: "C0001",
  [COOKIE_CONSENT_STORAGE_KEY]: "C0001",
  [USER_STORAGE_KEY]: "C0001",
  /** Cookies the server sets: the session and the receipt of the last order. */
  seed_jwt: "C0001",
  seed_last_order: "C0001",
  /** Session storage: React Router's scroll positions, so Back returns to where the shopper was. */
  "react-router-scroll-positions": "C0001",
  [CHECKOUT_FIELDS_STORAGE_KEY]: "C0001",
  [QUIZ_COOKIE]: "C0001",
  [ANONYMOUS_ID_STORAGE_KEY]: "C0002",
  [ANALYTICS_QUEUE_STORAGE_KEY]: "C0002",
  [ANALYTICS_LOCK_STORAGE_KEY]: "C0002",
  [ATTRIBUTION_STORAGE_KEY]: "C0002",
  [CLICK_ID_STORAGE_KEY]: "C0004",
} as const;
