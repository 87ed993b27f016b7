/** Browser storage keys the shell reads (SPEC.md section 9) and safe access to them. */
export const STORAGE_KEYS = {
  cartItems: "seed_cart_items",
  promoCode: "seed_promoCode",
  cookieConsent: "seed_cookie_consent",
} as const;

/** Storage can be blocked (private mode, sandboxed frames); a blocked read is simply "nothing stored". */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
