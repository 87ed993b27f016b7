import { isIP } from "node:net";
import { z } from "zod";
import { LIMIT_NAMES, type Limit, type LimitName, type RateLimitSettings } from "../domain/rate-limits";
import { fallbackSessionSecret } from "./session-secret";

/** Every setting the shop reads, parsed once at start. A bad value stops the start with one clear line. */
const boolean = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().max(65535, "must be a whole number from 0 to 65535"))
      .default(3000),
    /** The bind address. Unset: every interface in production (behind its proxy), loopback elsewhere (defaultHost). */
    HOST: z.string().min(1).optional(),
    /** The shop's public origin (ADR 0048): every absolute URL it writes starts here. Required in production. */
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const url = URL.parse(value);
        if (!url || !["http:", "https:"].includes(url.protocol) || url.pathname !== "/" || url.search || url.hash || url.username) {
          ctx.addIssue({ code: "custom", message: "must be an origin like https://shop.example (http or https, no path)" });
          return z.NEVER;
        }
        return url.origin;
      }),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
    /** The From of every email: "Name <address>" or a bare address. */
    MAIL_FROM: z
      .string()
      .trim()
      // Bounded before the pattern, whose adjacent runs backtrack on long text.
      .max(320, { error: "must be at most 320 characters", abort: true })
      .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/, 'must be an address or "Name <address>"')
      .default("Seed <care@seed.example>"),
    /** Cloudflare Turnstile. Without a secret, captcha verification passes (development and tests). */
    TURNSTILE_SECRET_KEY: z.string().trim().min(1).optional(),
    TURNSTILE_SITE_KEY: z.string().trim().min(1).optional(),
    /** The seller printed on invoices. */
    SHOP_LEGAL_NAME: z.string().trim().min(1).max(120).default("Seed Shop Ltd."),
    SHOP_LEGAL_ADDRESS: z.string().trim().min(1).max(300).default("1 Market Street, San Francisco, CA 94105, United States"),
    SHOP_TAX_ID: z.string().trim().min(1).max(60).optional(),
    SHOP_SUPPORT_EMAIL: z.email().default("care@seed.example"),
    TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    TURNSTILE_TIMEOUT_MS: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, "must be a whole number of milliseconds")
      .transform(Number)
      .pipe(z.number().min(100, "must be at least 100 milliseconds"))
      .default(5000),
    PROVIDER_BASE_PATH: z
      .string()
      .regex(/^\/[a-z0-9-]+$/, "must look like /provider (one lowercase segment)")
      .default("/provider"),
    /** The card gateway: the built-in sandbox (default), or Stripe with its keys. */
    PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Only for tests and local stand-ins; unset means https://api.stripe.com. */
    STRIPE_API_BASE: z.url().optional(),
    /** The publishable key (pk_...) Stripe.js makes card PaymentMethods with in the browser; public, not a secret. */
    STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
    /** Where checkout loads Stripe.js from; only tests point it at the local stand-in (server/testing/stripe-stand-in.ts). */
    STRIPE_JS_URL: z.url().default("https://js.stripe.com/v3/"),
    /** The renewal engine's pace per worker process: renewals started per second, and worked at once. */
    RENEWALS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(200),
    RENEWAL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    JOBS: z.enum(["inline", "off"]).default("inline"),
    /** Most PostgreSQL connections per process (the LISTEN connection adds one); see docs/deploy.md for the sum. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    /** A separate port serving /metrics (Prometheus text format) on METRICS_HOST; unset: no metrics port. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** Serves /metrics on the shop's own port to requests with "Authorization: Bearer <token>"; unset: not served there. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** Sending loops per worker process, each with its own SMTP connection (ADR 0051). */
    EMAIL_SENDERS: z.coerce.number().int().min(1).max(32).default(2),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    FEATURE_FLAGS: z.string().default(""),
    /** Seconds an anonymous page stays in the in-process page cache (0 turns the cache off). */
    PAGE_CACHE_SECONDS: z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number of seconds")
      .transform(Number)
      .default(300),
    /** Where analytics events are forwarded besides our database; unset, they stay ours (ADR 0013). */
    ANALYTICS_DESTINATION: z.enum(["segment", "posthog"]).optional(),
    ANALYTICS_DESTINATION_URL: z.url().optional(),
    ANALYTICS_WRITE_KEY: z.string().trim().min(1).optional(),
    ENABLE_TEST_HOOKS: boolean.default(false),
    /** Days after an order is marked shipped that its review request email is due (ADR 0068): time to try it. */
    REVIEW_REQUEST_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    /** "off", or overrides of the named limits (domain/rate-limits.ts); empty for the defaults. */
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseRateLimits(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** The proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma separated. Empty: none. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const entries = (value ?? "").split(",").map((e) => e.trim()).filter(Boolean);
        const bad = entries.find((e) => !isProxyEntry(e));
        if (bad) {
          ctx.addIssue({ code: "custom", message: `"${bad.slice(0, 60)}" is not an address or CIDR range (like 10.0.0.0/8)` });
          return z.NEVER;
        }
        return entries;
      }),
    /** Google sign-in (OpenID Connect). The issuer is discovered from its /.well-known/openid-configuration. */
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    /** Facebook sign-in (OAuth 2 with the Graph API's profile). */
    FACEBOOK_CLIENT_ID: z.string().trim().min(1).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).optional(),
    FACEBOOK_AUTHORIZE_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
    FACEBOOK_GRAPH_URL: z.url().default("https://graph.facebook.com/v19.0"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      // Links in emails, canonical URLs and OAuth redirects must not come from a Host header anyone can send.
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production (the shop's public origin, like https://shop.example)" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    if (env.PAYMENT_PROVIDER === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe" });
    }
    if (env.PAYMENT_PROVIDER === "stripe" && !env.STRIPE_PUBLISHABLE_KEY) {
      // Without it checkout cannot make a PaymentMethod, so no order could be placed.
      ctx.addIssue({ code: "custom", path: ["STRIPE_PUBLISHABLE_KEY"], message: "is required when PAYMENT_PROVIDER=stripe (checkout's Stripe.js needs it)" });
    }
    if (env.TURNSTILE_SECRET_KEY && !env.TURNSTILE_SITE_KEY) {
      // Verification without the checkout widget would refuse every order.
      ctx.addIssue({ code: "custom", path: ["TURNSTILE_SITE_KEY"], message: "is required when TURNSTILE_SECRET_KEY is set" });
    }
    if (env.ANALYTICS_DESTINATION && (!env.ANALYTICS_DESTINATION_URL || !env.ANALYTICS_WRITE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["ANALYTICS_WRITE_KEY"], message: "and ANALYTICS_DESTINATION_URL are required when ANALYTICS_DESTINATION is set" });
    }
    if (env.NODE_ENV === "production" && env.ENABLE_TEST_HOOKS) {
      ctx.addIssue({ code: "custom", path: ["ENABLE_TEST_HOOKS"], message: "must not be set in production" });
    }
  });

function isProxyEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export type Env = Omit<z.infer<typeof EnvSchema>, "HOST"> & { HOST: string; SESSION_SECRET: string };

/**
 * Where the shop listens when HOST is unset: production on every interface, as it always has (a container or host
 * behind a proxy); development and test on this machine only, so a fresh `npm start` is not reachable from the
 * network and prints no warning (server/start-warnings.ts). HOST=0.0.0.0 opens development to the network again.
 */
export const defaultHost = (nodeEnv: Env["NODE_ENV"]): string => (nodeEnv === "production" ? "0.0.0.0" : "127.0.0.1");

export class EnvError extends Error {}

const SECRET_KEYS = new Set(["METRICS_TOKEN", "SESSION_SECRET", "DATABASE_URL", "SMTP_URL", "TURNSTILE_SECRET_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "GOOGLE_CLIENT_SECRET", "FACEBOOK_CLIENT_SECRET", "ANALYTICS_WRITE_KEY"]);

/** Parses settings from an environment map (process.env by default). Throws EnvError with one line per bad value. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const key = i.path.join(".");
      const value = present[key];
      // Show a badly formed value as given, except for settings that may hold a password.
      const got = value !== undefined && i.code !== "custom" && !SECRET_KEYS.has(key) ? ` (got ${JSON.stringify(value.slice(0, 40))})` : "";
      return `${key} ${i.message}${got}`;
    });
    throw new EnvError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const data = result.data;
  // Production refused to get here without a secret; elsewhere a random one is made (and kept in the data folder).
  const secret = data.SESSION_SECRET ?? fallbackSessionSecret(data.NODE_ENV as "development" | "test", data.DATA_DIR);
  return { ...data, HOST: data.HOST ?? defaultHost(data.NODE_ENV), SESSION_SECRET: secret };
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * Reads RATE_LIMITS: empty for the defaults, "off" to switch every limit off (benchmarks, load tests), or a comma list
 * of `name=count/window` with the window in s, m, h or d (`purchase-per-address=60/1h,events-per-address=100/1m`).
 * Throws an Error naming the first bad entry.
 */
export function parseRateLimits(value: string | undefined): RateLimitSettings {
  const text = (value ?? "").trim();
  if (text === "" || text === "on") return { enabled: true, overrides: {} };
  if (text === "off") return { enabled: false };
  const overrides: Partial<Record<LimitName, Limit>> = {};
  for (const entry of text.split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)=(\d{1,7})\/(\d{1,5})([smhd])$/.exec(entry);
    if (!match) throw new Error(`"${entry}" is not name=count/window (like purchase-per-address=30/1h)`);
    const [, name, count, amount, unit] = match;
    if (!(LIMIT_NAMES as string[]).includes(name!)) throw new Error(`"${name}" is not a limit (known: ${LIMIT_NAMES.join(", ")})`);
    const windowMs = Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
    if (Number(count) < 1 || windowMs < 1000) throw new Error(`"${entry}" must allow at least 1 hit in at least 1s`);
    overrides[name as LimitName] = { limit: Number(count), windowMs };
  }
  return { enabled: true, overrides };
}
