import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";

/** One structured log line per request, carrying the request id that is also sent back as X-Request-Id. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const { log } = c.get("shop");
  const line = { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, status: c.res.status, ms };
  if (c.res.status >= 500) log.error(line, "request");
  else log.info(line, "request");
};
