import { createRoute, z } from "@hono/zod-openapi";
import { MAX_TURNSTILE_TOKEN_LENGTH, verifyCaptcha } from "../../integrations/captcha/turnstile";
import { clientIp } from "../middleware/client-ip";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const VerifyBody = z
  .object({ token: z.string().max(MAX_TURNSTILE_TOKEN_LENGTH, "is too long to be a captcha token") })
  .openapi("TurnstileVerifyRequest");

const route = createRoute({
  method: "post",
  path: "/turnstile/verify",
  middleware: [rateLimit("forms-per-address")] as const,
  summary:
    "Check a Cloudflare Turnstile token; 400 CAPTCHA_FAILED when it is refused or cannot be checked. Without TURNSTILE_SECRET_KEY: passes outside production, 403 CAPTCHA_UNAVAILABLE in production",
  request: { body: jsonBody(VerifyBody) },
  responses: {
    200: jsonResponse("The token is good", z.object({ success: z.literal(true) })),
    403: jsonResponse("No captcha configured in production: CAPTCHA_UNAVAILABLE", z.object({ code: z.string(), message: z.string() })),
    ...errorResponses,
    ...rateLimitedResponses,
  },
});

export const turnstileApi = createRouter().openapi(route, async (c) => {
  const { token } = c.req.valid("json");
  await verifyCaptcha(c.get("shop"), token, clientIp(c));
  return c.json({ success: true as const }, 200);
});
