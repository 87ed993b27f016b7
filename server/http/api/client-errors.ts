import { createRoute, z } from "@hono/zod-openapi";
import { storableText } from "../../../domain/validation";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../openapi";

/** What the browser's error reporter sends (app/lib/error-reporting.ts); bounded so a loop cannot flood the log. */
const BrowserErrorSchema = z.object({
  kind: z.enum(["error", "unhandledrejection", "script"]),
  message: storableText(1000).min(1),
  stack: storableText(4000).optional(),
  source: storableText(2000).optional(),
  path: storableText(2000).optional(),
});

const route = createRoute({
  method: "post",
  path: "/errors",
  summary: "A browser error, written to the server log (SPEC.md section 8); no third party receives it",
  request: { body: jsonBody(z.object({ errors: z.array(BrowserErrorSchema).min(1).max(5) })) },
  responses: { 202: jsonResponse("Logged", z.object({ logged: z.number() })), ...errorResponses },
});

export const clientErrorsApi = createRouter().openapi(route, (c) => {
  const { errors } = c.req.valid("json");
  const log = c.get("shop").log;
  for (const error of errors) log.warn({ browserError: error, requestId: c.get("requestId"), userAgent: c.req.header("user-agent")?.slice(0, 300) }, `browser ${error.kind}: ${error.message}`);
  return c.json({ logged: errors.length }, 202);
});
