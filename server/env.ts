import { isIP } from "node:net";
import { z } from "zod";
import { parseRateLimits } from "./modules/rate-limit";
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
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
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
      .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/, 'must be an address or "Name <address>"')
      .default("Seed <care@seed.example>"),
    /** Cloudflare Turnstile. Without a secret, captcha verification passes (development and tests). */
    TURNSTILE_SECRET_KEY: z.string().trim().min(1).optional(),
    TURNSTILE_SITE_KEY: z.string().trim().min(1).optional(),
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
    JOBS: z.enum(["inline", "off"]).default("inline"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    FEATURE_FLAGS: z.string().default(""),
    ENABLE_TEST_HOOKS: boolean.default(false),
    /** "off", or overrides of the named limits (server/modules/rate-limit/limits.ts); empty for the defaults. */
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    if (env.TURNSTILE_SECRET_KEY && !env.TURNSTILE_SITE_KEY) {
      // Verification without the checkout widget would refuse every order.
      ctx.addIssue({ code: "custom", path: ["TURNSTILE_SITE_KEY"], message: "is required when TURNSTILE_SECRET_KEY is set" });
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

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

export class EnvError extends Error {}

const SECRET_KEYS = new Set(["SESSION_SECRET", "DATABASE_URL", "SMTP_URL", "TURNSTILE_SECRET_KEY"]);

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
  return { ...data, SESSION_SECRET: secret };
}
