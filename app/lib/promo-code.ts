import { STORAGE_KEYS } from "./storage";
import { storageStore, useStorageStore } from "./storage-store";

const EXPIRY_FIELDS = ["expiresAt", "expires", "expiry"] as const;

function expiryOf(record: Record<string, unknown>): number | null {
  for (const field of EXPIRY_FIELDS) {
    const value = record[field];
    if (typeof value === "number") return value;
    if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return Date.parse(value);
  }
  return null;
}

/**
 * Whether a stored promo code is present and not expired. Accepts the legacy plain value
 * ("DS-01-25-OFF") and a JSON record {code|value, expiresAt|expires|expiry}; the banner only needs presence.
 */
export function hasStoredPromoCode(raw: string | null, now: number = Date.now()): boolean {
  const text = raw?.trim();
  if (!text) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true; // a legacy plain code
  }
  if (typeof parsed === "string") return parsed.trim() !== "";
  if (!parsed || typeof parsed !== "object") return false;
  const record = parsed as Record<string, unknown>;
  const code = record.code ?? record.value;
  if (typeof code !== "string" || code.trim() === "") return false;
  const expiry = expiryOf(record);
  return expiry === null || expiry > now;
}

const promoStore = storageStore(STORAGE_KEYS.promoCode, (raw) => hasStoredPromoCode(raw));

/** False on the server and during hydration, so the first paint matches the server's HTML. */
export function useHasStoredPromoCode(): boolean {
  return useStorageStore(promoStore, false);
}
