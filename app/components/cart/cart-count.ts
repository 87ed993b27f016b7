import { CART_STORAGE_KEY } from "../../../domain/storage-keys";
import { storageStore, useStorageStore } from "../../lib/storage-store";

/** Fired on window by whoever changes the cart in this tab (the `storage` event only reaches other tabs). */
export const CART_UPDATED_EVENT = "cart_updated";

function quantityOf(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Items in the stored cart: a JSON map of product code to quantity. Anything unreadable counts as empty. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 0;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return 0;
  return Object.values(parsed).reduce<number>((sum, value) => sum + quantityOf(value), 0);
}

const cartCountStore = storageStore(CART_STORAGE_KEY, countCartItems, [CART_UPDATED_EVENT]);

/** The header's item count: 0 during SSR and hydration, the stored cart's count afterwards. */
export function useCartCount(): number {
  return useStorageStore(cartCountStore, 0);
}
