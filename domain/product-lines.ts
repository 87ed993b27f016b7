import type { ProductCode } from "./catalog";

/**
 * The products a shopper reviews (docs/decisions/0068): a line gathers the plans and refills of one formula, the way
 * a buyer thinks of it. A review of a refill is a review of DS-01.
 */
export const PRODUCT_LINES = {
  ds01: { name: "DS-01® Daily Synbiotic", page: "/daily-synbiotic", products: ["syn-wk", "syn-wk-duo", "syn-wk-3mo", "syn-wk-6mo", "syn-rf"] },
  vs01: { name: "VS-01™ Vaginal Synbiotic", page: "/vaginal-synbiotic", products: ["vs-wk", "vs-rf", "vs-rf-3mo"] },
  pds08: { name: "PDS-08® Pediatric Daily Synbiotic", page: "/pds-3f9a7c", products: ["pds-wk", "pds-rf", "pds-gwp"] },
  "gut-reset": { name: "Gut Reset", page: "/gut-reset", products: ["syn-gr"] },
} as const satisfies Record<string, { name: string; page: string; products: readonly ProductCode[] }>;

export type ProductLine = keyof typeof PRODUCT_LINES;

export const PRODUCT_LINE_IDS = Object.keys(PRODUCT_LINES) as ProductLine[];

export function isProductLine(value: string): value is ProductLine {
  return Object.hasOwn(PRODUCT_LINES, value);
}

export function productLineOf(code: ProductCode): ProductLine {
  for (const line of PRODUCT_LINE_IDS) if ((PRODUCT_LINES[line].products as readonly string[]).includes(code)) return line;
  throw new Error(`product ${code} belongs to no line`);
}
