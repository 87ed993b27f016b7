import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { stripeForBrowser } from "../context/shell";
import { securityHeaders, stripeSources } from "./security-headers";

const STRIPE = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };

/** The CSP a page answers with under these settings, as its directives. */
async function cspOf(source: Record<string, string>): Promise<Record<string, string[]>> {
  const app = new Hono();
  app.use("*", securityHeaders(parseEnv(source)));
  app.get("/checkout", (c) => c.text("ok"));
  const header = (await app.request("/checkout")).headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(header.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

describe("Content-Security-Policy and Stripe.js (ADR 0019)", () => {
  it("the sandbox (the default) allows no Stripe origin", async () => {
    const csp = await cspOf({});
    for (const directive of ["script-src", "frame-src", "connect-src"]) expect(csp[directive]!.join(" ")).not.toMatch(/stripe|127\.0\.0\.1/);
    expect(stripeSources(parseEnv({}))).toEqual({ script: [], frame: [], connect: [] });
  });

  it("with Stripe, js.stripe.com may run, frame and connect, with Stripe's API and 3-D Secure frames", async () => {
    const csp = await cspOf(STRIPE);
    expect(csp["script-src"]).toContain("https://js.stripe.com");
    expect(csp["script-src"]).not.toContain("https://api.stripe.com");
    expect(csp["frame-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://api.stripe.com"]));
    // Nothing else loosens: the nonce still guards inline scripts, and no page may frame the shop.
    expect(csp["script-src"]!.some((v) => v.startsWith("'nonce-"))).toBe(true);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("STRIPE_JS_URL moves every Stripe origin to the stand-in's", async () => {
    const csp = await cspOf({ ...STRIPE, STRIPE_JS_URL: "http://127.0.0.1:4555/v3/stripe.js", STRIPE_API_BASE: "http://127.0.0.1:4555" });
    for (const directive of ["script-src", "frame-src", "connect-src"]) {
      expect(csp[directive]).toContain("http://127.0.0.1:4555");
      expect(csp[directive]!.join(" ")).not.toMatch(/stripe\.com/);
    }
  });

  it("Stripe needs its publishable key, and the STRIPE_JS_URL default is Stripe's", () => {
    expect(() => parseEnv({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: "" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(parseEnv(STRIPE).STRIPE_JS_URL).toBe("https://js.stripe.com/v3/");
  });
});

// Which pages load Stripe.js: only checkout's card step asks for it (app/components/checkout/StripeCardField.tsx), with
// the settings the page context hands over only with Stripe on; tests/e2e/stripe-checkout.spec.ts watches the browser.
describe("the page context hands Stripe.js's settings over only with Stripe", () => {
  it("sandbox: none; Stripe: the script's URL and the publishable key", () => {
    expect(stripeForBrowser(parseEnv({}))).toBeNull();
    expect(stripeForBrowser(parseEnv(STRIPE))).toEqual({ jsUrl: "https://js.stripe.com/v3/", publishableKey: "pk_test_x" });
    expect(stripeForBrowser(parseEnv({ ...STRIPE, STRIPE_JS_URL: "http://127.0.0.1:4555/v3/stripe.js" }))!.jsUrl).toBe("http://127.0.0.1:4555/v3/stripe.js");
  });
});
