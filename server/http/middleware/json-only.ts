import type { MiddlewareHandler } from "hono";
import { ShopError } from "../../../domain/errors";

const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;

/**
 * Both API surfaces take JSON only. A body sent as anything else (a form, text/plain, no type at all)
 * is answered 415 UNSUPPORTED_MEDIA_TYPE instead of failing later as bad JSON or as a CSRF refusal.
 * Requests without a body (GET, or a bodiless PUT/DELETE with no Content-Type) pass.
 */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
  const type = c.req.header("content-type");
  const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
  if (type ? !JSON_TYPE.test(type) : hasBody) {
    // Read (and drop) the body, at most the body limit in front of this check, so the connection stays usable.
    await c.req.raw.arrayBuffer().catch(() => {});
    throw new ShopError("UNSUPPORTED_MEDIA_TYPE");
  }
  await next();
};
