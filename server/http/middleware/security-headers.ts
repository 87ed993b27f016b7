import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Env } from "../../env";

/**
 * CSP with a per-request nonce for React Router's inline scripts; HSTS only in production
 * (it would pin http://localhost to HTTPS in a developer's browser otherwise).
 * Vite's dev server gets a looser script policy for its hot-reload client.
 */
export function securityHeaders(env: Env, { viteDev = false } = {}) {
  // Vite's dev server injects inline scripts and a websocket for hot reload; built pages need neither.
  const dev = viteDev;
  // Turnstile's script and frame come from Cloudflare, and only when captcha is switched on.
  const captcha = env.TURNSTILE_SITE_KEY ? ["https://challenges.cloudflare.com"] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...captcha] : ["'self'", NONCE, ...captcha],
      frameSrc: ["'self'", ...captcha],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      fontSrc: ["'self'"],
      connectSrc: dev ? ["'self'", "ws:", "wss:", ...captcha] : ["'self'", ...captcha],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: env.NODE_ENV === "production" ? "max-age=63072000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });
}
