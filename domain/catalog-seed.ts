import { z } from "./zod";
import { ProductSeedSchema } from "./catalog-schema";
import { CURRENCIES } from "./money";
import { PLAN_CODES } from "./plans";

/**
 * The shape of content/catalog.json: products, plans with their price lists, and coupons. The JSON holds no comments,
 * so its names are explained here.
 *
 * Product against plan: a **product** is what a shopper puts in the cart and a page shows (the cart maps product codes
 * to quantities; its content, quantity limit, countries and automatic coupon: ProductRecordSchema in
 * catalog-schema.ts). A **plan** is what is charged and renewed: a price in each price list and a billing period.
 * `product.planCode` is the plan bought when the product is in the cart (`planQuantity` of it: the duo product
 * `syn-wk-duo` buys two `syn-wk`); `plan.productCode` is the product whose content and page the plan shows, so
 * several plans share one product (`syn-rf`, `syn-rf-3mo` and `syn-rf-6mo` are the refill at 1, 3 and 6 months).
 * The codes often match (`syn-wk` is both) but are different things: renewals, orders and price agreements name
 * plans; the cart, offers and product pages name products.
 *
 * `isSrp` ("is a subscription product", SPEC.md section 3, the API's `is_srp`; the spec never spells the letters
 * out): true for what is sold on subscription and renews every `billingPeriodMonths` (as itself, or a starter kit as
 * its refill: RENEWS_INTO in plans.ts); false for a one-time item (the gift `syn-wk-gift-2020`, the one-time kits
 * `vs-rst` and `syn-gr`, the free product `pds-gwp`, whose planCode is null), whose `billingPeriodMonths` is null. The cart holds one subscription product at
 * a time, and only subscription lines carry the renewal terms the shopper agrees to (domain/cart.ts,
 * domain/renewal-terms.ts).
 */
const Amount = z.number().int().min(0);

export const PlanSeedSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string().min(1),
  productCode: z.string().min(1),
  productSku: z.string().min(1),
  /** Sold on subscription (renews every billingPeriodMonths); false: a one-time item. See above. */
  isSrp: z.boolean(),
  /** Months between charges of a subscription plan; null for a one-time plan. */
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
