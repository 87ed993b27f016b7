import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ContentPage } from "../../domain/content";
import { isBlocked } from "../../domain/customers";
import type { Experiments } from "../../domain/experiments";
import { parseFlagOverrides, resolveFlags, type Flags } from "../../domain/flags";
import { parseAudiences } from "../../domain/audiences";
import type { RouteName } from "../../domain/routes";
import { findPage } from "../modules/content/pages";
import { experimentsOf, findCustomerById } from "../modules/customers/customers";
import type { AppEnv } from "./types";

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
  pages: { find(name: RouteName): Promise<ContentPage | null> };
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
    pages: { find: (name) => findPage(shop, name) },
  };
}
