import { createRoute, z } from "@hono/zod-openapi";
import { acceptCountry } from "../../../domain/locale";
import { priceWithCoupon } from "../../../domain/pricing";
import { couponAppliesTo } from "../../../domain/coupons";
import { plansForCountry } from "../../modules/catalog";
import { usableCoupon } from "../../modules/coupons";
import { dbOf } from "../../shop";
import { CouponCodeParam } from "../api/catalog";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonResponse, ErrorSchema } from "../openapi";

const route = createRoute({
  method: "get",
  path: "/ecommerce/coupon_code/plans/{code}",
  middleware: [rateLimit("coupon-checks-per-address")] as const,
  summary: "The plans a coupon applies to, with the price before and after it, for a shopper's country (default US)",
  request: {
    params: z.object({ code: CouponCodeParam }),
    query: z.object({ country: z.string().max(10).optional() }),
  },
  responses: {
    200: jsonResponse(
      "Plans the coupon discounts",
      z.object({
        code: z.string(),
        currency: z.string(),
        plans: z.array(
          z.object({ planCode: z.string(), productSku: z.string(), currency: z.string(), price: z.number(), discount: z.number(), discountedPrice: z.number() }),
        ),
      }),
    ),
    ...errorResponses, ...rateLimitedResponses,
    422: jsonResponse("No usable coupon by that code: INVALID_COUPON", ErrorSchema),
  },
});

export const couponPlansProvider = createRouter().openapi(route, async (c) => {
  const shop = c.get("shop");
  const coupon = await usableCoupon(dbOf(shop), c.req.valid("param").code, {
    now: shop.clock.now(),
    customerId: c.get("session")?.customerId ?? null,
    isFirstOrder: null,
  });
  const country = acceptCountry(c.req.valid("query").country);
  const plans = await plansForCountry(shop, country);
  const priced = plans.filter((p) => couponAppliesTo(coupon, p.productSku)).map((p) => priceWithCoupon(p, coupon));
  return c.json({ code: coupon.code, currency: plans[0]?.currency ?? "USD", plans: priced }, 200);
});
