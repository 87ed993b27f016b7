import { createRoute, z } from "@hono/zod-openapi";
import { NewsletterSchema } from "../../../domain/newsletter";
import { subscribe } from "../../modules/newsletter";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const route = createRoute({
  method: "post",
  path: "/newsletter",
  middleware: [rateLimit("newsletter-per-address")] as const,
  summary: "Subscribe an email to the newsletter; answers its SHA-256 hash for the Email Submitted event",
  request: { body: jsonBody(NewsletterSchema) },
  responses: { 200: jsonResponse("Subscribed", z.object({ hashedEmail: z.string() })), ...errorResponses, ...rateLimitedResponses },
});

export const newsletterApi = createRouter().openapi(route, async (c) => {
  const { email, path } = c.req.valid("json");
  return c.json(await subscribe(c.get("shop"), email, path ?? null), 200);
});
