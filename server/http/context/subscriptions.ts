import type { Context } from "hono";
import { ShopError } from "../../../domain/errors";
import { nextDateBounds, toIsoDay } from "../../../domain/subscription-actions";
import type { CancellationInput, PlanChange, SubscriptionAction } from "../../../domain/subscription-requests";
import { listPlans } from "../../modules/catalog";
import {
  applySubscriptionAction,
  cancellationOptions,
  changeSubscriptionPlan,
  confirmChargeFromLink,
  heldSubscriptionRows,
  memberSubscription,
  memberSubscriptions,
  ownSubscription,
  planOf,
  previewPlanChange,
  reactivateSubscription,
  readCancelLink,
  type PortalSubscription,
} from "../../modules/subscriptions";
import { dbOf } from "../../shop";
import { cancelFromLink, cancelSubscription } from "../../workflows/cancel-subscription";
import { acceptRetentionOffer } from "../../workflows/keep-with-discount";
import { cancelPathForReminderLink, requestCancelLink } from "../../workflows/request-cancel-link";
import type { PriceList } from "../../../domain/plans";
import type { AppEnv } from "../types";
import { publicOrigin } from "../../public-origin";

/** The subscription portal's part of the load context: every call acts for the signed-in member only. */
export interface SubscriptionsContext {
  subscriptions: {
    list(): Promise<PortalSubscription[]>;
    get(id: string): Promise<PortalSubscription>;
    /** Names and prices of the plans this subscription may change into, and of the one-time add-ons. */
    plansFor(id: string): Promise<{ code: string; name: string; price: number; productCode: string; billingPeriodMonths: number | null }[]>;
    dateBounds(): { min: string; max: string };
    act(id: string, action: SubscriptionAction): Promise<PortalSubscription>;
    change(id: string, change: PlanChange): Promise<PortalSubscription>;
    preview(id: string, change: PlanChange): ReturnType<typeof previewPlanChange>;
    cancellationOptions(id: string): ReturnType<typeof cancellationOptions>;
    acceptOffer(id: string, reasonId: number | null): Promise<PortalSubscription>;
    cancel(id: string, input: CancellationInput): Promise<PortalSubscription>;
    reactivate(id: string): Promise<PortalSubscription>;
    /** Signed out: email a cancel link (the same answer for any address). */
    requestCancelLink(email: string): Promise<void>;
    /** Signed out: what a cancel link shows (its address and the held subscriptions), or null for a bad or old link. */
    fromCancelLink(token: string): Promise<{ email: string; subscriptions: { id: string; name: string; nextBillingAt: string }[] } | null>;
    cancelFromLink(token: string, id: string): Promise<PortalSubscription | null>;
    confirmCharge(token: string): ReturnType<typeof confirmChargeFromLink>;
    /** The renewal reminder's cancel link, exchanged for the portal's signed-out cancel page of its subscription. */
    cancelPathForReminder(token: string): Promise<string | null>;
  };
}

export function subscriptionsContext(c: Context<AppEnv>): SubscriptionsContext {
  const shop = c.get("shop");
  const member = () => {
    const session = c.get("session");
    if (!session) throw new ShopError("UNAUTHENTICATED");
    return session.customerId;
  };
  const origin = () => publicOrigin(shop.env, c.req.url);
  return {
    subscriptions: {
      list: () => memberSubscriptions(shop, member()),
      get: (id) => memberSubscription(shop, member(), id),
      plansFor: async (id) => {
        const row = await ownSubscription(dbOf(shop), member(), id);
        const plans = await listPlans(shop, row.priceList as PriceList, row.currency);
        return plans.map((p) => ({ code: p.code, name: p.name, price: p.price, productCode: p.productCode, billingPeriodMonths: p.domesticAttributes.billingPeriodLength }));
      },
      dateBounds: () => {
        const { min, max } = nextDateBounds(shop.clock.now());
        return { min: toIsoDay(min), max: toIsoDay(max) };
      },
      act: (id, action) => applySubscriptionAction(shop, member(), id, action),
      change: (id, change) => changeSubscriptionPlan(shop, member(), id, change),
      preview: (id, change) => previewPlanChange(shop, member(), id, change),
      cancellationOptions: (id) => cancellationOptions(shop, member(), id),
      acceptOffer: (id, reasonId) => acceptRetentionOffer(shop, member(), id, reasonId),
      cancel: (id, input) => cancelSubscription(shop, { customerId: member(), subscriptionId: id, input, via: "account", origin: origin() }),
      reactivate: (id) => reactivateSubscription(shop, member(), id),
      requestCancelLink: (email) => requestCancelLink(shop, { email, origin: origin() }),
      fromCancelLink: async (token) => {
        const claims = await readCancelLink(shop, token);
        if (!claims) return null;
        const rows = await heldSubscriptionRows(dbOf(shop), claims.customerId);
        const subscriptions = await Promise.all(
          rows.map(async (r) => ({ id: r.id, name: (await planOf(shop, r, r.renewalPlanCode)).name, nextBillingAt: r.nextBillingAt.toISOString() })),
        );
        return { email: claims.email, subscriptions };
      },
      cancelFromLink: (token, id) => cancelFromLink(shop, { token, subscriptionId: id, origin: origin() }),
      confirmCharge: (token) => confirmChargeFromLink(shop, token),
      cancelPathForReminder: (token) => cancelPathForReminderLink(shop, token),
    },
  };
}
