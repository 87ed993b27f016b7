import { createRoute, z } from "@hono/zod-openapi";
import { captchaMode, requireCaptcha, verifyCaptcha } from "../../integrations/captcha/turnstile";
import { cardFingerprint } from "../../integrations/payments/gateway";
import { describeCardInput, tokenizeCard } from "../../integrations/payments/sandbox";
import { declineStanding } from "../../modules/rate-limit";
import { clientAddressKey, clientIp } from "../middleware/client-ip";
import { rateLimit } from "../middleware/rate-limit";
import type { Shop } from "../../shop";
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
  if (shop.env.RATE_LIMITS.enabled) {
    // After a few declines of this address or card: a solved captcha, or (after more) no new tokens until the window slides.
    const described = describeCardInput(card);
    const standing = await declineStanding(shop, { address: clientAddressKey(c), email: null, card: described ? cardFingerprint(described) : null });
    if (standing.refused) throw standing.refused;
    if (standing.captchaRequired) requireCaptcha(shop, captchaToken);
  }
  const captchaChecked = await checkedCaptcha(shop, captchaToken, clientIp(c));
  return c.json(await tokenizeCard(shop, card, { captchaChecked }), 200);
});

/**
 * Whether a solved captcha came with the card (the token then carries it into one purchase). A token sent where no
 * captcha can be checked (production without Turnstile keys) marks nothing: it is not a solve.
 */
async function checkedCaptcha(shop: Shop, captchaToken: string | undefined, ip: string | null): Promise<boolean> {
  if (!captchaToken || captchaMode(shop.env) === "unavailable") return false;
  await verifyCaptcha(shop, captchaToken, ip);
  return true;
}
