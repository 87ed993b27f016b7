import { createRoute, z } from "@hono/zod-openapi";
import { tokenizeCard } from "../../integrations/payments/sandbox";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const CardSchema = z.object({
  number: z.string().max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().max(4),
  name: z.string().max(100).optional(),
});

const route = createRoute({
  method: "post",
  path: "/payments/sandbox/tokenize",
  middleware: [rateLimit("tokenize-per-address")] as const,
  summary: "Sandbox gateway: turn a test card into a token (a real gateway does this in its own browser script)",
  request: { body: jsonBody(CardSchema) },
  responses: {
    200: jsonResponse("Token", z.object({ token: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })),
    ...errorResponses, ...rateLimitedResponses,
  },
});

export const paymentsApi = createRouter().openapi(route, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await tokenizeCard(c.get("shop"), c.req.valid("json")), 200);
});
