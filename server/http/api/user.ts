import { createRoute, z } from "@hono/zod-openapi";
import { AddressSchema, BillingSchema, ChangePasswordSchema, ProfileSchema, TokenField } from "../../../domain/accounts";
import { changePassword } from "../../modules/auth";
import { confirmEmailChange, deleteAccount, exportAccountData, replaceCard, saveShippingAddress, updateUser, userView } from "../../workflows/account-data";
import { clientOf, verifiedSession } from "../account-session";
import { clearSessionCookie } from "../cookies";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../../modules/auth";
import { createRouter, errorResponses, jsonBody, jsonResponse, MEMBER_ONLY } from "../openapi";
import { verifiedSessionFirst } from "../account-session";

/** User data (SPEC.md sections 3 and 7): every call names its member by the session only, never by an id in the request. */
const Err = z.object({ code: z.string(), message: z.string() });
const unauthorized = { 401: jsonResponse("SessionVerificationError", Err) };
const User = z.object({ email: z.string() }).passthrough();
const cookieToken = (c: Parameters<typeof getCookie>[0]) => getCookie(c, SESSION_COOKIE) ?? "";

const getUserRoute = createRoute({ middleware: verifiedSessionFirst, security: MEMBER_ONLY, method: "get", path: "/user", summary: "The signed-in member (SPEC.md section 3, User)", responses: { 200: jsonResponse("User", User), ...unauthorized } });
const putUserRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/user",
  summary: "Update names and phone; a new email takes effect once confirmed from the new address",
  request: { body: jsonBody(ProfileSchema) },
  responses: { 200: jsonResponse("Updated", z.object({ user: User, emailChangePending: z.boolean(), seedSessionToken: z.string() })), ...unauthorized, 409: jsonResponse("Email taken", Err), ...errorResponses },
});
const confirmEmailRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "post",
  path: "/user/confirm-email",
  summary: "Confirm an email change with the link sent to the new address",
  request: { body: jsonBody(z.object({ token: TokenField })) },
  responses: { 200: jsonResponse("Changed", z.object({ email: z.string() })), ...unauthorized, ...errorResponses },
});
const passwordRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/user/password",
  summary: "Change the password (the current one is needed when there is one); other sessions end",
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: { 200: jsonResponse("Changed", z.object({ success: z.literal(true) })), ...unauthorized, 422: jsonResponse("Wrong current password", Err), ...errorResponses },
});
const addressRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/shipping-address",
  summary: "Save the member's shipping address",
  request: { body: jsonBody(AddressSchema) },
  responses: { 200: jsonResponse("Saved", z.object({ user: User, seedSessionToken: z.string() })), ...unauthorized, ...errorResponses },
});
const billingRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/billing",
  summary: "Replace the saved card with one tokenized by the payment gateway",
  request: { body: jsonBody(BillingSchema) },
  responses: {
    200: jsonResponse("Saved", z.object({ card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }), seedSessionToken: z.string() })),
    ...unauthorized,
    422: jsonResponse("Card not accepted", Err),
    ...errorResponses,
  },
});
const exportRoute = createRoute({ middleware: verifiedSessionFirst, security: MEMBER_ONLY, method: "get", path: "/user/data", summary: "Download everything the shop holds about the member (JSON)", responses: { 200: jsonResponse("The data", z.object({}).passthrough()), ...unauthorized } });
const deleteRoute = createRoute({
  middleware: verifiedSessionFirst,
  security: MEMBER_ONLY,
  method: "post",
  path: "/user/delete",
  summary: "Delete the account: orders kept as the law requires, the rest erased or anonymised, every session ended",
  request: { body: jsonBody(z.object({ confirm: z.literal("DELETE", "Type DELETE to confirm.") })) },
  responses: { 200: jsonResponse("Deleted", z.object({ success: z.literal(true) })), ...unauthorized, 409: jsonResponse("Subscriptions still held", Err), ...errorResponses },
});

export const userApi = createRouter()
  .openapi(getUserRoute, async (c) => {
    const session = verifiedSession(c, c.req.query("seedSessionToken"));
    return c.json(await userView(c.get("shop"), session.customerId), 200);
  })
  .openapi(putUserRoute, async (c) => {
    const input = c.req.valid("json");
    const session = verifiedSession(c, input.seedSessionToken);
    const { emailChangePending } = await updateUser(c.get("shop"), session.customerId, input, clientOf(c));
    return c.json({ user: await userView(c.get("shop"), session.customerId), emailChangePending, seedSessionToken: cookieToken(c) }, 200);
  })
  .openapi(confirmEmailRoute, async (c) => {
    const session = verifiedSession(c, undefined);
    return c.json({ email: await confirmEmailChange(c.get("shop"), session.customerId, c.req.valid("json").token) }, 200);
  })
  .openapi(passwordRoute, async (c) => {
    const session = verifiedSession(c, undefined);
    await changePassword(c.get("shop"), session.customerId, session.sessionId, c.req.valid("json"));
    return c.json({ success: true as const }, 200);
  })
  .openapi(addressRoute, async (c) => {
    const { seedSessionToken, ...address } = c.req.valid("json");
    const session = verifiedSession(c, seedSessionToken);
    await saveShippingAddress(c.get("shop"), session.customerId, address);
    return c.json({ user: await userView(c.get("shop"), session.customerId), seedSessionToken: cookieToken(c) }, 200);
  })
  .openapi(billingRoute, async (c) => {
    const input = c.req.valid("json");
    const session = verifiedSession(c, input.seedSessionToken);
    return c.json({ card: await replaceCard(c.get("shop"), session.customerId, input.cardToken), seedSessionToken: cookieToken(c) }, 200);
  })
  .openapi(exportRoute, async (c) => {
    const session = verifiedSession(c, undefined);
    c.header("Content-Disposition", 'attachment; filename="seed-account-data.json"');
    return c.json(await exportAccountData(c.get("shop"), session.customerId), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const session = verifiedSession(c, undefined);
    await deleteAccount(c.get("shop"), session.customerId);
    clearSessionCookie(c);
    return c.json({ success: true as const }, 200);
  });
