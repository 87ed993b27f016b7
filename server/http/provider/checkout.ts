import { createRoute, z } from "@hono/zod-openapi";
import { PreviewRequestSchema, ShippingRatesRequestSchema } from "../../../domain/checkout";
import { previewCart, shippingRatesFor } from "../../workflows/price-cart";
import { namesCoupon, rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse, ErrorSchema } from "../openapi";

const QuoteSchema = z.object({ currency: z.string(), total: z.number(), lines: z.array(z.any()) }).passthrough().openapi("Quote");

const previewRoute = createRoute({
  method: "post",
  path: "/ecommerce/purchase/preview",
  middleware: [rateLimit("preview-per-address"), rateLimit("coupon-checks-per-address", { when: namesCoupon })] as const,
  summary: "Price a cart (items) or one plan (plan_code, quantity) with coupons and shipping; prices sent by the client are ignored",
  request: { body: jsonBody(PreviewRequestSchema) },
  responses: { 200: jsonResponse("Quote", QuoteSchema), 422: jsonResponse("Cart problem", z.object({ code: z.string(), message: z.string() })), ...errorResponses, ...rateLimitedResponses, 409: jsonResponse("An item is not available: ITEM_NOT_AVAILABLE", ErrorSchema) },
});

const ratesRoute = createRoute({
  method: "post",
  path: "/ecommerce/shipping_rates",
  middleware: [rateLimit("preview-per-address")] as const,
  summary: "Shipping methods and fees for a destination (and cart)",
  request: { body: jsonBody(ShippingRatesRequestSchema) },
  responses: {
    200: jsonResponse(
      "Rates",
      z.object({
        country: z.string(),
        shippable: z.boolean(),
        rates: z.array(z.object({ method_code: z.string(), label: z.string(), amount: z.number(), currency: z.string() })),
      }),
    ),
    ...errorResponses, ...rateLimitedResponses,
  },
});

export const checkoutProvider = createRouter()
  .openapi(previewRoute, async (c) => {
    const body = c.req.valid("json");
    const items = body.items ?? { [body.plan_code!]: body.quantity };
    const quote = await previewCart(c.get("shop"), {
      items,
      couponCodes: body.coupon_codes,
      country: body.country,
      shippingMethod: body.shipping?.method_code,
      customerId: c.get("session")?.customerId ?? null,
      isFirstOrder: null,
      shopperId: c.get("session")?.customerId ?? null,
    });
    return c.json(quote, 200);
  })
  .openapi(ratesRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await shippingRatesFor(c.get("shop"), body.country, body.items ? Object.keys(body.items) : [], c.get("session")?.customerId ?? null), 200);
  });
