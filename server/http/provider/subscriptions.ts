import { createRoute, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { invoiceView } from "../../../domain/invoice";
import { ACTION_SUCCESS_MESSAGE } from "../../../domain/subscription-actions";
import { BillingDateUpdateSchema, type SubscriptionAction } from "../../../domain/subscription-requests";
import { SESSION_COOKIE } from "../../modules/auth";
import { legalDetailsOf, memberOrderSummary, renderInvoicePdf } from "../../modules/orders";
import { applySubscriptionAction, memberSubscription, memberSubscriptions } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { requireSession } from "../middleware/require-session";
import { createRouter, errorResponses, jsonBody, jsonResponse, MEMBER_ONLY } from "../openapi";
import { sessionFirst } from "../middleware/require-session";

/** The provider backend's subscription and invoice calls (SPEC.md section 7), over the same services as /api. */
const Id = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const SubscriptionSchema = z.object({ id: z.string(), status: z.string(), nextBillingAt: z.string() }).passthrough();
const auth = { 401: jsonResponse("Signed out", z.object({ code: z.string(), message: z.string() })), 404: jsonResponse("Not yours or unknown", z.object({ code: z.string(), message: z.string() })) };

const listRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/ecommerce/subscription",
  summary: "The member's subscriptions (held and cancelled); include_renewal_preview=true adds each next charge",
  request: { query: z.object({ include_renewal_preview: z.enum(["true", "false"]).optional() }) },
  responses: { 200: jsonResponse("Subscriptions", z.object({ subscriptions: z.array(SubscriptionSchema) })), ...auth, ...errorResponses },
});

const oneRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/ecommerce/subscription/{id}",
  summary: "One of the member's subscriptions with its next charge",
  request: { params: Id },
  responses: { 200: jsonResponse("Subscription", SubscriptionSchema), ...auth, ...errorResponses },
});

const billingDateRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/ecommerce/subscription/billing-date",
  summary: "Move the next billing date: a day (next_billing_date), a delay of 1 or 2 months (delay_months) or now (ship_now)",
  request: { body: jsonBody(BillingDateUpdateSchema) },
  responses: {
    200: jsonResponse("Updated", z.object({ message: z.string(), subscription: SubscriptionSchema, seedSessionToken: z.string().nullable() })),
    ...auth,
    ...errorResponses,
  },
});

const invoiceRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/ecommerce/invoice/{id}",
  summary: "The invoice of one of the member's orders: JSON, or a PDF with format=pdf (or Accept: application/pdf)",
  request: { params: Id, query: z.object({ format: z.enum(["json", "pdf"]).optional() }) },
  responses: {
    200: { description: "Invoice", content: { "application/json": { schema: z.object({ number: z.string() }).passthrough() }, "application/pdf": { schema: z.string() } } },
    ...auth,
    ...errorResponses,
  },
});

function billingAction(update: z.infer<typeof BillingDateUpdateSchema>["update"]): SubscriptionAction {
  if ("next_billing_date" in update) return { action: "select_date", date: update.next_billing_date };
  if ("delay_months" in update) return { action: "delay", months: update.delay_months };
  return { action: "ship_now" };
}

export const subscriptionsProvider = createRouter()
  .openapi(listRoute, async (c) => {
    const includePreview = c.req.valid("query").include_renewal_preview === "true";
    return c.json({ subscriptions: await memberSubscriptions(c.get("shop"), requireSession(c).customerId, { includePreview }) }, 200);
  })
  .openapi(oneRoute, async (c) => c.json(await memberSubscription(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id), 200))
  .openapi(billingDateRoute, async (c) => {
    const body = c.req.valid("json");
    const subscription = await applySubscriptionAction(c.get("shop"), requireSession(c).customerId, body.subscription_id, billingAction(body.update));
    return c.json({ message: ACTION_SUCCESS_MESSAGE, subscription, seedSessionToken: getCookie(c, SESSION_COOKIE) ?? null }, 200);
  })
  .openapi(invoiceRoute, async (c) => {
    const shop = c.get("shop");
    const order = await memberOrderSummary(dbOf(shop), requireSession(c).customerId, c.req.valid("param").id);
    const invoice = invoiceView(order, legalDetailsOf(shop));
    const wantsPdf = c.req.valid("query").format === "pdf" || (c.req.header("accept") ?? "").includes("application/pdf");
    if (!wantsPdf) return c.json(invoice, 200);
    const pdf = await renderInvoicePdf(invoice, shop.clock.now());
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="seed-invoice-${order.number}.pdf"`,
    }) as never;
  });
