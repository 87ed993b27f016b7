import { consume, peek } from "../rate-limit";
import type { Shop } from "../../shop";
/**
 * Console sign-in throttling behind a small interface, keyed by the account's email and the client address: 5 failures
 * in 15 minutes lock that key for the rest of the window. A running shop uses the database limiter
 * (databaseSignInThrottle); the in-process one serves unit tests.
 */
export interface SignInThrottle {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now: Date): Promise<number>;
  recordFailure(key: string, now: Date): Promise<void>;
  reset(key: string): Promise<void>;
}

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function memorySignInThrottle(max = SIGN_IN_MAX_FAILURES, windowMs = SIGN_IN_WINDOW_MS): SignInThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: Date) => (failures.get(key) ?? []).filter((at) => at > now.getTime() - windowMs);
  return {
    async retryAfter(key, now) {
      const times = recent(key, now);
      failures.set(key, times);
      if (times.length < max) return 0;
      return times[0]! + windowMs - now.getTime();
    },
    async recordFailure(key, now) {
      const times = recent(key, now);
      times.push(now.getTime());
      failures.set(key, times);
      // Bound memory under a spray of keys: forget the oldest key once there are too many.
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}

/** The throttle of a running shop: the database limiter, so every process and restart counts the same failures. */
export function signInThrottleOf(shop: Shop): SignInThrottle {
  return databaseSignInThrottle({ peek: (r) => peek(shop, r), consume: (r) => consume(shop, r) });
}

/**
 * The throttle on the shop's database rate limiter (server/modules/rate-limit, ADR 0008): the counters live in the
 * database, so the limit holds across processes and restarts. The limiter has no reset, so a success does not clear
 * earlier failures; they age out of the window.
 */
export function databaseSignInThrottle(
  limiter: {
    peek(request: { bucket: string; key: string; limit: number; windowMs: number }): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
    consume(request: { bucket: string; key: string; limit: number; windowMs: number }): Promise<unknown>;
  },
  max = SIGN_IN_MAX_FAILURES,
  windowMs = SIGN_IN_WINDOW_MS,
): SignInThrottle {
  const request = (key: string) => ({ bucket: "console-sign-in-failures", key, limit: max, windowMs });
  return {
    async retryAfter(key) {
      const verdict = await limiter.peek(request(key));
      return verdict.allowed ? 0 : verdict.retryAfterSeconds * 1000;
    },
    async recordFailure(key) {
      await limiter.consume(request(key));
    },
    async reset() {},
  };
}
