import { isIP } from "node:net";
import type { Env } from "./env";
import { captchaMode } from "./integrations/captcha/turnstile";

function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host === "::1") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

/**
 * What an operator must read before anything else when the shop starts in an unsafe shape: development mode reachable
 * from the network, production without rate limits, or production without a captcha service, the gravest first. Logged
 * as the first lines (warn), in plain words.
 */
export function startWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (env.NODE_ENV !== "production" && !isLoopbackHost(env.HOST)) {
    warnings.push(
      `The shop runs in ${env.NODE_ENV} mode and listens on ${env.HOST}, so other machines on the network can reach it. ` +
        "Development mode is for your own machine: its session secret is made for this data folder only, and errors are less guarded. " +
        "To serve anyone else run it in production: NODE_ENV=production SESSION_SECRET=<32+ random characters> PUBLIC_URL=https://your.shop npm run serve " +
        "(or set HOST=127.0.0.1 to keep development to this machine).",
    );
  }
  if (env.NODE_ENV === "production" && !env.RATE_LIMITS.enabled) {
    warnings.push("RATE_LIMITS=off: no rate limits on purchases, sign-ups or events. Use it only for benchmarks and load tests.");
  }
  if (captchaMode(env) === "unavailable") {
    warnings.push("TURNSTILE_SECRET_KEY is not set: no captcha can be asked, so after a few declined cards further card tries from that address, email or card are refused until the hour passes. Set TURNSTILE_SECRET_KEY and TURNSTILE_SITE_KEY to ask for a captcha instead.");
  }
  return warnings;
}
