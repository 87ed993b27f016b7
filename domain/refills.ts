import type { ProductCode } from "./catalog";
import { ROUTES } from "./routes";

/**
 * Refill-only products: pouches of capsules for the glass jar a starter kit brings, without the jar (issue 34,
 * point 12). SPEC.md sells them on their own (the /daily-synbiotic-refill page, the partner plan group's syn-rf and
 * pds-rf, the vaginal group's vs-rf and vs-rf-3mo beside the starter) and has no rule that a refill needs a starter
 * bought first, so the shop does not refuse a refill to a first-time buyer: every place that offers one says plainly
 * whom it is for and links to the starter (docs/decisions/0065-international-clarity-and-refills.md).
 */
export interface RefillStarter {
  /** The product that brings the jar. */
  starter: ProductCode;
  /** The product's short name, as a shopper knows it: "DS-01®". */
  productName: string;
  /** The page that sells the starter. */
  starterPath: string;
}

const DAILY: RefillStarter = { starter: "syn-wk", productName: "DS-01®", starterPath: ROUTES.daily_synbiotic };
const VAGINAL: RefillStarter = { starter: "vs-wk", productName: "VS-01™", starterPath: ROUTES.vaginal_synbiotic };
const PEDIATRIC: RefillStarter = { starter: "pds-wk", productName: "PDS-08®", starterPath: ROUTES.pediatric_daily };

const REFILL_STARTERS: Readonly<Partial<Record<ProductCode, RefillStarter>>> = {
  "syn-rf": DAILY,
  "vs-rf": VAGINAL,
  "vs-rf-3mo": VAGINAL,
  "pds-rf": PEDIATRIC,
};

/** The starter a refill-only product needs, or null for a product that comes with what it needs. */
export function refillStarter(productCode: string): RefillStarter | null {
  return REFILL_STARTERS[productCode as ProductCode] ?? null;
}

/** The badge on a refill's plan card: short, so it fits beside the plan's name. */
export const REFILL_BADGE = "Refill only, no jar";

/** The plain sentence beside a chosen refill. */
export function refillNotice(refill: RefillStarter): string {
  return `This refill is for someone who already has the ${refill.productName} glass jar from a starter kit: it comes in compostable pouches, without the jar.`;
}
