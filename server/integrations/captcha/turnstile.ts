import { ShopError } from "../../../domain/errors";
import type { Shop } from "../../shop";

/** Cloudflare documents tokens of at most 2048 characters; anything longer is not a token. */
export const MAX_TURNSTILE_TOKEN_LENGTH = 2048;

/** What siteverify answers (the fields we read). */
interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
  hostname?: unknown;
  action?: unknown;
}

/** Error codes that mean our configuration is wrong rather than the shopper's token. */
const CONFIGURATION_ERRORS = new Set(["missing-input-secret", "invalid-input-secret"]);

/**
 * How captchas are checked, chosen once from the environment (docs/decisions/0058):
 * - `turnstile`: TURNSTILE_SECRET_KEY is set, every token goes to Cloudflare's siteverify;
 * - `stand-in`: no secret outside production (development, tests): every answer passes, so nobody needs a
 *   Cloudflare account to try the checkout's security check;
 * - `unavailable`: no secret in production. No captcha can be asked, so where one would be the answer is refused
 *   (CAPTCHA_UNAVAILABLE) until the decline window slides: a captcha that was never configured never passes.
 */
export type CaptchaMode = "turnstile" | "stand-in" | "unavailable";

export function captchaMode(env: Pick<Shop["env"], "TURNSTILE_SECRET_KEY" | "NODE_ENV">): CaptchaMode {
  if (env.TURNSTILE_SECRET_KEY) return "turnstile";
  return env.NODE_ENV === "production" ? "unavailable" : "stand-in";
}

/**
 * Where the decline limits ask for a captcha (docs/decisions/0026): refused outright when none can be asked
 * (production without Turnstile keys), CAPTCHA_REQUIRED when the shopper sent none.
 */
export function requireCaptcha(shop: Shop, token: string | null | undefined): void {
  if (captchaMode(shop.env) === "unavailable") throw new ShopError("CAPTCHA_UNAVAILABLE");
  if (!token) throw new ShopError("CAPTCHA_REQUIRED");
}

/**
 * Checks a Cloudflare Turnstile token with siteverify (form-encoded secret, response and remoteip), within
 * TURNSTILE_TIMEOUT_MS. Anything but a clear success (a refusal, a bad answer, a network error, a timeout)
 * throws ShopError("CAPTCHA_FAILED"), whose message is SPEC.md's words. Without TURNSTILE_SECRET_KEY: outside
 * production every token passes (docs/decisions/0005-email-outbox-and-captcha.md); in production nothing
 * passes (CAPTCHA_UNAVAILABLE, docs/decisions/0058). The purchase workflow calls this before charging.
 */
export async function verifyCaptcha(shop: Shop, token: string | null | undefined, ip: string | null | undefined): Promise<void> {
  const mode = captchaMode(shop.env);
  if (mode === "unavailable") throw new ShopError("CAPTCHA_UNAVAILABLE");
  // Development and tests: an explicit choice, never made in production (captchaMode).
  if (mode === "stand-in") return;
  const secret = shop.env.TURNSTILE_SECRET_KEY!;
  if (typeof token !== "string" || token.trim() === "" || token.length > MAX_TURNSTILE_TOKEN_LENGTH) {
    throw new ShopError("CAPTCHA_FAILED");
  }

  const form = new URLSearchParams({ secret, response: token });
  if (ip) form.set("remoteip", ip);

  let answer: SiteverifyAnswer;
  try {
    const res = await fetch(shop.env.TURNSTILE_VERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(shop.env.TURNSTILE_TIMEOUT_MS),
      redirect: "error",
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      shop.log.warn({ status: res.status }, "captcha verification answered an error status");
      throw new ShopError("CAPTCHA_FAILED");
    }
    answer = (await res.json()) as SiteverifyAnswer;
  } catch (error) {
    if (error instanceof ShopError) throw error;
    shop.log.warn({ err: error instanceof Error ? error.message : String(error) }, "captcha verification did not answer");
    throw new ShopError("CAPTCHA_FAILED");
  }

  if (answer === null || typeof answer !== "object" || answer.success !== true) {
    const codes = Array.isArray(answer?.["error-codes"]) ? (answer["error-codes"] as unknown[]).map(String) : [];
    if (codes.some((c) => CONFIGURATION_ERRORS.has(c))) shop.log.error({ codes }, "captcha secret refused: check TURNSTILE_SECRET_KEY");
    else shop.log.info({ codes }, "captcha refused");
    throw new ShopError("CAPTCHA_FAILED");
  }
}
