import { pruneEventsBefore } from "../modules/analytics";
import { pruneAccountTokens, pruneSessions } from "../modules/auth";
import { pruneRateLimitCounters } from "../modules/rate-limit";
import { dbOf } from "../shop";
import type { Shop } from "../shop";

export const PRUNE_EXPIRED = "prune-expired";
/** Every night at 03:17 UTC (off the hour, so it does not meet every other cron). */
export const PRUNE_EXPIRED_CRON = "17 3 * * *";
/** Raw analytics events are kept 13 months, long enough for year-on-year comparisons. */
export const EVENT_RETENTION_DAYS = 400;

export async function pruneExpired(shop: Shop): Promise<{ sessions: number; events: number; accountTokens: number; rateLimitCounters: number }> {
  const now = shop.clock.now();
  const sessions = await pruneSessions(shop, now);
  const accountTokens = await pruneAccountTokens(dbOf(shop), now);
  const events = await pruneEventsBefore(shop, new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000));
  // Counters whose window has passed count nothing any more (issue 10's limiter keeps one row per key and window).
  const rateLimitCounters = await pruneRateLimitCounters(shop, now);
  shop.log.info({ job: PRUNE_EXPIRED, sessions, events, accountTokens, rateLimitCounters }, "pruned expired rows");
  return { sessions, events, accountTokens, rateLimitCounters };
}
