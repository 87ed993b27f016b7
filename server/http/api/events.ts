import { createRoute, z } from "@hono/zod-openapi";
import { AnalyticsBatchSchema } from "../../../domain/analytics";
import { recordEvents } from "../../modules/analytics";
import { eventCount, rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const route = createRoute({
  method: "post",
  path: "/events",
  middleware: [rateLimit("events-per-address", { cost: eventCount })] as const,
  summary: "Record analytics events sent by the browser's track()",
  request: { body: jsonBody(AnalyticsBatchSchema) },
  responses: { 202: jsonResponse("Stored", z.object({ stored: z.number() })), ...errorResponses, ...rateLimitedResponses },
});

export const eventsApi = createRouter().openapi(route, async (c) => {
  const { events } = c.req.valid("json");
  await recordEvents(c.get("shop"), events, { customerId: c.get("session")?.customerId ?? null, requestId: c.get("requestId") });
  return c.json({ stored: events.length }, 202);
});
