import { CHECKOUT_FIELDS_STORAGE_KEY } from "../../../domain/storage-keys";
import type { CheckoutValues } from "./form";

/**
 * What checkout keeps of the shopper's typing for the browser session (issue 34): contact, address and shipping
 * method, so a reload or a trip back to the cart loses nothing. Never the card, never the consent boxes (each order
 * asks for those afresh). Session storage: it ends with the tab, and the order's success clears it. The page's own
 * country wins over a kept one (useCheckoutForm's restore).
 */
export const KEPT_FIELDS = ["email", "firstName", "lastName", "address1", "address2", "city", "country", "region", "postalCode", "phone", "shippingMethod"] as const;
export type KeptFields = Partial<Pick<CheckoutValues, (typeof KEPT_FIELDS)[number]>>;

export function readKeptFields(): KeptFields {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(CHECKOUT_FIELDS_STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const kept: Record<string, string> = {};
    for (const field of KEPT_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === "string" && value.length <= 300) kept[field] = value;
    }
    return kept as KeptFields;
  } catch {
    return {};
  }
}

export function keepFields(values: CheckoutValues): void {
  const kept = Object.fromEntries(KEPT_FIELDS.map((field) => [field, values[field]]));
  try {
    window.sessionStorage.setItem(CHECKOUT_FIELDS_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the form still works, it just forgets on reload.
  }
}

export function forgetKeptFields(): void {
  try {
    window.sessionStorage.removeItem(CHECKOUT_FIELDS_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
