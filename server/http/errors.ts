import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ShopError, toShopError, type ErrorBody } from "../../domain/errors";
import { CLIENT_CLOSED_REQUEST, clientClosed } from "./middleware/request-log";
import type { AppEnv } from "./types";

export function errorResponse(c: Context, error: ShopError): Response {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json(error.toBody(), error.status as ContentfulStatusCode);
}

/** Any thrown failure becomes {code, message}: domain/errors.ts maps ours and bad input; Hono's own errors are mapped here. */
export function toHttpShopError(error: unknown): ShopError {
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ShopError("PAYLOAD_TOO_LARGE");
    if (error.status === 404) return new ShopError("NOT_FOUND");
    if (error.status === 403) return new ShopError("FORBIDDEN", error.message || undefined);
    if (error.status === 401) return new ShopError("UNAUTHENTICATED");
    if (error.status < 500) return new ShopError("VALIDATION_ERROR", error.message || undefined);
  }
  return toShopError(error);
}

export function onError(error: Error, c: Context<AppEnv>): Response {
  const shopError = toHttpShopError(error);
  // Reading the body of a request whose client hung up fails; that is the client's doing, logged by requestLog at info.
  if (clientClosed(c)) return c.body(null, CLIENT_CLOSED_REQUEST as ContentfulStatusCode);
  if (shopError.code === "UNKNOWN") {
    c.get("shop")?.log.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
  }
  return errorResponse(c, shopError);
}

export const notFoundBody: ErrorBody = { code: "NOT_FOUND", message: "No such endpoint." };
