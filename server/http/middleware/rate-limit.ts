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

/**
 * A batch costs one hit per item of its `field` array, at most `max` (a batch's largest size): at least one, so an
 * empty or bad batch still counts.
 */
export const batchSize =
  (field: string, max: number) =>
  async (c: Context<AppEnv>): Promise<number> => {
    const items = ((await jsonOf(c)) as Record<string, unknown> | null)?.[field];
    return Array.isArray(items) ? Math.min(Math.max(items.length, 1), max) : 1;
  };

/** A batch of analytics events costs one hit per event. */
export const eventCount = batchSize("events", 20);

/** Whether a request names a coupon code (couponCodes or coupon_codes), so coupon guessing is counted. */
export async function namesCoupon(c: Context<AppEnv>): Promise<boolean> {
  if (c.req.method !== "POST") return false;
  const body = (await jsonOf(c)) as { couponCodes?: unknown; coupon_codes?: unknown } | null;
  const codes = body?.couponCodes ?? body?.coupon_codes;
  return Array.isArray(codes) && codes.length > 0;
}
