import { createRoute, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { PurchaseRequestSchema } from "../../../domain/checkout";
import { DEVICE_COOKIE, DEVICE_ID_PATTERN, isReferralCode, REFERRAL_COOKIE } from "../../../domain/referrals";
import { placeOrder } from "../../workflows/place-order";
import { clientAddressKey, clientIp } from "../middleware/client-ip";
import { namesCoupon, rateLimit } from "../middleware/rate-limit";
import { setLastOrderCookie } from "../pages/last-order-cookie";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const OrderSchema = z.object({ id: z.string(), number: z.string(), total: z.number(), currency: z.string() }).passthrough().openapi("OrderSummary");

const route = createRoute({
  method: "post",
  path: "/purchase",
  // The purchase limit itself is counted by placeOrder, in the statement that claims its key (purchaseGate, ADR 0047).
  middleware: [rateLimit("coupon-checks-per-address", { when: namesCoupon })] as const,
  summary: "Place an order: the server prices the cart, charges once per Idempotency-Key, writes order and subscriptions",
  request: {
    headers: z.object({ "idempotency-key": z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Send an Idempotency-Key header (8 to 100 letters, digits, - or _).") }),
    body: jsonBody(PurchaseRequestSchema),
  },
  responses: {
    201: jsonResponse("Order placed", z.object({ order: OrderSchema })),
    402: jsonResponse("Card declined", z.object({ code: z.string(), message: z.string() })),
    403: jsonResponse("A captcha is needed first, or cannot be checked: CAPTCHA_REQUIRED, CAPTCHA_UNAVAILABLE", z.object({ code: z.string(), message: z.string() })),
    409: jsonResponse("Duplicate or in progress", z.object({ code: z.string(), message: z.string() })),
    422: jsonResponse("Address, coupon or cart problem", z.object({ code: z.string(), message: z.string() })),
    ...errorResponses, ...rateLimitedResponses,
  },
});

export const purchaseApi = createRouter().openapi(route, async (c) => {
  const order = await placeOrder(c.get("shop"), c.req.valid("json"), {
    idempotencyKey: c.req.valid("header")["idempotency-key"],
    sessionCustomerId: c.get("session")?.customerId ?? null,
    ip: clientIp(c),
    addressKey: clientAddressKey(c),
    referral: referralOf(getCookie(c, REFERRAL_COOKIE), getCookie(c, DEVICE_COOKIE)),
  });
  await setLastOrderCookie(c, order.id);
  return c.json({ order }, 201);
});


/** The referral link's cookie (a valid code only) and the device cookie (ADR 0036). */
function referralOf(code: string | undefined, device: string | undefined) {
  if (!isReferralCode(code)) return null;
  return { code, deviceId: device && DEVICE_ID_PATTERN.test(device) ? device : null };
}
