import { z } from "@hono/zod-openapi";
import { CARRIER_CODES, TRACKING_NUMBER } from "../../../domain/carriers";
import { createRouter, jsonBody, jsonResponse, ErrorSchema } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const NumberParam = z.object({ number: z.string().min(1).max(20).openapi({ example: "SD-100042" }) });

const listRoute = consoleRoute("orders.read", {
  method: "get",
  path: "/orders",
  summary: "Orders newest first; q finds by order number, email or name; before = next cursor of the previous page",
  request: {
    query: z.object({
      q: z.string().max(200).optional(),
      before: z.string().max(20).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse("A page of orders", Any) },
});

const detailRoute = consoleRoute("orders.read", {
  method: "get",
  path: "/orders/{number}",
  summary: "The order with its lines, payment, shipments, emails and timeline",
  request: { params: NumberParam },
  responses: { 200: jsonResponse("The order", Any) },
});

const Ship = z.object({ carrier: z.enum(CARRIER_CODES as [string, ...string[]]), trackingNumber: z.string().trim().regex(TRACKING_NUMBER) });

const shipRoute = consoleRoute("orders.ship", {
  method: "post",
  path: "/orders/{number}/shipments",
  summary: "Mark shipped with a carrier and tracking number; the customer gets the shipped email with the tracking link",
  request: { params: NumberParam, body: jsonBody(Ship) },
  responses: { 200: jsonResponse("The shipment", Any) },
});

const resendRoute = consoleRoute("orders.resend-confirmation", {
  method: "post",
  path: "/orders/{number}/confirmation",
  summary: "Send the order confirmation again (requestKey makes a retried request send one email)",
  request: { params: NumberParam, body: jsonBody(z.object({ requestKey: z.string().uuid().optional() })) },
  responses: { 200: jsonResponse("Queued", z.object({ emailId: z.string().nullable() })) },
});

const Refund = z
  .object({
    paymentId: z.string().uuid().optional(),
    amount: z.number().int().positive().max(100_000_000).optional().openapi({ description: "Minor units (cents); omit with full: true" }),
    full: z.boolean().optional(),
    reason: z.string().trim().min(1).max(500),
    idempotencyKey: z.string().uuid(),
    confirmedAmount: z.number().int().positive().max(100_000_000).optional().openapi({ description: "The amount the confirmation showed (GET .../refunds/preview); required: without it the refund is refused with 428 CONFIRMATION_REQUIRED" }),
    confirmation: z.string().max(40).optional().openapi({ description: "The order number, typed, when the refund leaves nothing to refund of the payment" }),
  })
  .refine((b) => (b.full === true) !== (b.amount !== undefined), { message: "Give either an amount or full: true." });

const PreviewQuery = z
  .object({
    paymentId: z.string().uuid().optional(),
    amount: z.coerce.number().int().positive().max(100_000_000).optional().openapi({ description: "Minor units (cents); omit with full=true" }),
    full: z.enum(["true"]).optional().openapi({ description: "Everything left (also what no amount means)" }),
  })
  .refine((q) => !(q.full === "true" && q.amount !== undefined), { message: "Give an amount or full=true, not both." });

const previewRoute = consoleRoute("orders.refund", {
  method: "get",
  path: "/orders/{number}/refunds/preview",
  summary: "What a refund would do, before it is made: the amount, the email the customer gets, points and credit taken back, and (refunding everything left) the referral voided and spent credit returned",
  request: { params: NumberParam, query: PreviewQuery },
  responses: { 200: jsonResponse("The refund's preview", Any), 409: jsonResponse("More than is left to refund: REFUND_EXCEEDS_BALANCE", ErrorSchema) },
});

const refundRoute = consoleRoute("orders.refund", {
  method: "post",
  path: "/orders/{number}/refunds",
  summary: "Refund all (full: true) or part (amount, minor units) of the order's payment through the gateway; idempotencyKey makes it once",
  request: { params: NumberParam, body: jsonBody(Refund) },
  responses: { 200: jsonResponse("The refund and what is left to refund", Any), 409: jsonResponse("More than is left to refund (REFUND_EXCEEDS_BALANCE), or not the amount confirmed (CONFIRMATION_STALE)", ErrorSchema), 422: jsonResponse("The payment provider did not refund: REFUND_FAILED", ErrorSchema), 428: jsonResponse("No confirmation, or the order number not typed for a refund of everything left: CONFIRMATION_REQUIRED", ErrorSchema) },
});

export const consoleOrdersApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).orders(c.req.valid("query")), 200))
  .openapi(detailRoute, async (c) => c.json(await serviceOf(c).order(c.req.valid("param").number), 200))
  .openapi(shipRoute, async (c) => {
    const body = c.req.valid("json") as z.infer<typeof Ship> & { carrier: (typeof CARRIER_CODES)[number] };
    return c.json(await serviceOf(c).shipOrder(c.req.valid("param").number, body), 200);
  })
  .openapi(previewRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await serviceOf(c).refundPreview(c.req.valid("param").number, { paymentId: q.paymentId, ...(q.amount === undefined ? { full: true } : { amount: q.amount }) }), 200);
  })
  .openapi(refundRoute, async (c) => c.json(await serviceOf(c).refundOrder(c.req.valid("param").number, c.req.valid("json")), 200))
  .openapi(resendRoute, async (c) => c.json(await serviceOf(c).resendConfirmation(c.req.valid("param").number, c.req.valid("json").requestKey), 200));
