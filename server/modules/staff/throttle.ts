/**
 * Console sign-in throttling behind a small interface. Today an in-process counter per key (the account's email, and
 * the client address): 5 failures in 15 minutes lock that key for the rest of the window. When the shop's
 * database-backed limiter (server/modules/rate-limit/, branch `attack`) lands, an adapter of this interface replaces
 * the in-process one so the limit holds across processes; callers do not change.
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

const throttles = new WeakMap<object, SignInThrottle>();

/** The throttle of one running shop (tests open many shops in one process, each with its own counters). */
export function signInThrottleOf(shop: object): SignInThrottle {
  let throttle = throttles.get(shop);
  if (!throttle) throttles.set(shop, (throttle = memorySignInThrottle()));
  return throttle;
}
