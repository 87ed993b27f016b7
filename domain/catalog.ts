import { z } from "zod";
import type { PlanCode } from "./plans";

/** The product catalogue of SPEC.md section 3, keyed by code. */
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
  "syn-gr",
] as const;

export type ProductCode = (typeof PRODUCT_CODES)[number];

export function isProductCode(value: string): value is ProductCode {
  return (PRODUCT_CODES as readonly string[]).includes(value);
}

export const UpsellSchema = z.object({
  shortName: z.string(),
  images: z.array(z.string()),
  title: z.string(),
  description: z.string(),
  detail: z.string(),
  header: z.string(),
  whoFor: z.string(),
  whoForV2: z.string(),
  displayOrder: z.number().int(),
  priceSubtext: z.string(),
  priceFrequency: z.string(),
  /** Only the duo: dollars off two single subscriptions. */
  discountAmt: z.number().optional(),
});

export const CrossSellSchema = z.object({
  description: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  monthlyText: z.string(),
  backgroundColor: z.string(),
});

export const BonusProductSchema = z.object({
  name: z.string(),
  className: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  price: z.string(),
  subTitle: z.string(),
  quantity: z.number().int(),
  shortName: z.string(),
});

/** Catalogue entry fields (what pages and the cart show). */
export const ProductContentSchema = z.object({
  cmsContentType: z.string(),
  cmsSlug: z.string(),
  name: z.string(),
  buyUrl: z.string(),
  pdpUrl: z.string(),
  sku: z.string(),
  siteBuyCode: z.string(),
  sections: z.record(z.string(), z.string()),
  srp0PdpDescription: z.string(),
  cartImage: z.string(),
  image: z.string(),
  numCapsules: z.number().int(),
  supplyLengthInDays: z.number().int(),
  supplyLengthInMonths: z.number().int(),
  couponOverrideMessage: z.string().nullable(),
  upsell: UpsellSchema.nullable(),
  crossSell: CrossSellSchema.nullable(),
  bonusProducts: z.array(BonusProductSchema),
});

/** Server product record fields (SPEC.md section 3), plus the plan a product subscribes to. */
export const ProductRecordSchema = z.object({
  code: z.enum(PRODUCT_CODES),
  isSrp: z.boolean(),
  maxQuantity: z.number().int().min(1),
  domesticAttributes: z.object({ autoCouponCode: z.string().nullable() }),
  /** The plan bought when this product is in the cart (null: a free gift with purchase), and how many of it. */
  planCode: z.string().nullable(),
  planQuantity: z.number().int().min(1),
  /** Orderable only in these countries; null: everywhere we ship. */
  countries: z.array(z.string()).nullable(),
});

export const ProductSeedSchema = ProductRecordSchema.extend({ content: ProductContentSchema });

export type ProductContent = z.infer<typeof ProductContentSchema>;
export type ProductSeed = z.infer<typeof ProductSeedSchema>;

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
