import { couponDiscount, type PromoCoupon } from "../../../domain/coupons";
import type { Currency } from "../../../domain/money";
import { cents } from "../../../domain/money";
import { readStoredPromo, storePromo, type StoredPromo } from "../../../domain/promo";
import { PROMO_STORAGE_KEY } from "../../../domain/storage-keys";
import { readStorage } from "../../lib/storage";
import { storageStore, useStorageStore } from "../../lib/storage-store";
import { fetchPlansFor } from "../product/plans-client";

/** Fired on window when this tab stores or clears the promo code. */
export const PROMO_UPDATED_EVENT = "promo_updated";

/** The stored code, or null. An expired one is removed; a legacy plain value is rewritten with 48 hours. */
export function readPromo(now = new Date()): StoredPromo | null {
  const result = readStoredPromo(safeGet(), now);
  if (result.kind === "expired") clearPromo();
  if (result.kind !== "valid") return null;
  if (result.rewrite) localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify(result.promo));
  return result.promo;
}

export function savePromo(code: string, now = new Date()): void {
  localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify(storePromo(code, now)));
  window.dispatchEvent(new Event(PROMO_UPDATED_EVENT));
}

export function clearPromo(): void {
  localStorage.removeItem(PROMO_STORAGE_KEY);
  window.dispatchEvent(new Event(PROMO_UPDATED_EVENT));
}

function safeGet(): string | null {
  return readStorage(PROMO_STORAGE_KEY);
}

/** Whether a promo code is stored and not expired (the quiz banner hides then). */
export function hasStoredPromoCode(raw: string | null, now: number = Date.now()): boolean {
  return readStoredPromo(raw, new Date(now)).kind === "valid";
}

const promoStore = storageStore(PROMO_STORAGE_KEY, (raw) => hasStoredPromoCode(raw), [PROMO_UPDATED_EVENT]);

/** False on the server and during hydration, so the first paint matches the server's HTML. */
export function useHasStoredPromoCode(): boolean {
  return useStorageStore(promoStore, false);
}

/** The coupon behind a code, or null when the shop answers that it is invalid. Network failures throw. */
export async function lookupCoupon(code: string): Promise<PromoCoupon | null> {
  const res = await fetch(`/api/external/coupon/${encodeURIComponent(code)}/`, { headers: { Accept: "application/json" } });
  if (res.status === 422 || res.status === 400 || res.status === 404) return null;
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  return (await res.json()) as PromoCoupon;
}

/**
 * The syn-wk figure the quiz-code rule compares with 12.4975: what the code takes off a month of DS-01®
 * at US prices, in dollars (docs/decisions/0004-promo-codes.md). A code that does not exist takes off nothing.
 */
export async function synWkDiscountFor(code: string): Promise<number> {
  const [coupon, plans] = await Promise.all([lookupCoupon(code), fetchPlansFor("US")]);
  const plan = plans.find((p) => p.code === "syn-wk");
  if (!plan) throw new Error("syn-wk is not in the plans");
  if (!coupon) return 0;
  return couponDiscount(coupon, plan.productSku, { amount: cents(plan.price), currency: plan.currency as Currency }) / 100;
}
