import { createRoute, z } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { parseAnalyticsBatch } from "../../../domain/analytics-batch";
import { describeValidationFailure, ShopError } from "../../../domain/errors";
import { AnalyticsBatchSchema } from "../../../domain/events";
import { ingestEvents } from "../../modules/analytics";
import { eventCount, rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, rateLimitedResponses, jsonBody, jsonResponse } from "../openapi";

// Documented only (no middleware here: registerPath would write it into the document); the handler below has the limit.
const route = createRoute({
  method: "post",
  path: "/events",
  summary: "Record catalogue events sent by the browser's track(), kept only as far as the sent consent (and GPC) allows",
  request: { headers: z.object({ "sec-gpc": z.string().optional() }), body: jsonBody(AnalyticsBatchSchema) },
  responses: { 202: jsonResponse("Stored", z.object({ stored: z.number(), dropped: z.number() })), ...errorResponses, ...rateLimitedResponses },
});

/**
 * The route is documented from AnalyticsBatchSchema as before, but its body is checked by parseAnalyticsBatch
 * (the same contract, zod only for what is not the browser's simple case; ADR 0045) instead of the generated zod
 * validator: the envelope check was the largest part of an event request's CPU.
 */
export const eventsApi = createRouter();
eventsApi.openAPIRegistry.registerPath(route);
eventsApi.post("/events", rateLimit("events-per-address", { cost: eventCount }), async (c) => {
  const body = await c.req.json().catch(() => {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  });
  const batch = parseAnalyticsBatch(body);
  if (!batch.success) throw new ShopError("VALIDATION_ERROR", describeValidationFailure(batch.error));
  const result = await ingestEvents(c.get("shop"), batch.data, {
    customerId: c.get("session")?.customerId ?? null,
    requestId: c.get("requestId"),
    gpc: c.req.header("sec-gpc")?.trim() === "1",
  });
  return c.json(result, 202);
});
