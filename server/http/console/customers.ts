import { z } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const IdParam = z.object({ id: z.string().uuid() });
const Ok = z.object({ success: z.literal(true) });

const listRoute = consoleRoute("customers.read", {
  method: "get",
  path: "/customers",
  summary:
    "Customers newest first; q finds by any part of email, name or phone (3 characters at least) or by an order number (SD-100123 or 100123); email is one exact address; before = next cursor of the previous page",
  request: {
    query: z.object({
      q: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      before: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse("A page of customers", Any) },
});

const detailRoute = consoleRoute("customers.read", {
  method: "get",
  path: "/customers/{id}",
  summary: "Profile, orders, subscriptions and sessions of a customer",
  request: { params: IdParam },
  responses: { 200: jsonResponse("The customer", Any) },
});

const noteRoute = consoleRoute("customers.note", {
  method: "post",
  path: "/customers/{id}/notes",
  summary: "Add a staff note to the customer (1 to 4000 characters); audited",
  request: { params: IdParam, body: jsonBody(z.object({ body: z.string().max(8000) })) },
  responses: { 200: jsonResponse("Added", z.object({ id: z.string(), createdAt: z.string() })) },
});

const revokeRoute = consoleRoute("customers.revoke-session", {
  method: "post",
  path: "/customers/{id}/sessions/{sessionId}/revoke",
  summary: "Sign the customer out of one session",
  request: { params: z.object({ id: z.string().uuid(), sessionId: z.string().uuid() }) },
  responses: { 200: jsonResponse("Revoked", Ok) },
});

const fraudRoute = consoleRoute("customers.edit-fraud-status", {
  method: "put",
  path: "/customers/{id}/fraud-status",
  summary: "Set the customer's fraudulentStatus (a status mentioning fraud blocks them); null or empty clears it",
  request: { params: IdParam, body: jsonBody(z.object({ fraudulentStatus: z.string().max(100).nullable() })) },
  responses: { 200: jsonResponse("Saved", Ok) },
});

export const consoleCustomersApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).customers(c.req.valid("query")), 200))
  .openapi(detailRoute, async (c) => c.json(await serviceOf(c).customer(c.req.valid("param").id), 200))
  .openapi(noteRoute, async (c) => c.json(await serviceOf(c).addCustomerNote(c.req.valid("param").id, c.req.valid("json").body), 200))
  .openapi(revokeRoute, async (c) => {
    const { id, sessionId } = c.req.valid("param");
    await serviceOf(c).revokeCustomerSession(id, sessionId);
    return c.json({ success: true as const }, 200);
  })
  .openapi(fraudRoute, async (c) => {
    await serviceOf(c).setFraudStatus(c.req.valid("param").id, c.req.valid("json").fraudulentStatus);
    return c.json({ success: true as const }, 200);
  });
