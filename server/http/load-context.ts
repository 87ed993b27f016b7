import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { CartProductRule } from "../../domain/cart";
import type { ProductCode } from "../../domain/catalog";
import type { ContentPage } from "../../domain/content";
import { pickCountry } from "../../domain/locale";
import type { PageCatalog } from "../../domain/offers";
import { isBlocked } from "../../domain/customers";
import type { Experiments } from "../../domain/experiments";
import { parseFlagOverrides, resolveFlags, type Flags } from "../../domain/flags";
import { parseAudiences } from "../../domain/audiences";
import type { RouteName } from "../../domain/routes";
import { cartRules, pageCatalog } from "../modules/catalog/offers";
import { findPage } from "../modules/content/pages";
import { orderSummary } from "../modules/orders/orders";
import type { OrderSummary } from "../../domain/orders";
import { readLastOrderId } from "./last-order-cookie";
import { dbOf } from "../shop";
import { locate } from "../integrations/geo";
import { findEmail, listOutbox, type OutboxEmail, type OutboxEmailSummary } from "../modules/email/outbox";
import { experimentsOf, findCustomerById } from "../modules/customers/customers";
import type { AppEnv } from "./types";

/** Mirrors the seed_country_code local storage entry so pages are priced for the shopper's country on the server. */
export const COUNTRY_COOKIE = "seed_country_code";

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

/** What route loaders receive as `context`. The app reaches the server only through this object. */
export interface ShopLoadContext {
  nonce: string;
  requestId: string;
  flags: Flags;
  quizAudience: boolean;
  viewer: ShellViewer;
  testHooks: boolean;
  /** The shopper's country: ?country=, else their stored choice, else the CDN's guess, else US. */
  country: string;
  pages: { find(name: RouteName): Promise<ContentPage | null> };
  /** Turnstile's public site key when captcha is on, else null. */
  captchaSiteKey: string | null;
  /** Where the provider backend routes are mounted (PROVIDER_BASE_PATH). */
  providerBase: string;
  orders: {
    /** The order this browser just placed (from its signed cookie), or null. */
    lastOrder(): Promise<OrderSummary | null>;
  };
  catalog: {
    forPage(codes: readonly ProductCode[], country: string): Promise<PageCatalog>;
    cartRules(): Promise<[string, CartProductRule][]>;
  };
  /** The email outbox for the development mailbox (/dev/mailbox); null in production. */
  mailbox: { list(): Promise<OutboxEmailSummary[]>; find(id: string): Promise<OutboxEmail | null> } | null;
}

const ANONYMOUS: ShellViewer = { signedIn: false, email: null, firstName: null, blocked: true, experiments: {} };

export async function buildLoadContext(c: Context<AppEnv>): Promise<ShopLoadContext> {
  const shop = c.get("shop");
  const session = c.get("session");
  const preview = getCookie(c, PREVIEW_COOKIE) ?? "";
  const customer = session ? await findCustomerById(shop, session.customerId) : null;
  const viewer: ShellViewer = customer
    ? {
        signedIn: true,
        email: customer.email,
        firstName: customer.firstName,
        blocked: isBlocked(customer),
        experiments: await experimentsOf(shop, customer.id),
      }
    : ANONYMOUS;
  return {
    nonce: c.get("secureHeadersNonce") ?? "",
    requestId: c.get("requestId"),
    flags: resolveFlags(parseFlagOverrides(shop.env.FEATURE_FLAGS), parseFlagOverrides(preview)),
    quizAudience: parseAudiences(preview).quizAudience,
    viewer,
    testHooks: shop.env.ENABLE_TEST_HOOKS,
    country: pickCountry(c.req.query("country"), getCookie(c, COUNTRY_COOKIE), locate(c.req.raw.headers).country),
    pages: { find: (name) => findPage(shop, name) },
    providerBase: shop.env.PROVIDER_BASE_PATH,
    captchaSiteKey: shop.env.TURNSTILE_SITE_KEY ?? null,
    orders: {
      lastOrder: async () => {
        const id = await readLastOrderId(c);
        return id ? orderSummary(dbOf(shop), id) : null;
      },
    },
    catalog: { forPage: (codes, country) => pageCatalog(shop, codes, country), cartRules: () => cartRules(shop) },
    mailbox: shop.env.NODE_ENV === "production" ? null : { list: () => listOutbox(shop), find: (id) => findEmail(shop, id) },
  };
}
