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

let warnedNoSecretInProduction = false;

/**
 * Checks a Cloudflare Turnstile token with siteverify (form-encoded secret, response and remoteip), within
 * TURNSTILE_TIMEOUT_MS. Anything but a clear success (a refusal, a bad answer, a network error, a timeout)
 * throws ShopError("CAPTCHA_FAILED"), whose message is SPEC.md's words. Without TURNSTILE_SECRET_KEY it passes,
 * so development and tests need no Cloudflare account (docs/decisions/0005-email-outbox-and-captcha.md).
 * The purchase workflow calls this before charging.
 */
export async function verifyCaptcha(shop: Shop, token: string | null | undefined, ip: string | null | undefined): Promise<void> {
  const secret = shop.env.TURNSTILE_SECRET_KEY;
  if (!secret) {
    if (shop.env.NODE_ENV === "production" && !warnedNoSecretInProduction) {
      warnedNoSecretInProduction = true;
      shop.log.warn("TURNSTILE_SECRET_KEY is not set: captcha verification is switched off");
    }
    return;
  }
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
