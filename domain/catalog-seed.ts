import { z } from "./zod";
import { ProductSeedSchema } from "./catalog-schema";
import { CURRENCIES } from "./money";
import { PLAN_CODES } from "./plans";

/** The shape of content/catalog.json: products, plans with their price lists, and coupons. */
const Amount = z.number().int().min(0);

export const PlanSeedSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string().min(1),
  productCode: z.string().min(1),
  productSku: z.string().min(1),
  isSrp: z.boolean(),
  billingPeriodMonths: z.union([z.literal(1), z.literal(3), z.literal(6), z.null()]),
  image: z.string().min(1),
  prices: z.object({
    domestic: z.object({ USD: Amount }),
    international: z.partialRecord(z.enum(CURRENCIES), Amount),
  }),
});

export const CouponSeedSchema = z.object({
  code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,39}$/),
  type: z.enum(["fixed", "percent"]),
  value: z.number().positive(),
  currency: z.enum(CURRENCIES).nullable(),
  plans: z.union([z.literal("all"), z.array(z.string().min(1))]),
  duration: z.enum(["once", "forever"]),
  firstOrderOnly: z.boolean(),
  maxPerCustomer: z.number().int().positive().nullable(),
  maxRedemptions: z.number().int().positive().nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  active: z.boolean(),
});

export const CatalogSeedSchema = z.object({
  products: z.array(ProductSeedSchema),
  plans: z.array(PlanSeedSchema),
  coupons: z.array(CouponSeedSchema),
});

export type PlanSeed = z.infer<typeof PlanSeedSchema>;
export type CouponSeed = z.infer<typeof CouponSeedSchema>;
export type CatalogSeed = z.infer<typeof CatalogSeedSchema>;
