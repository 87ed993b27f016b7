import { ERROR_CATALOGUE } from "./errors";

/**
 * What a refused (429) shopper reads: how long to wait, in words, when it is longer than a moment. A form limited for
 * the hour must not say "wait a moment"; the exact seconds go in Retry-After beside it.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 90) return ERROR_CATALOGUE.RATE_LIMITED.message;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes < 60) return `Too many requests. Please try again in ${minutes} minutes.`;
  const hours = Math.ceil(minutes / 60);
  return `Too many requests. Please try again in ${hours === 1 ? "an hour" : `about ${hours} hours`}.`;
}
