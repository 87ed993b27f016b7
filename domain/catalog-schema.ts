import { z } from "./zod";
import { PRODUCT_CODES } from "./catalog";

/** Zod schemas of catalogue entries (content/catalog.json, the products table). Kept apart from catalog.ts so the
 * browser can use the catalogue's rules without bundling zod. */
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
  /** What one daily serving is: a capsule (DS-01®, VS-01™, Gut Reset) or a powder sachet (PDS-08®). numCapsules counts these. */
  servingForm: z.enum(["capsule", "sachet"]).default("capsule"),
  supplyLengthInDays: z.number().int(),
  supplyLengthInMonths: z.number().int(),
  couponOverrideMessage: z.string().nullable(),
  upsell: UpsellSchema.nullable(),
  crossSell: CrossSellSchema.nullable(),
  bonusProducts: z.array(BonusProductSchema),
});

/**
 * Server product record fields (SPEC.md section 3), plus the plan a product subscribes to. A product is what the cart
 * holds and a page shows; the plan (PlanSeedSchema in catalog-seed.ts) is what is charged and renewed. How the two
 * relate, and what `isSrp` means, is explained at catalog-seed.ts.
 */
export const ProductRecordSchema = z.object({
  code: z.enum(PRODUCT_CODES),
  /** A subscription product ("is SRP" in the spec's words): adding it replaces any other one in the cart. */
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
