import { createRoute, z } from "@hono/zod-openapi";
import { NewsletterSchema } from "../../../domain/newsletter";
import { subscribe } from "../../modules/newsletter";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";
import { publicOrigin } from "../../public-origin";

const route = createRoute({
  method: "post",
  path: "/newsletter",
  middleware: [rateLimit("newsletter-per-address")] as const,
  summary: "Sign an email up for the newsletter (double opt-in: a confirmation email is sent, nothing is subscribed until its link is opened); answers its SHA-256 hash for the Email Submitted event",
  request: { body: jsonBody(NewsletterSchema) },
  responses: { 200: jsonResponse("Subscribed", z.object({ hashedEmail: z.string() })), ...errorResponses, ...rateLimitedResponses },
});

export const newsletterApi = createRouter().openapi(route, async (c) => {
  const { email, path } = c.req.valid("json");
  const shop = c.get("shop");
  return c.json(await subscribe(shop, email, path ?? null, { origin: publicOrigin(shop.env, c.req.url) }), 200);
});
