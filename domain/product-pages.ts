import type { ProductCode } from "./catalog";
import type { PlanGroupName } from "./plans";
import type { RouteName } from "./routes";

/** What each product page sells, in the order shown. The first is the page's main product (JSON-LD, hero art). */
export const PRODUCT_PAGES = {
  daily_synbiotic: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-duo"],
  daily_synbiotic_refill: ["syn-rf"],
  vaginal_synbiotic: ["vs-wk", "vs-rf-3mo", "vs-rf"],
  pediatric_daily: ["pds-wk"],
  gut_reset: ["syn-gr"],
  international: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo"],
  buy: ["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-duo"],
} as const satisfies Partial<Record<RouteName, readonly ProductCode[]>>;

export type ProductPageName = keyof typeof PRODUCT_PAGES;

export function isProductPage(name: string): name is ProductPageName {
  return Object.hasOwn(PRODUCT_PAGES, name);
}

/**
 * The partner plan group (SPEC.md section 9) is sold on the partner page, /seeduniversity, under its form: one
 * product per plan of the group.
 */
export const PARTNER_OFFERS = ["syn-wk", "syn-rf", "vs-wk", "pds-wk", "pds-rf"] as const satisfies readonly ProductCode[];

/** Where each landing-page plan group of SPEC.md section 9 is sold, and the products that page offers. */
export const PLAN_GROUP_PAGES: Readonly<Record<PlanGroupName, { page: RouteName; products: readonly ProductCode[] }>> = {
  daily: { page: "daily_synbiotic", products: PRODUCT_PAGES.daily_synbiotic },
  vaginal: { page: "vaginal_synbiotic", products: PRODUCT_PAGES.vaginal_synbiotic },
  pediatric: { page: "pediatric_daily", products: PRODUCT_PAGES.pediatric_daily },
  partner: { page: "partners", products: PARTNER_OFFERS },
};
