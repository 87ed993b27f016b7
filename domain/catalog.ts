import type { PlanCode } from "./plans";
import type { ProductSeed } from "./catalog-schema";

export type { ProductContent, ProductSeed } from "./catalog-schema";

/**
 * The product catalogue of SPEC.md section 3, keyed by code, plus vs-rf-3mo: section 9 sells that plan on the vaginal
 * landing page, and the cart holds product codes, so it has its own entry (as syn-wk-3mo does for the daily plan).
 */
export const PRODUCT_CODES = [
  "syn-wk",
  "syn-wk-duo",
  "syn-wk-3mo",
  "syn-wk-6mo",
  "syn-rf",
  "pds-gwp",
  "pds-wk",
  "pds-rf",
  "vs-wk",
  "vs-rf",
  "vs-rf-3mo",
  "syn-gr",
] as const;

export type ProductCode = (typeof PRODUCT_CODES)[number];

export function isProductCode(value: string): value is ProductCode {
  return (PRODUCT_CODES as readonly string[]).includes(value);
}

export interface Product extends Omit<ProductSeed, "planCode"> {
  planCode: PlanCode | null;
}

/** Upsell display order (SPEC.md section 9): daily 1, duo 2, pediatric 3, vaginal 4. */
export const DISPLAY_ORDER: Readonly<Partial<Record<ProductCode, number>>> = {
  "syn-wk": 1,
  "syn-wk-duo": 2,
  "pds-wk": 3,
  "vs-wk": 4,
};

export function isAllowedInCountry(product: Pick<Product, "countries">, country: string): boolean {
  return product.countries === null || product.countries.includes(country);
}

export type ServingForm = "capsule" | "sachet";

/** "60 capsules", "1 sachet": how a pack's servings are described everywhere (product page, cart, reference). */
export function servingsLabel(count: number, form: ServingForm): string {
  return `${count} ${form}${count === 1 ? "" : "s"}`;
}
