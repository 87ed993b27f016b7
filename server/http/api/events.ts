import { createRoute, z } from "@hono/zod-openapi";
import { AnalyticsBatchSchema } from "../../../domain/events";
import { ingestEvents } from "../../modules/analytics";
import { eventCount, rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

const route = createRoute({
  method: "post",
  path: "/events",
  middleware: [rateLimit("events-per-address", { cost: eventCount })] as const,
  summary: "Record catalogue events sent by the browser's track(), kept only as far as the sent consent (and GPC) allows",
  request: { headers: z.object({ "sec-gpc": z.string().optional() }), body: jsonBody(AnalyticsBatchSchema) },
  responses: { 202: jsonResponse("Stored", z.object({ stored: z.number(), dropped: z.number() })), ...errorResponses, ...rateLimitedResponses },
});

export const eventsApi = createRouter().openapi(route, async (c) => {
  const result = await ingestEvents(c.get("shop"), c.req.valid("json"), {
    customerId: c.get("session")?.customerId ?? null,
    requestId: c.get("requestId"),
    gpc: c.req.valid("header")["sec-gpc"]?.trim() === "1",
  });
  return c.json(result, 202);
});
