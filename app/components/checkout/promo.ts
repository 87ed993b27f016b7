import { readStoredPromo } from "../../../domain/promo";
import { PROMO_STORAGE_KEY } from "../../../domain/storage-keys";
import { storageStore, useStorageStore } from "../../lib/storage-store";
import { PROMO_UPDATED_EVENT } from "../promo/promo-code";

/** The stored code as text, or null: expired and unreadable values count as none (readPromo removes them). */
export function storedPromoCode(raw: string | null, now = new Date()): string | null {
  const read = readStoredPromo(raw, now);
  return read.kind === "valid" ? read.promo.code : null;
}

const promoCodeStore = storageStore(PROMO_STORAGE_KEY, (raw) => storedPromoCode(raw), [PROMO_UPDATED_EVENT]);

/**
 * The stored promo code itself. Checkout sends it to the server's preview, which checks it for this order and says
 * so; the cart instead prices with the looked-up coupon.
 */
export function useStoredPromoCode(): string | null {
  return useStorageStore(promoCodeStore, null);
}
