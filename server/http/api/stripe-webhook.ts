import { createRoute, z } from "@hono/zod-openapi";
import { ShopError } from "../../../domain/errors";
import { verifyStripeEvent } from "../../integrations/payments/stripe";
import { processPaymentEventsSoon, storePaymentEvent } from "../../modules/payment-events";
import { dbOf } from "../../shop";
import { createRouter, errorResponses, jsonResponse } from "../openapi";

const route = createRoute({
  method: "post",
  path: "/payments/stripe/webhook",
  summary: "Stripe webhook: the event is checked by its signature, stored once and worked by a job",
  request: { headers: z.object({ "stripe-signature": z.string().min(1).max(2000) }) },
  responses: { 200: jsonResponse("Stored (or a replay of a stored event)", z.object({ received: z.boolean(), replay: z.boolean() })), ...errorResponses },
});

export const stripeWebhookApi = createRouter().openapi(route, async (c) => {
  const shop = c.get("shop");
  if (shop.env.PAYMENT_PROVIDER !== "stripe" || !shop.env.STRIPE_WEBHOOK_SECRET) throw new ShopError("NOT_FOUND", "Stripe is not enabled.");
  const payload = await c.req.text();
  let event;
  try {
    event = verifyStripeEvent(shop, payload, c.req.valid("header")["stripe-signature"]);
  } catch {
    throw new ShopError("VALIDATION_ERROR", "The webhook signature does not match.");
  }
  const object = (event.data?.object ?? {}) as { id?: string };
  const stored = await storePaymentEvent(dbOf(shop), { id: event.id, provider: "stripe", type: event.type, objectId: object.id ?? null, payload: event }, shop.clock.now());
  if (stored) await processPaymentEventsSoon(shop);
  return c.json({ received: true, replay: !stored }, 200);
});
