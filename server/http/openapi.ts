import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describeValidationFailure, ShopError } from "../../domain/errors";
import { SESSION_COOKIE } from "../modules/auth";
import { STAFF_SESSION_COOKIE } from "../modules/staff";
import { errorResponse } from "./errors";
import type { AppEnv } from "./types";

/** A router whose request validation failures answer 400 {code, message} like every other error. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    // SPEC.md writes many paths with a trailing slash; routes are declared without one and both forms answer.
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, new ShopError("VALIDATION_ERROR", describeValidationFailure(result.error)));
    },
  });
}

export const ErrorSchema = z
  .object({ code: z.string().openapi({ example: "VALIDATION_ERROR" }), message: z.string() })
  .openapi("Error");

export const errorResponses = {
  400: { description: "Bad input", content: { "application/json": { schema: ErrorSchema } } },
} as const;

/** Routes behind a rate limit (server/http/middleware/rate-limit.ts) also answer 429 with Retry-After. */
export const rateLimitedResponses = {
  429: { description: "Too many requests: RATE_LIMITED, with Retry-After in seconds", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * Who may call an operation (docs/decisions/0059-nonce-per-response-and-openapi.md). Each operation names one: a
 * member's session cookie, a staff member's, or none at all (`security: []`, anyone). The document then lists the
 * statuses the surfaces' middleware answers for it (openApiDocument in surfaces.ts): 401 when a session is needed.
 */
export const securitySchemes = {
  memberSession: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "A shopper's session, set by signing in (SPEC.md section 7)" },
  staffSession: { type: "apiKey", in: "cookie", name: STAFF_SESSION_COOKIE, description: "A staff member's console session (ADR 0023)" },
} as const;

export const MEMBER_ONLY = [{ memberSession: [] }];
export const STAFF_ONLY = [{ staffSession: [] }];
export const ANYONE: { [scheme: string]: string[] }[] = [];

/** A console role without the route's permission (consoleRoute). */
export const forbiddenResponses = {
  403: { description: "The role does not allow this: FORBIDDEN", content: { "application/json": { schema: ErrorSchema } } },
} as const;

/** A console route about a named thing (an order, a customer...) that does not exist (consoleRoute). */
export const notFoundResponses = {
  404: { description: "No such thing: NOT_FOUND", content: { "application/json": { schema: ErrorSchema } } },
} as const;

/** The same answers as they stand in the finished document (added after generation, so by reference). */
const documentedError = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
export const SURFACE_ANSWERS = {
  badInput: { 400: documentedError("Bad input: VALIDATION_ERROR") },
  body: {
    413: documentedError("The body is over the limit: PAYLOAD_TOO_LARGE"),
    415: documentedError("The body is not JSON: UNSUPPORTED_MEDIA_TYPE"),
  },
  session: { 401: documentedError("No live session: UNAUTHENTICATED or SessionVerificationError") },
};
