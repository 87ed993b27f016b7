import { z } from "@hono/zod-openapi";
import { SUBSCRIPTION_STATUSES } from "../../modules/subscriptions";
import { createRouter, ErrorSchema, jsonBody, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";
import { publicOrigin } from "../../public-origin";

const Any = z.any();
const IdParam = z.object({ id: z.string().uuid() });
const Reason = z.string().trim().min(1).max(500);

const listRoute = consoleRoute("subscriptions.read", {
  method: "get",
  path: "/subscriptions",
  summary:
    "Subscriptions newest first, with plan names; q finds by subscription id, customer email or name; status, plan (code of what the next charge buys) and nextFrom/nextTo (YYYY-MM-DD, both included) narrow; before = next cursor",
  request: {
    query: z.object({
      q: z.string().max(200).optional(),
      status: z.enum(SUBSCRIPTION_STATUSES).optional(),
      plan: z.string().max(80).optional(),
      nextFrom: z.string().max(10).optional(),
      nextTo: z.string().max(10).optional(),
      before: z.string().max(80).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse("A page of subscriptions", Any) },
});

const detailRoute = consoleRoute("subscriptions.read", {
  method: "get",
  path: "/subscriptions/{id}",
  summary: "The subscription with its renewals and attempts, the next billing dates (dates: how many, default 6), the next charge and its timeline",
  request: { params: IdParam, query: z.object({ dates: z.coerce.number().int().min(1).max(24).optional() }) },
  responses: { 200: jsonResponse("The subscription", Any) },
});

const chargeRoute = consoleRoute("subscriptions.charge", {
  method: "post",
  path: "/subscriptions/{id}/charge-now",
  summary: "Charge the missed renewal now (the renewal engine's command: a period is never charged twice)",
  request: { params: IdParam, body: jsonBody(z.object({ reason: Reason })) },
  responses: { 200: jsonResponse("The period and what happened", Any) },
});

const pauseRoute = consoleRoute("subscriptions.edit", {
  method: "post",
  path: "/subscriptions/{id}/pause",
  summary: "Move the next charge 1 or 2 months later, for the member",
  request: { params: IdParam, body: jsonBody(z.object({ months: z.union([z.literal(1), z.literal(2)]), reason: Reason })) },
  responses: { 200: jsonResponse("Status and next billing date", Any) },
});

const skipRoute = consoleRoute("subscriptions.edit", {
  method: "post",
  path: "/subscriptions/{id}/skip",
  summary: "Skip the next shipment: the charge after it becomes the next one",
  request: { params: IdParam, body: jsonBody(z.object({ reason: Reason })) },
  responses: { 200: jsonResponse("Status and next billing date", Any) },
});

const cancelRoute = consoleRoute("subscriptions.edit", {
  method: "post",
  path: "/subscriptions/{id}/cancel",
  summary: "Cancel for the member (they get the cancellation email with the reactivate link); needs the customer's email typed",
  request: { params: IdParam, body: jsonBody(z.object({ reason: Reason, confirmation: z.string().max(320).optional().openapi({ description: "The customer's email, typed: without it the cancel is refused (428 CONFIRMATION_REQUIRED)" }) })) },
  responses: { 200: jsonResponse("Status and next billing date", Any), 428: jsonResponse("The customer's email not typed: CONFIRMATION_REQUIRED", ErrorSchema) },
});

export const consoleSubscriptionsApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).subscriptions(c.req.valid("query")), 200))
  .openapi(detailRoute, async (c) => c.json(await serviceOf(c).subscription(c.req.valid("param").id, c.req.valid("query")), 200))
  .openapi(chargeRoute, async (c) => c.json(await serviceOf(c).chargeRenewalNow(c.req.valid("param").id, c.req.valid("json").reason), 200))
  .openapi(pauseRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await serviceOf(c).pauseSubscription(c.req.valid("param").id, body.months, body.reason), 200);
  })
  .openapi(skipRoute, async (c) => c.json(await serviceOf(c).skipNextShipment(c.req.valid("param").id, c.req.valid("json").reason), 200))
  .openapi(cancelRoute, async (c) => c.json(await serviceOf(c).cancelSubscription(c.req.valid("param").id, c.req.valid("json").reason, publicOrigin(c.get("shop").env, c.req.url), c.req.valid("json").confirmation), 200));
