import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ACTION_SUCCESS_MESSAGE, CANCELED_MESSAGE } from "../../../domain/subscription-actions";
import { CancellationSchema, CancelLinkRequestSchema, PlanChangeSchema, SubscriptionUpdateSchema } from "../../../domain/subscription-requests";
import { SESSION_COOKIE } from "../../modules/auth";
import {
  applySubscriptionAction,
  cancellationOptions,
  changeSubscriptionPlan,
  previewPlanChange,
  reactivateSubscription,
} from "../../modules/subscriptions";
import { cancelSubscription } from "../../workflows/cancel-subscription";
import { acceptRetentionOffer } from "../../workflows/keep-with-discount";
import { requestCancelLink } from "../../workflows/request-cancel-link";
import { requireSession } from "../middleware/require-session";
import { createRouter, errorResponses, jsonBody, jsonResponse, MEMBER_ONLY } from "../openapi";
import type { AppEnv } from "../types";
import { publicOrigin } from "../../public-origin";
import { sessionFirst } from "../middleware/require-session";

/** The subscription calls of SPEC.md section 7 (/api/subscription...). Every one acts only on the caller's own subscriptions. */
const Id = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const SubscriptionSchema = z.object({ id: z.string(), status: z.string(), nextBillingAt: z.string() }).passthrough().openapi("PortalSubscription");
const Answer = z.object({ message: z.string(), subscription: SubscriptionSchema, seedSessionToken: z.string().nullable() });
const auth = { 401: jsonResponse("Signed out", z.object({ code: z.string(), message: z.string() })), 404: jsonResponse("Not yours or unknown", z.object({ code: z.string(), message: z.string() })) };

/** Section 7: subscription calls answer seedSessionToken on 200 so the client keeps its session token. */
const sessionToken = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE) ?? null;
const originOf = (c: Context<AppEnv>) => publicOrigin(c.get("shop").env, c.req.url);

const updateRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/subscription",
  summary: "One member action on a subscription: delay, select_date, ship_now, add_on, remove_add_on, savings, too_much, confirm_each_charge",
  request: { body: jsonBody(SubscriptionUpdateSchema) },
  responses: { 200: jsonResponse("Updated", Answer), ...auth, ...errorResponses },
});

const changeRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/subscription/{id}/change",
  summary: "Change plan (within the supported group) or quantity from the next billing cycle",
  request: { params: Id, body: jsonBody(PlanChangeSchema) },
  responses: { 200: jsonResponse("Changed", Answer), ...auth, ...errorResponses },
});

const NextChargeSchema = z.object({ currency: z.string(), total: z.number() }).passthrough();
const previewRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/subscription/{id}/preview",
  summary: "The next charge as it is and as it would be after the change (nothing is changed)",
  request: { params: Id, body: jsonBody(PlanChangeSchema) },
  responses: { 200: jsonResponse("Preview", z.object({ current: NextChargeSchema, proposed: NextChargeSchema })), ...auth, ...errorResponses },
});

const reactivateRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/subscription/{id}/reactivate",
  summary: "Reactivate a cancelled subscription",
  request: { params: Id },
  responses: { 200: jsonResponse("Reactivated", Answer), ...auth, ...errorResponses },
});

const retentionRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/subscription/{id}/retention-offer",
  summary: "Apply Discount & Keep Subscription: 20% off the next shipment (once per 100 days)",
  request: { params: Id, body: { required: false, content: { "application/json": { schema: z.object({ cancellationReasonId: z.number().int().min(1).max(999).optional() }) } } } },
  responses: { 200: jsonResponse("Kept", Answer), 403: jsonResponse("Used in the last 100 days", z.object({ code: z.string(), message: z.string() })), ...auth, ...errorResponses },
});

const cancelRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "delete",
  path: "/subscription/{id}",
  summary: "Cancel, with the reasons of SPEC.md section 3 (cancellationReasonId, cancellationReasonText, secondaryReasonId)",
  request: { params: Id, body: { required: false, content: { "application/json": { schema: CancellationSchema } } } },
  responses: { 200: jsonResponse("Canceled", Answer), ...auth, ...errorResponses },
});

const reasonsRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/subscription/cancellationReasons/{id}",
  summary: "Cancellation reasons with the save offer each earns now, and when loyalty points would expire",
  request: { params: Id },
  responses: {
    200: jsonResponse(
      "Reasons",
      z.object({
        reasons: z.array(z.object({ id: z.number(), text: z.string(), offer: z.string(), secondary: z.array(z.object({ id: z.number(), text: z.string() })) })),
        retentionOfferAvailable: z.boolean(),
        retentionPercentOff: z.number(),
        pointsExpireAt: z.string(),
      }),
    ),
    ...auth,
    ...errorResponses,
  },
});

const cancelLinkRoute = createRoute({
  method: "post",
  path: "/subscription/cancel-link",
  summary: "Signed out: email a one-click cancellation link to this address (the answer is the same for any address)",
  request: { body: jsonBody(CancelLinkRequestSchema) },
  responses: { 202: jsonResponse("Sent if the address holds a subscription", z.object({ message: z.string() })), ...errorResponses },
});

export const CANCEL_LINK_SENT_MESSAGE = "Check your inbox: if this address has a subscription, we sent it a link to cancel. The link works for 7 days.";

export const subscriptionsApi = createRouter()
  .openapi(updateRoute, async (c) => {
    const { subscriptionId, ...action } = c.req.valid("json");
    const subscription = await applySubscriptionAction(c.get("shop"), requireSession(c).customerId, subscriptionId, action as never);
    return c.json({ message: ACTION_SUCCESS_MESSAGE, subscription, seedSessionToken: sessionToken(c) }, 200);
  })
  .openapi(changeRoute, async (c) => {
    const subscription = await changeSubscriptionPlan(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: ACTION_SUCCESS_MESSAGE, subscription, seedSessionToken: sessionToken(c) }, 200);
  })
  .openapi(previewRoute, async (c) => {
    return c.json(await previewPlanChange(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(reactivateRoute, async (c) => {
    const subscription = await reactivateSubscription(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id);
    return c.json({ message: ACTION_SUCCESS_MESSAGE, subscription, seedSessionToken: sessionToken(c) }, 200);
  })
  .openapi(retentionRoute, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { cancellationReasonId?: number };
    const subscription = await acceptRetentionOffer(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id, body.cancellationReasonId ?? null);
    return c.json({ message: ACTION_SUCCESS_MESSAGE, subscription, seedSessionToken: sessionToken(c) }, 200);
  })
  .openapi(cancelRoute, async (c) => {
    const session = requireSession(c);
    const input = (c.req.valid("json") ?? {}) as z.infer<typeof CancellationSchema>;
    const subscription = await cancelSubscription(c.get("shop"), { customerId: session.customerId, subscriptionId: c.req.valid("param").id, input, via: "api", origin: originOf(c) });
    return c.json({ message: CANCELED_MESSAGE, subscription, seedSessionToken: sessionToken(c) }, 200);
  })
  .openapi(reasonsRoute, async (c) => {
    return c.json(await cancellationOptions(c.get("shop"), requireSession(c).customerId, c.req.valid("param").id), 200);
  })
  .openapi(cancelLinkRoute, async (c) => {
    await requestCancelLink(c.get("shop"), { email: c.req.valid("json").email, origin: originOf(c) });
    return c.json({ message: CANCEL_LINK_SENT_MESSAGE }, 202);
  });
