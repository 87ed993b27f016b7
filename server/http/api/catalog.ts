import { createRoute, z } from "@hono/zod-openapi";
import { isWellFormedCouponCode, normaliseCouponCode, type Coupon } from "../../../domain/coupons";
import { MESSAGES } from "../../../domain/validation";
import { plansIn } from "../../modules/catalog";
import { usableCoupon } from "../../modules/coupons";
import { dbOf } from "../../shop";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonResponse } from "../openapi";

export const PlanSchema = z
  .object({
    code: z.string(),
    id: z.string(),
    name: z.string(),
    planCode: z.string(),
    productCode: z.string(),
    productSku: z.string(),
    isSrp: z.boolean(),
    price: z.number().int().openapi({ description: "Minor units of currency" }),
    currency: z.string(),
    priceList: z.enum(["domestic", "international"]),
    product_plan: z.object({ plan: z.object({ plan_code: z.string(), is_srp: z.boolean() }) }),
    domesticAttributes: z.object({ billingPeriodLength: z.number().int().nullable() }),
    image: z.string(),
    renewsInto: z.string().nullable(),
    savingsMessage: z.string().nullable(),
  })
  .openapi("Plan");

const CouponSchema = z
  .object({
    code: z.string(),
    type: z.enum(["fixed", "percent"]),
    value: z.number(),
    currency: z.string().nullable(),
    plans: z.union([z.literal("all"), z.array(z.string())]),
    duration: z.enum(["once", "forever"]),
    firstOrderOnly: z.boolean(),
    /** How many orders one customer may use it on (null: no limit); the cart states it beside the code. */
    maxPerCustomer: z.number().int().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  })
  .openapi("Coupon");

/** A code from the URL: normalised, and refused before any lookup when no code of ours could look like it. */
export const CouponCodeParam = z
  .string()
  .max(200)
  .transform(normaliseCouponCode)
  .refine(isWellFormedCouponCode, MESSAGES.invalidPromo);

const Currency = z.string().regex(/^[A-Za-z]{3}$/, "a three-letter ISO currency code").transform((c) => c.toUpperCase());

const plansRoute = createRoute({
  method: "get",
  path: "/external/plans",
  summary: "Every plan at domestic (US, USD) prices",
  responses: { 200: jsonResponse("Plans", z.array(PlanSchema)) },
});

const altPlansRoute = createRoute({
  method: "get",
  path: "/external/plans-alt-currency/{currency}",
  summary: "Plans of the international price list in one currency; 404 UNSUPPORTED_CURRENCY for a currency we do not sell in",
  request: { params: z.object({ currency: Currency }) },
  responses: { 200: jsonResponse("Plans", z.array(PlanSchema)), 404: jsonResponse("Unknown currency", z.object({ code: z.string(), message: z.string() })), ...errorResponses },
});

const couponRoute = createRoute({
  method: "get",
  path: "/external/coupon/{code}",
  middleware: [rateLimit("coupon-checks-per-address")] as const,
  summary: "A coupon that can be used now; 422 INVALID_COUPON ('Invalid promo code') otherwise",
  request: { params: z.object({ code: CouponCodeParam }) },
  responses: { 200: jsonResponse("Coupon", CouponSchema), 422: jsonResponse("Invalid", z.object({ code: z.string(), message: z.string() })), ...errorResponses, ...rateLimitedResponses },
});

/** Plans change rarely and are the same for everyone: let browsers and CDNs keep them for the spec's 10 minutes. */
const PLANS_CACHE = "public, max-age=600, s-maxage=600";

export const catalogApi = createRouter()
  .openapi(plansRoute, async (c) => {
    c.header("Cache-Control", PLANS_CACHE);
    return c.json(await plansIn(c.get("shop"), "domestic", "USD"), 200);
  })
  .openapi(altPlansRoute, async (c) => {
    const plans = await plansIn(c.get("shop"), "international", c.req.valid("param").currency);
    c.header("Cache-Control", PLANS_CACHE);
    return c.json(plans, 200);
  })
  .openapi(couponRoute, async (c) => {
    const shop = c.get("shop");
    const coupon = await usableCoupon(dbOf(shop), c.req.valid("param").code, {
      now: shop.clock.now(),
      customerId: c.get("session")?.customerId ?? null,
      isFirstOrder: null,
    });
    return c.json(couponJson(coupon), 200);
  });

function couponJson(coupon: Coupon) {
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    currency: coupon.currency,
    plans: coupon.plans === "all" ? ("all" as const) : [...coupon.plans],
    duration: coupon.duration,
    firstOrderOnly: coupon.firstOrderOnly,
    maxPerCustomer: coupon.maxPerCustomer,
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
  };
}
