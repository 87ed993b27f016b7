import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { ShopError, type ErrorBody } from "../../domain/errors";
import { MESSAGES } from "../../domain/validation";
import type { AppEnv } from "./types";

export function errorResponse(c: Context, error: ShopError): Response {
  return c.json(error.toBody(), error.status as ContentfulStatusCode);
}

/** Any thrown failure becomes {code, message}: catalogue errors keep their status, bad input is a 4xx, the rest is UNKNOWN. */
export function toShopError(error: unknown): ShopError {
  if (error instanceof ShopError) return error;
  if (error instanceof ZodError) return new ShopError("VALIDATION_ERROR", describeZodError(error));
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ShopError("PAYLOAD_TOO_LARGE");
    if (error.status === 404) return new ShopError("NOT_FOUND");
    if (error.status === 403) return new ShopError("FORBIDDEN", error.message || undefined);
    if (error.status === 401) return new ShopError("UNAUTHENTICATED");
    if (error.status < 500) return new ShopError("VALIDATION_ERROR", error.message || undefined);
  }
  return new ShopError("UNKNOWN");
}

/** Messages written for people (SPEC.md's exact words) are answered as they are; the UI shows them unchanged. */
const WORDS_FOR_PEOPLE: ReadonlySet<string> = new Set(Object.values(MESSAGES));

export function describeZodError(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  if (WORDS_FOR_PEOPLE.has(first.message)) return first.message;
  const where = first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  return `${where}${first.message}`;
}

export function onError(error: Error, c: Context<AppEnv>): Response {
  const shopError = toShopError(error);
  if (shopError.code === "UNKNOWN") {
    c.get("shop")?.log.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
  }
  return errorResponse(c, shopError);
}

export const notFoundBody: ErrorBody = { code: "NOT_FOUND", message: "No such endpoint." };
