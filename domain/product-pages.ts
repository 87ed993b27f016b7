import type { ProductCode } from "./catalog";
import type { RouteName } from "./routes";

/** What each product page sells, in the order shown. The first is the page's main product (JSON-LD, hero art). */
export const PRODUCT_PAGES = {
  daily_synbiotic: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-duo"],
  daily_synbiotic_refill: ["syn-rf"],
  vaginal_synbiotic: ["vs-wk", "vs-rf"],
  pediatric_daily: ["pds-wk"],
  gut_reset: ["syn-gr"],
  international: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo"],
  buy: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-duo"],
} as const satisfies Partial<Record<RouteName, readonly ProductCode[]>>;

export type ProductPageName = keyof typeof PRODUCT_PAGES;

export function isProductPage(name: string): name is ProductPageName {
  return Object.hasOwn(PRODUCT_PAGES, name);
}
