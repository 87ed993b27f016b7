import { nextBillingDates } from "../../../domain/billing-dates";
import { typedMatches } from "../../../domain/confirmations";
import { ShopError } from "../../../domain/errors";
import { findCustomerRow } from "../../modules/customers";
import { toIsoDay } from "../../../domain/subscription-actions";
import { applySubscriptionAction, findSubscription, scheduleOf, type SubscriptionRow } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { cancelSubscription } from "../cancel-subscription";
import { chargeMissedRenewalNow } from "../renew-subscription";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * Staff acting on a subscription for its member (ADR 0039). Each reuses the member's or the renewal engine's own
 * function (so the rules, the subscription_changes line, the emails and "never a second charge for a period" are
 * theirs), then writes the audit entry with the reason, before and after. The change commits in its own transaction
 * first: an action refused by those rules leaves no entry.
 */
const view = (s: SubscriptionRow) => ({ status: s.status, nextBillingAt: s.nextBillingAt.toISOString() });

async function subscriptionOf(shop: Shop, id: string): Promise<SubscriptionRow> {
  const sub = /^[0-9a-f-]{36}$/i.test(id) ? await findSubscription(dbOf(shop), id) : null;
  if (!sub) throw new ShopError("NOT_FOUND", "There is no such subscription.");
  return sub;
}

const requireReason = (reason: string) => {
  const text = reason.trim();
  if (!text) throw new ShopError("VALIDATION_ERROR", "Say why (the reason is kept on the record).");
  return text.slice(0, 500);
};

async function audited(shop: Shop, actor: ConsoleActor, permission: "subscriptions.edit" | "subscriptions.charge", id: string, before: SubscriptionRow, reason: string, extra: Record<string, unknown> = {}) {
  const after = await subscriptionOf(shop, id);
  await consoleAction(shop, actor, permission, async () => ({
    result: undefined,
    audit: { targetType: "subscription", targetId: id, before: view(before), after: { ...view(after), reason, ...extra } },
  }));
  return after;
}

/** Charges the missed renewal now through the renewal engine's own command: a paid period is never charged again. */
export async function chargeRenewalNowAction(shop: Shop, actor: ConsoleActor, input: { subscriptionId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const before = await subscriptionOf(shop, input.subscriptionId);
  const { period, outcome } = await chargeMissedRenewalNow(shop, before.id);
  await audited(shop, actor, "subscriptions.charge", before.id, before, reason, { period, outcome });
  return { period, outcome };
}

/** Pause: the next charge moves 1 or 2 months later (the member's own "delay"; longer is a cancellation). */
export async function pauseSubscriptionAction(shop: Shop, actor: ConsoleActor, input: { subscriptionId: string; months: 1 | 2; reason: string }) {
  const reason = requireReason(input.reason);
  const before = await subscriptionOf(shop, input.subscriptionId);
  await applySubscriptionAction(shop, before.customerId, before.id, { action: "delay", months: input.months });
  return view(await audited(shop, actor, "subscriptions.edit", before.id, before, reason, { action: `pause ${input.months} month(s)` }));
}

/** Skip: the next shipment is skipped, so the charge after it (one billing period later) is the next one. */
export async function skipNextAction(shop: Shop, actor: ConsoleActor, input: { subscriptionId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const before = await subscriptionOf(shop, input.subscriptionId);
  const following = nextBillingDates(scheduleOf(before), 2)[1]!;
  await applySubscriptionAction(shop, before.customerId, before.id, { action: "select_date", date: toIsoDay(following) });
  return view(await audited(shop, actor, "subscriptions.edit", before.id, before, reason, { action: "skip next shipment" }));
}

/** Cancel for the member: their cancellation (record, email with the reactivate link), channel "console". */
export async function cancelSubscriptionAction(shop: Shop, actor: ConsoleActor, input: { subscriptionId: string; reason: string; origin: string; confirmation?: string }) {
  const reason = requireReason(input.reason);
  const before = await subscriptionOf(shop, input.subscriptionId);
  if (before.status === "canceled") throw new ShopError("VALIDATION_ERROR", "This subscription is already canceled.");
  // Cancelling for someone else: the customer's email typed (issue 36, ADR 0075), so it is this customer, on purpose.
  const email = (await findCustomerRow(dbOf(shop), before.customerId))?.email ?? "";
  if (!typedMatches(email, input.confirmation)) throw new ShopError("CONFIRMATION_REQUIRED", `Cancelling stops the customer's deliveries. Type the customer's email (${email}) to confirm.`);
  await cancelSubscription(shop, { customerId: before.customerId, subscriptionId: before.id, input: { cancellationReasonText: reason }, via: "console", origin: input.origin });
  return view(await audited(shop, actor, "subscriptions.edit", before.id, before, reason, { action: "cancel" }));
}
