import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describeValidationFailure, ShopError } from "../../domain/errors";
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
