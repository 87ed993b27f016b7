import type { PlanView } from "../../../domain/plans";
import { type RenewalQuote } from "../../../domain/renewal-quote";
import { ROUTES } from "../../../domain/routes";
import { signLink, type LinkPurpose } from "../../lib/signed-links";
import { type RenewalRow } from "../../modules/renewals";
import { type SubscriptionRow } from "../../modules/subscriptions";
import { type Shop } from "../../shop";
import { publicOrigin } from "../../public-origin";

/** The renewal's shared facts: its outcome, its idempotency keys, the signed links of its emails, and what a worker reads. */

/** What became of a renewal: paid, to be retried, waiting for a card or an authentication, cancelled by dunning, or skipped. */
export type RenewalOutcome = "paid" | "retrying" | "card_needed" | "action_needed" | "canceled" | "skipped";

export const DAY_MS = 86_400_000;
export const renewalOrderKey = (subscriptionId: string, period: string) => `renewal:${subscriptionId}:${period}`;
export const renewalChargeKey = (subscriptionId: string, period: string, attempt: number) => `renewal:${subscriptionId}:${period}:${attempt}`;

/** A one-click link of the renewal emails, signed and expiring (server/lib/signed-links.ts). */
export function renewalLink(shop: Shop, purpose: LinkPurpose, subject: string, scope: string | null, validDays: number): string {
  const token = signLink(shop.env.SESSION_SECRET, { purpose, subject, scope, expiresAt: new Date(shop.clock.now().getTime() + validDays * DAY_MS) });
  const base = publicOrigin(shop.env);
  return `${base}${ROUTES.subscription_link}?action=${purpose}&token=${encodeURIComponent(token)}`;
}

/** What a worker reads for one renewal before charging it: the row, its subscription, the email, the frozen quote, the plan. */
export interface Facts {
  renewal: RenewalRow;
  sub: SubscriptionRow;
  email: string;
  quote: RenewalQuote;
  plan: PlanView;
}

/** The origin of links in renewal emails (the shop's public address). */
export const originOf = (shop: Shop) => publicOrigin(shop.env);
