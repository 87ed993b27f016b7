import { createRoute, z } from "@hono/zod-openapi";
import { storableText } from "../../../domain/validation";
import { batchSize, rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse, rateLimitedResponses } from "../openapi";

/** What the browser's error reporter sends (app/lib/error-reporting.ts). */
const BrowserErrorSchema = z.object({
  kind: z.enum(["error", "unhandledrejection", "script"]),
  message: storableText(1000).min(1),
  stack: storableText(4000).optional(),
  source: storableText(2000).optional(),
  path: storableText(2000).optional(),
});
type BrowserError = z.infer<typeof BrowserErrorSchema>;
const MAX_ERRORS = 5;

/**
 * How much of each field reaches the log (issue 33: unbounded, one client wrote 12 GB an hour). With at most 5 errors a
 * request and the browser-errors-per-address limit, one address writes at most about 1 MB an hour.
 */
export const LOGGED_CHARS = { message: 300, stack: 1500, source: 300, path: 300, userAgent: 300 } as const;

/** The first `max` characters (never half of a surrogate pair), marked with "…" when something was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

const clipped = (error: BrowserError) => ({
  kind: error.kind,
  message: clip(error.message, LOGGED_CHARS.message),
  stack: error.stack === undefined ? undefined : clip(error.stack, LOGGED_CHARS.stack),
  source: error.source === undefined ? undefined : clip(error.source, LOGGED_CHARS.source),
  path: error.path === undefined ? undefined : clip(error.path, LOGGED_CHARS.path),
});

const errorsPerAddress = rateLimit("browser-errors-per-address", { cost: batchSize("errors", MAX_ERRORS) });

const route = createRoute({
  method: "post",
  path: "/errors",
  middleware: [errorsPerAddress] as const,
  summary: "Browser errors, written to the server log, each field cut short (SPEC.md section 8); no third party receives them",
  request: { body: jsonBody(z.object({ errors: z.array(BrowserErrorSchema).min(1).max(MAX_ERRORS) })) },
  responses: { 202: jsonResponse("Logged", z.object({ logged: z.number() })), ...errorResponses, ...rateLimitedResponses },
});

export const clientErrorsApi = createRouter().openapi(route, (c) => {
  const { errors } = c.req.valid("json");
  const log = c.get("shop").log;
  const userAgent = c.req.header("user-agent");
  for (const error of errors.map(clipped)) {
    log.warn({ browserError: error, requestId: c.get("requestId"), userAgent: userAgent && clip(userAgent, LOGGED_CHARS.userAgent) }, `browser ${error.kind}: ${error.message}`);
  }
  return c.json({ logged: errors.length }, 202);
});
