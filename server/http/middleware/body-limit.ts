import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../types";

/**
 * Hono's bodyLimit, with the common cases answered from the request line and headers alone (ADR 0045). Hono's
 * version first reads `c.req.raw.body`, which makes @hono/node-server build a full WHATWG Request (undici, a web
 * stream) for every request, and the body is then read through that stream: most of the CPU an API POST costs. A
 * request without a body (GET, HEAD) has nothing to limit, and one with a Content-Length (and no
 * Transfer-Encoding) is judged by it, exactly as Hono does (Node's parser never delivers more bytes than it
 * declares). Only a chunked body goes through Hono's streaming count.
 */
export function bodyLimitFast(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler<AppEnv> {
  const streaming = bodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return parseInt(length || "0", 10) > options.maxSize ? options.onError(c) : next();
    }
    return streaming(c, next);
  };
}
