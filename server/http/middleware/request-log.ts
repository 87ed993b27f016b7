import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";

export const CLIENT_CLOSED_REQUEST = 499;

/** Whether the client went away before its answer (the request's signal aborts when the connection closes early). */
export function clientClosed(c: Context<AppEnv>): boolean {
  return c.req.raw.signal?.aborted === true;
}

/** One structured log line per request, carrying the request id that is also sent back as X-Request-Id. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const { log } = c.get("shop");
  const line = { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, status: c.res.status, ms };
  // A client that hangs up is not our error: nginx's 499, logged at info and not counted with the 5xx.
  if (clientClosed(c)) log.info({ ...line, status: CLIENT_CLOSED_REQUEST }, "client closed request");
  else if (c.res.status >= 500) log.error(line, "request");
  else log.info(line, "request");
};
