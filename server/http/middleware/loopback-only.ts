import type { MiddlewareHandler } from "hono";
import { ShopError } from "../../../domain/errors";
import type { AppEnv } from "../types";
import { isLoopbackClient } from "./client-ip";

/** Development-only surfaces (test hooks) answer only clients on this machine; anyone else gets a plain 404. */
export const loopbackOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLoopbackClient(c)) throw new ShopError("NOT_FOUND");
  await next();
};
