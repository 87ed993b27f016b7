import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Permission } from "../../../domain/console-access";
import { errorResponses } from "../openapi";
import { requirePermission, requireSignedIn } from "./middleware";

/** Endpoints anyone may call (signing in, finishing a setup link), and those any signed-in staff member may call. */
export type RouteAccess = Permission | "public" | "signed-in";

/**
 * A console endpoint: its permission is checked by middleware before the handler and written into the OpenAPI
 * document as x-permission, where the permission walker test finds every endpoint and what it needs.
 */
export function consoleRoute<R extends Omit<RouteConfig, "middleware">>(access: RouteAccess, config: R) {
  const guard = access === "public" ? [] : access === "signed-in" ? [requireSignedIn] : [requirePermission(access)];
  return createRoute({
    ...config,
    "x-permission": access,
    middleware: guard,
    responses: { ...errorResponses, ...config.responses },
  } as R & { middleware: typeof guard });
}
