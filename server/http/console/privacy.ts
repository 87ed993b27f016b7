import { z } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse, ErrorSchema } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const IdParam = z.object({ id: z.string().uuid() });
const Note = z.object({ note: z.string().trim().min(1, "Say how the customer asked (email, phone, letter) and when.").max(500) });

const exportRoute = consoleRoute("customers.export-data", {
  method: "get",
  path: "/customers/{id}/export",
  summary: "The customer's data export as a JSON download: the same document the member downloads from their account",
  request: { params: IdParam },
  responses: { 200: jsonResponse("The export", Any) },
});

const requestRoute = consoleRoute("customers.erase", {
  method: "post",
  path: "/customers/{id}/deletion-requests",
  summary: "Record that the customer asked to be erased; it waits in the customer's page until processed",
  request: { params: IdParam, body: jsonBody(Note) },
  responses: { 200: jsonResponse("Recorded (or the pending one)", z.object({ id: z.string(), created: z.boolean() })) },
});

const Erasure = Note.extend({ confirmation: z.string().max(20).optional().openapi({ description: 'The word DELETE, typed: without it the erasure is refused (428 CONFIRMATION_REQUIRED)' }) });

const eraseRoute = consoleRoute("customers.erase", {
  method: "post",
  path: "/customers/{id}/erasure",
  summary: "Process the deletion: anonymise the customer (orders and payments kept); 409 while a subscription is active; needs DELETE typed",
  request: { params: IdParam, body: jsonBody(Erasure) },
  responses: { 200: jsonResponse("Erased", z.object({ erased: z.literal(true) })), 409: jsonResponse("Erased already, or a subscription is still active: ALREADY_ERASED, HAS_SUBSCRIPTIONS", ErrorSchema), 428: jsonResponse("DELETE not typed: CONFIRMATION_REQUIRED", ErrorSchema) },
});

const queueRoute = consoleRoute("customers.read", {
  method: "get",
  path: "/deletion-requests",
  summary: "Deletion requests waiting to be processed, oldest first",
  responses: { 200: jsonResponse("The queue", Any) },
});

export const consolePrivacyApi = createRouter()
  .openapi(queueRoute, async (c) => c.json(await serviceOf(c).deletionQueue(), 200))
  .openapi(exportRoute, async (c) => {
    const id = c.req.valid("param").id;
    const document = await serviceOf(c).exportCustomerData(id);
    c.header("Content-Disposition", `attachment; filename="seed-customer-${id}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(document, 200);
  })
  .openapi(requestRoute, async (c) => c.json(await serviceOf(c).recordDeletionRequest(c.req.valid("param").id, c.req.valid("json").note), 200))
  .openapi(eraseRoute, async (c) => c.json(await serviceOf(c).eraseCustomer(c.req.valid("param").id, c.req.valid("json").note, c.req.valid("json").confirmation), 200));
