import type { Env } from "../../env";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { parseAudiences } from "../../../domain/audiences";
import { isBlocked } from "../../../domain/customers";
import type { Experiments } from "../../../domain/experiments";
import { operatorFlags, pricingFlagsOf, visitorPreviewFlags, type PricingFlags, type VisitorFlags } from "../../../domain/flags";
import { pickCountry } from "../../../domain/locale";
import { COUNTRY_STORAGE_KEY } from "../../../domain/storage-keys";
import { clientLocation } from "../middleware/client-location";
import { serveExperiments } from "../../modules/analytics";
import { findCustomerById } from "../../modules/customers";
import { cachedFlagDefaults } from "../../modules/settings";
import { dbOf } from "../../shop";
import type { AppEnv } from "../types";

/** Mirrors the seed_country_code local storage entry so pages are priced for the shopper's country on the server. */
export const COUNTRY_COOKIE = COUNTRY_STORAGE_KEY;

/** Cookie a visitor (or a test) sets to preview flags and audiences: "data-redesign=true,quizAudience=false". */
export const PREVIEW_COOKIE = "seed_flags";

export interface ShellViewer {
  signedIn: boolean;
  email: string | null;
  firstName: string | null;
  /** The mobile drawer hides Home for blocked members (SPEC.md section 2 leaves the predicate to us). */
  blocked: boolean;
  experiments: Experiments;
}

/** What every page's shell needs: who is looking, from where, with which flags. */
export interface ShellContext {
  nonce: string;
  requestId: string;
  /** What the pages display: the operator's flags, experiment variants, then the seed_flags cookie (ADR 0080). */
  flags: VisitorFlags;
  /** The money flags, from the operator's flags and experiment variants only: never the cookie (ADR 0062, 0080). */
  pricing: PricingFlags;
  quizAudience: boolean;
  viewer: ShellViewer;
  testHooks: boolean;
  /** The shopper's country: ?country=, else their stored choice, else the CDN's guess, else US. */
  country: string;
  /** Turnstile's public site key when captcha is on, else null. */
  captchaSiteKey: string | null;
  /** Where the provider backend routes are mounted (PROVIDER_BASE_PATH). */
  providerBase: string;
  /** Stripe.js's URL and publishable key when checkout pays through Stripe (PAYMENT_PROVIDER=stripe), else null. */
  stripe: { jsUrl: string; publishableKey: string } | null;
  /** The browser sent Global Privacy Control (Sec-GPC: 1): opted out of sale and sharing (the page cache keys on it). */
  gpc: boolean;
}

const ANONYMOUS: ShellViewer = { signedIn: false, email: null, firstName: null, blocked: true, experiments: {} };

async function viewerOf(c: Context<AppEnv>): Promise<ShellViewer> {
  const shop = c.get("shop");
  const session = c.get("session");
  const customer = session ? await findCustomerById(shop, session.customerId) : null;
  if (!customer) return ANONYMOUS;
  return {
    signedIn: true,
    email: customer.email,
    firstName: customer.firstName,
    blocked: isBlocked(customer),
    // Assigned and counted as exposed here, by the server (ADR 0056); stopped ones are left out, so the control shows.
    experiments: await serveExperiments(shop, customer.id),
  };
}

/** Sec-GPC: 1 is the signal; anything else is none. */
export const sendsGpc = (header: string | undefined) => header?.trim() === "1";

/** What checkout's card step needs to load Stripe.js: only with PAYMENT_PROVIDER=stripe (the publishable key is public). */
export function stripeForBrowser(env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_JS_URL">): ShellContext["stripe"] {
  return env.PAYMENT_PROVIDER === "stripe" && env.STRIPE_PUBLISHABLE_KEY ? { jsUrl: env.STRIPE_JS_URL, publishableKey: env.STRIPE_PUBLISHABLE_KEY } : null;
}

export async function shellContext(c: Context<AppEnv>): Promise<ShellContext> {
  const shop = c.get("shop");
  const preview = getCookie(c, PREVIEW_COOKIE) ?? "";
  const viewer = await viewerOf(c);
  const operator = operatorFlags(shop.env.FEATURE_FLAGS, await cachedFlagDefaults(dbOf(shop)));
  return {
    nonce: c.get("secureHeadersNonce") ?? "",
    requestId: c.get("requestId"),
    // The display flags may read the visitor's preview cookie; the pricing flags are the shop's alone (ADR 0080).
    flags: visitorPreviewFlags(operator, viewer.experiments, preview),
    pricing: pricingFlagsOf(operator, viewer.experiments),
    quizAudience: parseAudiences(preview).quizAudience,
    viewer,
    testHooks: shop.env.ENABLE_TEST_HOOKS,
    country: pickCountry(c.req.query("country"), getCookie(c, COUNTRY_COOKIE), clientLocation(c).country),
    providerBase: shop.env.PROVIDER_BASE_PATH,
    captchaSiteKey: shop.env.TURNSTILE_SITE_KEY ?? null,
    stripe: stripeForBrowser(shop.env),
    gpc: sendsGpc(c.req.header("sec-gpc")),
  };
}
