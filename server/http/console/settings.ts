import { z } from "@hono/zod-openapi";
import { STAFF_ROLES } from "../../../domain/console-access";
import { FLAG_NAMES } from "../../../domain/flags";
import { EMAIL_STATUSES } from "../../modules/email";
import { createRouter, jsonBody, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";
import { publicOrigin } from "../../public-origin";

const Any = z.any();
const Ok = z.object({ success: z.literal(true) });
const Paging = { before: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(200).optional() };

const emailsRoute = consoleRoute("emails.read", {
  method: "get",
  path: "/emails",
  summary: "The email outbox newest first; status=failed lists the failed ones",
  request: { query: z.object({ status: z.enum(EMAIL_STATUSES).optional(), ...Paging }) },
  responses: { 200: jsonResponse("A page of emails", Any) },
});

const requeueRoute = consoleRoute("emails.requeue", {
  method: "post",
  path: "/emails/{id}/requeue",
  summary: "Put a failed email back in the queue",
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: jsonResponse("Queued", Ok) },
});

// One email with its secrets hidden (ADR 0055): codes and links that sign in never reach staff.
const StaffEmail = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

const emailRoute = consoleRoute("emails.read", {
  method: "get",
  path: "/emails/{id}",
  summary: "One email, its codes and sign-in links hidden; opening it is on the audit record",
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: jsonResponse("The email as staff may see it", StaffEmail) },
});

const resendRoute = consoleRoute("emails.resend", {
  method: "post",
  path: "/emails/{id}/resend",
  summary: "Send an email again to its recipient (a fresh code or link for sign-in emails); requestKey makes a retried request send one",
  request: { params: z.object({ id: z.string().uuid() }), body: jsonBody(z.object({ requestKey: z.string().uuid().optional() })) },
  responses: { 200: jsonResponse("Queued", z.object({ emailId: z.string().nullable(), fresh: z.boolean() })) },
});

const flagsRoute = consoleRoute("flags.read", {
  method: "get",
  path: "/flags",
  summary: "The 14 data- flags: built-in default, FEATURE_FLAGS, the console's default and what pages use",
  responses: { 200: jsonResponse("The flags", Any) },
});

const setFlagRoute = consoleRoute("flags.edit", {
  method: "put",
  path: "/flags/{name}",
  summary: "Set a flag's default for every visitor (a preview cookie still overrides it for its visitor)",
  request: { params: z.object({ name: z.enum(FLAG_NAMES) }), body: jsonBody(z.object({ enabled: z.boolean() })) },
  responses: { 200: jsonResponse("Saved", Ok) },
});

const auditRoute = consoleRoute("audit.read", {
  method: "get",
  path: "/audit",
  summary: "The audit log newest first (append-only)",
  request: { query: z.object(Paging) },
  responses: { 200: jsonResponse("A page of entries", Any) },
});

const staffRoute = consoleRoute("staff.read", {
  method: "get",
  path: "/staff",
  summary: "The console's staff accounts",
  responses: { 200: jsonResponse("Staff", Any) },
});

const inviteRoute = consoleRoute("staff.invite", {
  method: "post",
  path: "/staff",
  summary: "Invite a colleague: answers a one-time setup link to hand over (no password is ever set for them)",
  request: { body: jsonBody(z.object({ email: z.email().max(254), role: z.enum(STAFF_ROLES) })) },
  responses: { 200: jsonResponse("The setup link", Any) },
});

export const consoleSettingsApi = createRouter()
  .openapi(emailsRoute, async (c) => c.json(await serviceOf(c).emails(c.req.valid("query")), 200))
  .openapi(requeueRoute, async (c) => {
    await serviceOf(c).requeueEmail(c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  })
  .openapi(emailRoute, async (c) => c.json(await serviceOf(c).email(c.req.valid("param").id), 200))
  .openapi(resendRoute, async (c) => c.json(await serviceOf(c).resendEmail(c.req.valid("param").id, c.req.valid("json").requestKey), 200))
  .openapi(flagsRoute, async (c) => c.json(await serviceOf(c).flags(), 200))
  .openapi(setFlagRoute, async (c) => {
    await serviceOf(c).setFlag(c.req.valid("param").name, c.req.valid("json").enabled);
    return c.json({ success: true as const }, 200);
  })
  .openapi(auditRoute, async (c) => c.json(await serviceOf(c).audit(c.req.valid("query")), 200))
  .openapi(staffRoute, async (c) => c.json(await serviceOf(c).staffList(), 200))
  .openapi(inviteRoute, async (c) => c.json(await serviceOf(c).inviteStaff(c.req.valid("json"), publicOrigin(c.get("shop").env, c.req.url)), 200));
