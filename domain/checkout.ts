import { z } from "./zod";
import { PRODUCT_CODES } from "./catalog";
import { SHIPPING_METHODS } from "./shipping";
import { storableText } from "./validation";
import { UTM_KEYS } from "./attribution";

/** Request bodies of the checkout calls (SPEC.md sections 3 and 7). Prices never come from the client. */
const text = (max: number) => storableText(max).trim();

export const AddressSchema = z.object({
  firstName: text(50),
  lastName: text(50),
  address1: text(100),
  address2: text(100).optional(),
  city: text(60),
  region: text(50).default(""),
  postalCode: text(12),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "a two-letter country code"),
  phone: text(25).optional(),
});

/** The cart as sent: product code to quantity. Unknown codes are refused by the quote, not here. */
export const CartItemsSchema = z
  .record(z.string().max(40), z.number().int().min(1).max(99))
  .refine((items) => Object.keys(items).length <= PRODUCT_CODES.length, "too many items");

export const CouponCodesSchema = z.array(z.string().max(200)).max(3).default([]);

export const PaymentSchema = z.union([
  // The sandbox's tokens (tok_...) or, with Stripe, the PaymentMethod Stripe.js made (pm_...; ADR 0019).
  z.object({ token: z.string().regex(/^(tok|pm)_[A-Za-z0-9_]{8,64}$/, "a payment token") }),
  z.object({ savedPaymentMethodId: z.uuid() }),
]);

const TouchSchema = z.object(Object.fromEntries(UTM_KEYS.map((k) => [k, z.string().max(200).optional()]))).strict();

export const PurchaseRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  shippingAddress: AddressSchema,
  items: CartItemsSchema,
  couponCodes: CouponCodesSchema,
  shippingMethod: z.enum(SHIPPING_METHODS).optional(),
  payment: PaymentSchema,
  healthCertification: z.boolean(),
  /** Express consent to the automatic renewal of the cart's subscriptions (required when the cart holds one). */
  renewalConsent: z.boolean().optional(),
  captchaToken: z.string().max(4096).optional(),
  cartId: z.string().max(100).optional(),
  /** Campaign values and click id of the visit, sent only with the shopper's consent; copied onto the order. */
  attribution: z.object({ firstTouch: TouchSchema, lastTouch: TouchSchema }).optional(),
  clickId: z.string().max(300).optional(),
});

/**
 * POST /ecommerce/purchase/preview/: SPEC's single-plan request (plan_code, quantity, coupon_codes, shipping) or a
 * whole cart (items). price, product_plan_id, timeframe and srp_now are accepted and ignored: the server prices.
 */
export const PreviewRequestSchema = z
  .object({
    items: CartItemsSchema.optional(),
    plan_code: z.string().max(40).optional(),
    quantity: z.number().int().min(1).max(99).default(1),
    coupon_codes: CouponCodesSchema,
    shipping: z.object({ method_code: z.enum(SHIPPING_METHODS).optional(), amount: z.unknown().optional() }).optional(),
    country: z.string().max(10).optional(),
    product_plan_id: z.unknown().optional(),
    timeframe: z.literal("now").optional(),
    srp_now: z.unknown().optional(),
    price: z.unknown().optional(),
  })
  .refine((r) => r.items !== undefined || r.plan_code !== undefined, "send items or plan_code");

export const ShippingRatesRequestSchema = z.object({
  country: z.string().max(10),
  region: z.string().max(50).optional(),
  postal_code: z.string().max(12).optional(),
  items: CartItemsSchema.optional(),
});

export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;
