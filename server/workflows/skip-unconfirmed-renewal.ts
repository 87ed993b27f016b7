import { ROUTES } from "../../domain/routes";
import { findCustomerById } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { enqueueRenewalSkipped, isChargeConfirmed, needsChargeConfirmation, planOf, skipUnconfirmedCharge } from "../modules/subscriptions";
import { subscriptionRowById } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

/**
 * For the renewal engine (issue 12), before it charges a due subscription: when the member asked to confirm each
 * charge and did not confirm this one, the renewal is skipped (the date moves one period on) and an email says so.
 * Answers "charge" when the engine should go on, "skipped" when it must not charge. Safe to run twice.
 */
export async function gateUnconfirmedRenewal(shop: Shop, req: { subscriptionId: string; dueAt: Date; origin: string }): Promise<"charge" | "skipped"> {
  const db = dbOf(shop);
  if (!(await needsChargeConfirmation(db, req.subscriptionId))) return "charge";
  if (await isChargeConfirmed(db, req.subscriptionId, req.dueAt)) return "charge";
  const sub = await subscriptionRowById(db, req.subscriptionId);
  if (!sub) return "skipped";
  const customer = await findCustomerById(shop, sub.customerId);
  const plan = await planOf(shop, sub, sub.renewalPlanCode);
  const now = shop.clock.now();
  const next = await db.transaction(async (tx) => {
    const moved = await skipUnconfirmedCharge(tx, req.subscriptionId, req.dueAt);
    if (moved && customer) {
      await enqueueRenewalSkipped(
        tx,
        customer.email,
        { subscriptionId: sub.id, planName: plan.name, skippedBillingAt: req.dueAt, nextBillingAt: moved, manageUrl: new URL(ROUTES.subscriptions, req.origin).toString() },
        { now },
      );
    }
    return moved;
  });
  if (next) await sendQueuedEmailsSoon(shop);
  return "skipped";
}
