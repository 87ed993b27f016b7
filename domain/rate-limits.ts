/**
 * The shop's named rate limits and their defaults (the rules; the counters are server/modules/rate-limit, ADR 0008).
 * The RATE_LIMITS setting that changes them is parsed in server/env.ts with the other settings.
 */
/** A limit: at most `limit` hits in any `windowMs` (sliding). */
export interface Limit {
  limit: number;
  windowMs: number;
  /**
   * A softer first step (declines only): past this many hits in the window, a request must carry a solved captcha to
   * go on; at `limit` it is refused outright (docs/decisions/0026-captcha-after-declines.md).
   */
  captchaAfter?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The shop's named limits and their defaults. Generous enough that a family (or an office) behind one NAT address
 * never meets them while shopping; tight enough that a card tester or a spammer stops early. Each can be changed with
 * RATE_LIMITS (e.g. `RATE_LIMITS=purchase-per-address=60/1h`) and all are switched off with `RATE_LIMITS=off`.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Purchase attempts (POST /api/purchase) from one address. */
  "purchase-per-address": { limit: 30, windowMs: HOUR },
  /**
   * Declined cards, counted per address, email and card: past `captchaAfter` declines, further card tries (tokenising,
   * purchasing) from that address, email or card need a solved captcha; at `limit` they are refused until the window slides.
   */
  "declines-per-address": { limit: 20, windowMs: HOUR, captchaAfter: 5 },
  "declines-per-email": { limit: 10, windowMs: HOUR, captchaAfter: 3 },
  "declines-per-card": { limit: 5, windowMs: HOUR, captchaAfter: 2 },
  /** Card tokenising (the sandbox's stand-in for the gateway's script). */
  "tokenize-per-address": { limit: 60, windowMs: HOUR },
  /** Newsletter sign-ups and other plain forms (captcha checks). */
  "newsletter-per-address": { limit: 10, windowMs: HOUR },
  "forms-per-address": { limit: 60, windowMs: 10 * MINUTE },
  /** The practitioner, SeedUniversity and contact forms, each of which mails the team: more is a bot or a loop. */
  "mail-forms-per-address": { limit: 5, windowMs: HOUR },
  /** Analytics events, counted one per event (a request carries at most 20). */
  "events-per-address": { limit: 300, windowMs: 10 * MINUTE },
  /**
   * Browser error reports (POST /api/errors), counted one per error (a request carries at most 5), each written to the
   * log: a page reports at most 10, so this is several broken pages' worth, and caps what one client writes to the log.
   */
  "browser-errors-per-address": { limit: 60, windowMs: 10 * MINUTE },
  /** Price previews and shipping rates (every cart change asks one). */
  "preview-per-address": { limit: 600, windowMs: 10 * MINUTE },
  /** Requests naming a coupon code (preview, coupon plans, purchase): slows code guessing. */
  "coupon-checks-per-address": { limit: 60, windowMs: 10 * MINUTE },
  /**
   * Credential attempts (docs/decisions/0016, 0057): passwords, links and codes, per account and per address. The
   * per-account password ceiling counts failures only, and holds back only addresses that failed for that account.
   */
  "sign-in-per-email-and-address": { limit: 10, windowMs: 15 * MINUTE },
  "sign-in-per-address": { limit: 100, windowMs: 15 * MINUTE },
  "sign-in-per-email": { limit: 100, windowMs: HOUR },
  /** Account emails (links, codes): a few per account from one address; per account from everywhere, a ceiling. */
  "account-mail-per-email-and-address": { limit: 5, windowMs: 15 * MINUTE },
  "account-mail-per-email": { limit: 30, windowMs: HOUR },
  "account-mail-per-address": { limit: 30, windowMs: 15 * MINUTE },
  "sign-in-codes-per-email": { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Console sign-in failures (ADR 0023, issue 24): per staff account and address a few; per address enough for an
   * office; per account a ceiling only many addresses reach, which slows the account and mails its owner. Always on:
   * RATE_LIMITS=off does not switch them off (its overrides apply).
   */
  "console-sign-in-per-email-and-address": { limit: 5, windowMs: 15 * MINUTE },
  "console-sign-in-per-address": { limit: 30, windowMs: 15 * MINUTE },
  "console-sign-in-per-email": { limit: 50, windowMs: HOUR },
  /** Emails a member of staff sends again from the console (ADR 0055): a few per recipient, enough per staff member for a shift. */
  "console-resend-per-recipient": { limit: 3, windowMs: HOUR },
  "console-resend-per-staff": { limit: 30, windowMs: HOUR },
  /** Review submits (ADR 0068): a household writing up a few orders passes; a script trying tokens does not. */
  "reviews-per-address": { limit: 20, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof RATE_LIMIT_DEFAULTS;

export const LIMIT_NAMES = Object.keys(RATE_LIMIT_DEFAULTS) as LimitName[];

/** RATE_LIMITS parsed: "off", or overrides of some named limits. */
export type RateLimitSettings = { enabled: false } | { enabled: true; overrides: Partial<Record<LimitName, Limit>> };

/** The limit in force for a name, or null when limits are off. An override keeps the default's captcha step (at most its limit). */
export function limitOf(settings: RateLimitSettings, name: LimitName): Limit | null {
  if (!settings.enabled) return null;
  const fallback: Limit = RATE_LIMIT_DEFAULTS[name];
  const override = settings.overrides[name];
  if (!override) return fallback;
  return fallback.captchaAfter === undefined ? override : { ...override, captchaAfter: Math.min(fallback.captchaAfter, override.limit) };
}
