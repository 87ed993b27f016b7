import { pointsExpireAt } from "../../../../domain/cancellation";
import type { Queryable } from "../../../db/client";
import { enqueueEmail } from "../../email";
import { formatDate, formatDateTime, renderSimpleEmail } from "./layout";

/** The emails of the subscription portal, each queued once per event by its outbox key. */
export const CANCELLATION_CONFIRMATION = "subscription-canceled";
export const CANCEL_LINK = "subscription-cancel-link";
export const RENEWAL_SKIPPED_UNCONFIRMED = "renewal-skipped-unconfirmed";

export function renderCancellationConfirmation(s: { planName: string; canceledAt: Date; reactivateUrl: string; because?: string }) {
  return renderSimpleEmail({
    subject: "Your Seed subscription has been canceled",
    heading: "Your subscription has been canceled.",
    paragraphs: [
      ...(s.because ? [s.because] : []),
      `We canceled your ${s.planName} subscription on ${formatDateTime(s.canceledAt)}. You will not be charged again for it.`,
      `Your loyalty points stay until ${formatDate(pointsExpireAt(s.canceledAt))}. Reactivate before then and you keep them.`,
      "Changed your mind? You can reactivate from your account at any time.",
    ],
    button: { label: "Reactivate my subscription", url: s.reactivateUrl },
  });
}

export async function enqueueCancellationConfirmation(
  db: Queryable,
  to: string,
  s: { subscriptionId: string; planName: string; canceledAt: Date; reactivateUrl: string; because?: string },
  options: { now: Date },
) {
  const rendered = renderCancellationConfirmation(s);
  return enqueueEmail(
    db,
    { to, ...rendered, template: CANCELLATION_CONFIRMATION, idempotencyKey: `${CANCELLATION_CONFIRMATION}:${s.subscriptionId}:${s.canceledAt.toISOString()}` },
    options,
  );
}

/** Ten-minute windows: one link per address per window, however often the form is sent (no mailbox flooding). */
const WINDOW_MS = 10 * 60_000;

export function renderCancelLink(url: string) {
  return renderSimpleEmail({
    subject: "Your link to cancel your Seed subscription",
    heading: "Cancel your subscription",
    paragraphs: [
      "You asked to cancel a Seed subscription. Open the link below and press Cancel subscription: no password needed.",
      "The link works for 7 days. If you did not ask for it, ignore this email and nothing changes.",
    ],
    button: { label: "Cancel my subscription", url },
  });
}

export async function enqueueCancelLink(db: Queryable, to: string, url: string, options: { now: Date }) {
  const window = Math.floor(options.now.getTime() / WINDOW_MS);
  return enqueueEmail(db, { to, ...renderCancelLink(url), template: CANCEL_LINK, idempotencyKey: `${CANCEL_LINK}:${to}:${window}`, urgent: true, secrets: [url] }, options);
}

/** Someone asked for a cancel link for an address with no subscription: say so, without telling the asker anything. */
export async function enqueueNoSubscriptionNotice(db: Queryable, to: string, options: { now: Date }) {
  const window = Math.floor(options.now.getTime() / WINDOW_MS);
  const rendered = renderSimpleEmail({
    subject: "About your request to cancel a Seed subscription",
    heading: "No subscription to cancel",
    paragraphs: [
      "Someone (hopefully you) asked to cancel a Seed subscription for this email address, but it has no active subscription.",
      "If you subscribed with another address, ask again with that one. Nothing was changed.",
    ],
  });
  return enqueueEmail(db, { to, ...rendered, template: CANCEL_LINK, idempotencyKey: `${CANCEL_LINK}:${to}:${window}`, urgent: true }, options);
}

export async function enqueueRenewalSkipped(
  db: Queryable,
  to: string,
  s: { subscriptionId: string; planName: string; skippedBillingAt: Date; nextBillingAt: Date; manageUrl: string },
  options: { now: Date },
) {
  const rendered = renderSimpleEmail({
    subject: "We skipped this shipment: you had not confirmed it",
    heading: "This shipment was skipped",
    paragraphs: [
      `You asked us to check with you before each charge. We did not hear back, so we did not charge you for the ${s.planName} shipment due ${formatDate(s.skippedBillingAt)}.`,
      `Your subscription is still active. Your next shipment is planned for ${formatDate(s.nextBillingAt)}, and we will ask you again before then.`,
    ],
    button: { label: "Manage my subscription", url: s.manageUrl },
  });
  return enqueueEmail(
    db,
    { to, ...rendered, template: RENEWAL_SKIPPED_UNCONFIRMED, idempotencyKey: `${RENEWAL_SKIPPED_UNCONFIRMED}:${s.subscriptionId}:${s.skippedBillingAt.toISOString()}` },
    options,
  );
}
