import { createRoute, z } from "@hono/zod-openapi";
import { ShopError } from "../../../domain/errors";
import { verifyCaptcha } from "../../integrations/captcha/turnstile";
import { cardFingerprint } from "../../integrations/payments/gateway";
import { describeCardInput, tokenizeCard } from "../../integrations/payments/sandbox";
import { declineStanding } from "../../modules/rate-limit";
import { clientAddressKey, clientIp } from "../middleware/client-ip";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const CardSchema = z.object({
  number: z.string().max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().max(4),
  name: z.string().max(100).optional(),
  /** A solved captcha, asked for after a few declines (CAPTCHA_REQUIRED); the purchase with this token then needs no other. */
  captchaToken: z.string().max(4096).optional(),
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
  const shop = c.get("shop");
  const { captchaToken, ...card } = c.req.valid("json");
  let captchaChecked = false;
  if (shop.env.RATE_LIMITS.enabled) {
    // After a few declines of this address or card: a solved captcha, or (after more) no new tokens until the window slides.
    const described = describeCardInput(card);
    const standing = await declineStanding(shop, { address: clientAddressKey(c), email: null, card: described ? cardFingerprint(described) : null });
    if (standing.refused) throw standing.refused;
    if (standing.captchaRequired && !captchaToken) throw new ShopError("CAPTCHA_REQUIRED");
  }
  if (captchaToken) {
    await verifyCaptcha(shop, captchaToken, clientIp(c));
    captchaChecked = true;
  }
  return c.json(await tokenizeCard(shop, card, { captchaChecked }), 200);
});
