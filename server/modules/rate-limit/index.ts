/**
 * The shop's one rate limiter (docs/decisions/0008-rate-limiter.md). Counters live in the database (table
 * rate_limit_counters), so a limit holds across processes sharing PostgreSQL and across restarts, on PGlite alike.
 *
 * Low level, any bucket and limit:
 *   const { allowed, retryAfterSeconds } = await consume(shop, { bucket: "sign-in-per-email", key: email, limit: 5, windowMs: 15 * 60_000 });
 *   peek(shop, sameRequest)      // would it be allowed? (counts nothing)
 *
 * Named limits (RATE_LIMIT_DEFAULTS in domain/rate-limits.ts, changed by the RATE_LIMITS setting, all off with RATE_LIMITS=off):
 *   await enforceLimit(shop, "newsletter-per-address", address);  // throws ShopError RATE_LIMITED (429, Retry-After)
 *   await requireUnspent(shop, "declines-per-card", fingerprint);  // refuses once spent, counts nothing
 *   await countHit(shop, "declines-per-card", fingerprint);        // counts, refuses nothing
 * Declines (docs/decisions/0026-captcha-after-declines.md): one read of the address, email and card counters says
 * whether the next card try is refused (429) or needs a solved captcha; countDecline counts a decline against all three.
 *   const { refused, captchaRequired } = await declineStanding(shop, { address, email, card });
 * A purchase counts and reads them as parts of the statement that claims its idempotency key (purchaseGate, ADR 0047).
 * Credentials (ADR 0016): credentialHits names an attempt's (account, address), address and account limits; members
 * count every attempt (enforceLimits), the console's staff count failures only (failureThrottle).
 * A new named limit is one line in RATE_LIMIT_DEFAULTS (and the README's list).
 *
 * HTTP: `rateLimit("events-per-address", { cost })` in server/http/middleware/rate-limit.ts is the Hono middleware,
 * keyed by `clientAddress(c)` (server/http/middleware/client-ip.ts: the socket's peer, or X-Forwarded-For only when
 * TRUST_PROXY names the proxy). errorResponse sends ShopError.retryAfterSeconds as the Retry-After header.
 */
export { peek, pruneRateLimitCounters, standings, type ConsumeRequest, type Standing, type Verdict } from "./consume";
export { countDecline, countHit, declineStanding, enforceLimit, purchaseGate, rateLimited, requireUnspent, type DeclineKeys, type DeclineStanding, type PurchaseGate } from "./enforce";
export { consume, type HitAndReadRow } from "./hit-and-read";
export { credentialHits, enforceLimits, failureThrottle, type CredentialRules, type FailureThrottle, type LimitHit } from "./credentials";
export { LIMIT_NAMES, limitOf, RATE_LIMIT_DEFAULTS, type Limit, type LimitName, type RateLimitSettings } from "../../../domain/rate-limits";
