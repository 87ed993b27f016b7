import { z } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();

const queueRoute = consoleRoute("referrals.review", {
  method: "get",
  path: "/referrals/review",
  summary: "Referrals held for review (self-referral signals or the monthly cap), oldest first",
  responses: { 200: jsonResponse("The review queue", Any) },
});

const decideRoute = consoleRoute("referrals.review", {
  method: "post",
  path: "/referrals/{id}/decision",
  summary: "Approve (pays the reward) or reject a referral held for review",
  request: { params: z.object({ id: z.uuid() }), body: jsonBody(z.object({ decision: z.enum(["approve", "reject"]) })) },
  responses: { 200: jsonResponse("The referral after the decision", Any) },
});

export const consoleReferralsApi = createRouter()
  .openapi(queueRoute, async (c) => c.json(await serviceOf(c).referralQueue(), 200))
  .openapi(decideRoute, async (c) => c.json(await serviceOf(c).decideReferral(c.req.valid("param").id, c.req.valid("json").decision), 200));
