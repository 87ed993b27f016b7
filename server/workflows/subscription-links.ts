import { billingPeriodOf, skipShipment } from "../../domain/billing-dates";
import { ShopError } from "../../domain/errors";
import { cents, formatMoney, localeFor } from "../../domain/money";
import { gatewayOf } from "../integrations/payments";
import { completeSandboxAuthentication, tokenizeCard, type CardInput } from "../integrations/payments/sandbox";
import { verifyLink, type LinkPurpose } from "../lib/signed-links";
import { savePaymentMethod } from "../modules/payments";
import { findRenewal, openRenewalOf, OPEN_RENEWAL_STATUSES, setRenewalStatus } from "../modules/renewals";
import { cancelByCustomer, findSubscription, moveNextBilling, scheduleOf } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { quoteNextCharge } from "./quote-next-charge";
import { renewalLink, retryWithNewCard, settleAuthenticatedRenewal } from "./renew-subscription";

/**
 * The one-click links of the renewal emails: each is a signed token (server/lib/signed-links.ts) that works without
 * signing in, and each shows one confirmation screen before anything changes.
 */
export type LinkAction = Exclude<LinkPurpose, "manage" | "newsletter-confirm" | "newsletter-unsubscribe" | "order" | "review">;
export const LINK_ACTIONS: readonly LinkAction[] = ["skip", "cancel", "update-card", "confirm-payment"];

export interface LinkView {
  action: LinkAction;
  productName: string;
  /** What will happen, in words, for the confirmation screen. */
  summary: string;
  /** Null when the link can still be used; otherwise why not. */
  closed: string | null;
}

const day = (d: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);

async function checked(shop: Shop, action: LinkAction, token: string) {
  const check = verifyLink(shop.env.SESSION_SECRET, token, action, shop.clock.now());
  if (!check.ok) throw new ShopError(check.reason === "expired" ? "FORBIDDEN" : "VALIDATION_ERROR", check.reason === "expired" ? "This link has expired. Sign in to manage your subscription." : "This link is not valid.");
  return check.link;
}

async function subscriptionOfLink(shop: Shop, action: LinkAction, subject: string) {
  if (action === "confirm-payment") {
    const renewal = await findRenewal(dbOf(shop), subject);
    const sub = renewal ? await findSubscription(dbOf(shop), renewal.subscriptionId) : null;
    return { sub, renewal };
  }
  return { sub: await findSubscription(dbOf(shop), subject), renewal: null };
}

export async function describeLink(shop: Shop, action: LinkAction, token: string): Promise<LinkView> {
  const link = await checked(shop, action, token);
  const { sub, renewal } = await subscriptionOfLink(shop, action, link.subject);
  if (!sub) throw new ShopError("NOT_FOUND", "This subscription no longer exists.");
  const { quote, plan } = await quoteNextCharge(shop, sub, sub.nextBillingAt);
  const price = formatMoney({ amount: quote.total, currency: quote.currency }, localeFor(sub.country));
  const view = (summary: string, closed: string | null = null): LinkView => ({ action, productName: plan.name, summary, closed });
  switch (action) {
    case "skip": {
      const next = skipShipment(scheduleOf(sub)).nextBillingAt;
      if (sub.status !== "active" || billingPeriodOf(sub.nextBillingAt) !== link.scope) return view("This shipment can no longer be skipped.", "This shipment has already been charged, skipped or moved.");
      if (await openRenewalOf(dbOf(shop), sub.id)) return view("This shipment is being charged now.", "This shipment is already being charged.");
      return view(`Skip the shipment of ${day(sub.nextBillingAt)} (${price}). Your next charge will be on ${day(next)}.`);
    }
    case "cancel":
      if (sub.status === "canceled") return view("Your subscription has been canceled.", "This subscription is already canceled.");
      return view(`Cancel your subscription. Nothing more will be charged; your next charge would have been ${price} on ${day(sub.nextBillingAt)}.`);
    case "update-card": {
      const open = await openRenewalOf(dbOf(shop), sub.id);
      return view(open ? `Add a card; we will retry the payment of ${formatMoney({ amount: cents(open.amount), currency: open.currency as never }, localeFor(sub.country))} at once.` : "Add a card for your next charges.");
    }
    case "confirm-payment":
      if (!renewal || renewal.status !== "action_needed") return view("This payment needs nothing more from you.", "This payment is already settled.");
      return view(`Confirm the payment of ${formatMoney({ amount: cents(renewal.amount), currency: renewal.currency as never }, localeFor(sub.country))} for ${plan.name}.`);
  }
}

/** A subscription's page from a "manage" link (the confirmation and reminder emails; ADR 0063): no password needed. */
export interface ManageView {
  productName: string;
  status: "active" | "paused" | "canceled" | string;
  /** "$134.97 on 22 February 2027", or null when nothing is due (canceled). */
  nextCharge: string | null;
  /** One-click pages of the same machinery, signed now: skip the next shipment, cancel. Null when not possible. */
  skipPath: string | null;
  cancelPath: string | null;
}

/** The manage page's own links are short-lived: it makes them fresh on each visit. */
const MANAGE_ACTION_DAYS = 7;
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/**
 * What a "manage" link shows: the subscription's plan, status and next charge, and its skip and cancel links (the
 * reminder's flows, signed for this subscription). Anything more (plan, date, address) is the signed-in portal's.
 */
export async function describeManageLink(shop: Shop, token: string): Promise<ManageView> {
  const check = verifyLink(shop.env.SESSION_SECRET, token, "manage", shop.clock.now());
  if (!check.ok) throw new ShopError(check.reason === "expired" ? "FORBIDDEN" : "VALIDATION_ERROR", check.reason === "expired" ? "This link has expired. Sign in to manage your subscription." : "This link is not valid.");
  const sub = await findSubscription(dbOf(shop), check.link.subject);
  if (!sub) throw new ShopError("NOT_FOUND", "This subscription no longer exists.");
  const { quote, plan } = await quoteNextCharge(shop, sub, sub.nextBillingAt);
  const active = sub.status === "active";
  const open = active ? await openRenewalOf(dbOf(shop), sub.id) : null;
  return {
    productName: plan.name,
    status: sub.status,
    nextCharge: sub.status === "canceled" ? null : `${formatMoney({ amount: quote.total, currency: quote.currency }, localeFor(sub.country))} on ${day(sub.nextBillingAt)}`,
    skipPath: active && !open ? pathOf(renewalLink(shop, "skip", sub.id, billingPeriodOf(sub.nextBillingAt), MANAGE_ACTION_DAYS)) : null,
    cancelPath: sub.status === "canceled" ? null : pathOf(renewalLink(shop, "cancel", sub.id, null, MANAGE_ACTION_DAYS)),
  };
}

/** Performs a link's action after its confirmation screen. Answers the words of the done screen. */
export async function performLink(shop: Shop, action: LinkAction, token: string, card: CardInput | null): Promise<string> {
  const link = await checked(shop, action, token);
  const now = shop.clock.now();
  const db = dbOf(shop);
  const { sub, renewal } = await subscriptionOfLink(shop, action, link.subject);
  if (!sub) throw new ShopError("NOT_FOUND", "This subscription no longer exists.");
  switch (action) {
    case "skip": {
      if (billingPeriodOf(sub.nextBillingAt) !== link.scope || (await openRenewalOf(db, sub.id))) throw new ShopError("VALIDATION_ERROR", "This shipment can no longer be skipped.");
      const next = skipShipment(scheduleOf(sub));
      const moved = await db.transaction((tx) => moveNextBilling(tx, sub.id, sub.nextBillingAt, next));
      if (!moved) throw new ShopError("VALIDATION_ERROR", "This shipment can no longer be skipped.");
      return `Done: this shipment is skipped. Your next charge will be on ${day(next.nextBillingAt)}.`;
    }
    case "cancel": {
      await db.transaction(async (tx) => {
        if (!(await cancelByCustomer(tx, sub.id, "customer_request", now))) return;
        const open = await openRenewalOf(tx, sub.id);
        if (open) await setRenewalStatus(tx, open.id, OPEN_RENEWAL_STATUSES, { status: "canceled", nextAttemptAt: null }, now);
      });
      return "Your subscription has been canceled.";
    }
    case "update-card": {
      if (!card) throw new ShopError("VALIDATION_ERROR", "Please enter your card.");
      if (gatewayOf(shop).name !== "sandbox") throw new ShopError("VALIDATION_ERROR", "Please add your card from your account.");
      const tokenized = await tokenizeCard(shop, card);
      const methodId = await db.transaction((tx) => savePaymentMethod(tx, sub.customerId, "sandbox", tokenized.token, tokenized, true, now));
      const outcome = await retryWithNewCard(shop, sub.id, methodId);
      if (outcome === "paid") return "Thank you: your card is saved and your payment went through.";
      if (outcome === null) return "Thank you: your card is saved for your next charges.";
      return "Your card is saved, but the payment did not go through. Please try another card.";
    }
    case "confirm-payment": {
      if (!renewal || renewal.status !== "action_needed" || !renewal.chargeId) throw new ShopError("VALIDATION_ERROR", "This payment is already settled.");
      // The sandbox's stand-in for the bank's authentication page; with Stripe, Stripe.js does this step in the browser.
      if (gatewayOf(shop).name === "sandbox") await completeSandboxAuthentication(shop, renewal.chargeId, true);
      const outcome = await settleAuthenticatedRenewal(shop, renewal.id);
      return outcome === "paid" ? "Thank you: your payment is confirmed." : "Your bank has not confirmed the payment yet. Please try again.";
    }
  }
}
