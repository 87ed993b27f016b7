import { createRoute, z } from "@hono/zod-openapi";
import { EmailOnlySchema } from "../../../domain/accounts";
import { sendLoginCode, sendMagicLink } from "../../modules/auth";
import { clientOf } from "../account-session";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../openapi";

const Err = z.object({ code: z.string(), message: z.string() });
const Sent = z.object({ success: z.literal(true), message: z.string() });

const magicRoute = createRoute({
  method: "post",
  path: "/mail/magic",
  summary: "Email a single-use sign-in link (15 minutes)",
  request: { body: jsonBody(EmailOnlySchema) },
  responses: { 200: jsonResponse("Sent", Sent), 404: jsonResponse("We do not recognize the email", Err), 429: jsonResponse("Too many", Err), ...errorResponses },
});

const codeRoute = createRoute({
  method: "post",
  path: "/mail/code",
  summary: "Email a 6-digit sign-in code (10 minutes), for signing in on another device than the one reading mail",
  request: { body: jsonBody(EmailOnlySchema) },
  responses: { 200: jsonResponse("Sent", Sent), 404: jsonResponse("We do not recognize the email", Err), 429: jsonResponse("Too many", Err), ...errorResponses },
});

export const signInMailApi = createRouter()
  .openapi(magicRoute, async (c) => {
    const input = c.req.valid("json");
    await sendMagicLink(c.get("shop"), input, clientOf(c));
    return c.json({ success: true as const, message: `We sent a sign-in link to ${input.email}. It works for 15 minutes.` }, 200);
  })
  .openapi(codeRoute, async (c) => {
    const input = c.req.valid("json");
    await sendLoginCode(c.get("shop"), input, clientOf(c));
    return c.json({ success: true as const, message: `We sent a 6-digit code to ${input.email}. It works for 10 minutes.` }, 200);
  });
