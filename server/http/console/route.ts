import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";
import type { Permission } from "../../../domain/console-access";
import { ANYONE, errorResponses, forbiddenResponses, notFoundResponses, STAFF_ONLY } from "../openapi";
import { requirePermission, requireSignedIn } from "./middleware";

/** Endpoints anyone may call (signing in, finishing a setup link), and those any signed-in staff member may call. */
export type RouteAccess = Permission | "public" | "signed-in";

/**
 * A console endpoint: its permission is checked by middleware before the handler and written into the OpenAPI
 * document as x-permission, where the permission walker test finds every endpoint and what it needs.
 */
export function consoleRoute<R extends Omit<RouteConfig, "middleware">>(access: RouteAccess, config: R, after: MiddlewareHandler<AppEnv>[] = []) {
  // `after` runs once the guard passed: an upload's body limit, so a stranger's body is never read (ADR 0067).
  const guard = [...(access === "public" ? [] : access === "signed-in" ? [requireSignedIn] : [requirePermission(access)]), ...after];
  // The guard answers 401 without a staff session (the document adds it wherever a session scheme is named) and 403
  // for a role without the permission; a path naming a thing (an order, a customer...) answers 404 when there is none.
  const forbidden = access === "public" || access === "signed-in" ? {} : forbiddenResponses;
  const notFound = config.path.includes("{") ? notFoundResponses : {};
  return createRoute({
    ...config,
    "x-permission": access,
    middleware: guard,
    security: access === "public" ? ANYONE : STAFF_ONLY,
    responses: { ...errorResponses, ...forbidden, ...notFound, ...config.responses },
  } as R & { middleware: typeof guard });
}
