import type { Context, MiddlewareHandler } from "hono";
import { enforceLimit, type LimitName } from "../../modules/rate-limit";
import type { AppEnv } from "../types";
import { clientAddressKey } from "./client-ip";

/**
 * Counts each request against a named per-address limit and answers 429 RATE_LIMITED with Retry-After once it is
 * spent. `cost` weighs a request (e.g. the number of events in a batch); `when` limits only some requests.
 */
export function rateLimit(
  name: LimitName,
  options: { cost?: (c: Context<AppEnv>) => number | Promise<number>; when?: (c: Context<AppEnv>) => boolean | Promise<boolean> } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Off (RATE_LIMITS=off): no work at all, not even reading the body for `when` or `cost`.
    if (!c.get("shop").env.RATE_LIMITS.enabled) return next();
    if (!options.when || (await options.when(c))) {
      await enforceLimit(c.get("shop"), name, clientAddressKey(c), options.cost ? await options.cost(c) : 1);
    }
    await next();
  };
}

/** The JSON body, or null when it is not JSON (validation answers that later). Hono keeps the parsed body for the handler. */
async function jsonOf(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

/** A batch of analytics events costs one hit per event (at least one, so an empty or bad batch still counts). */
export async function eventCount(c: Context<AppEnv>): Promise<number> {
  const body = (await jsonOf(c)) as { events?: unknown } | null;
  return Array.isArray(body?.events) ? Math.min(Math.max(body.events.length, 1), 20) : 1;
}

/** Whether a request names a coupon code (couponCodes or coupon_codes), so coupon guessing is counted. */
export async function namesCoupon(c: Context<AppEnv>): Promise<boolean> {
  if (c.req.method !== "POST") return false;
  const body = (await jsonOf(c)) as { couponCodes?: unknown; coupon_codes?: unknown } | null;
  const codes = body?.couponCodes ?? body?.coupon_codes;
  return Array.isArray(codes) && codes.length > 0;
}
