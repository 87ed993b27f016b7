import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ShopError } from "../../../domain/errors";
import { errorResponse } from "../errors";
import type { AppEnv } from "../types";

/**
 * Hono's bodyLimit, with the common cases answered from the request line and headers alone (ADR 0045). Hono's
 * version first reads `c.req.raw.body`, which makes @hono/node-server build a full WHATWG Request (undici, a web
 * stream) for every request, and the body is then read through that stream: most of the CPU an API POST costs. A
 * request without a body (GET, HEAD) has nothing to limit, and one with a Content-Length (and no
 * Transfer-Encoding) is judged by it, exactly as Hono does (Node's parser never delivers more bytes than it
 * declares). Only a chunked body goes through Hono's streaming count, which holds it (at most maxSize) before the
 * route runs.
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

const TOO_LARGE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too much to send - Seed</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2a24"><main><h1>That was too much to send</h1>
<p>The form held more than we accept, so nothing was changed. Go back, shorten what you typed and send it again.</p><p><a href="/" style="color:#1f3b2d">Back to Seed</a></p></main></body></html>`;

/**
 * The 413 of a body over its limit, left unread: "Connection: close" tells the client not to send its next request on
 * this connection (Node closes it after the answer), instead of the client finding a reset where it expected the next
 * answer. The API answers {code, message}; a page's form post from a browser gets a short page, and a page's data
 * request (React Router's `.data` fetch) the JSON, as the console's page gate answers.
 */
export function payloadTooLarge(surface: "api" | "page") {
  return (c: Context<AppEnv>): Response => {
    c.header("Connection", "close");
    const wantsPage = surface === "page" && !c.req.path.endsWith(".data") && (c.req.header("accept") ?? "").includes("text/html");
    return wantsPage ? c.html(TOO_LARGE_PAGE, 413) : errorResponse(c, new ShopError("PAYLOAD_TOO_LARGE"));
  };
}
