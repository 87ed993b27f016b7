import type { SubscriptionAction } from "../../../domain/subscription-requests";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { billingEvery, formatDay, money } from "./format";

/** The portal's form that reverses a change: the same intents the page's own buttons post. */
export interface Undo {
  label: string;
  fields: Record<string, string>;
}

/** What the page says after an action: what happened, in the server's figures, and how to take it back if it can be. */
export interface ActionOutcome {
  message: string;
  undo: Undo | null;
}

const day = (iso: string) => formatDay(iso);
const total = (s: PortalSubscription) => (s.nextCharge ? money(s.nextCharge.total, s.nextCharge.currency, s.country) : null);
const quantityOf = (s: PortalSubscription) => (s.quantity > 1 ? ` × ${s.quantity}` : "");

/** "You're now on the DS-01® Refill (every 3 months): $134.97 every 3 months from January 14, 2027." */
export function planSentence(s: PortalSubscription): string {
  const price = total(s);
  return `You're now on the ${s.planName}${quantityOf(s)}${price ? `: ${price} ${billingEvery(s.billingPeriodMonths)} from ${day(s.nextBillingAt)}` : ""}.`;
}

/** Back to the date before a move, when that day can still be chosen (the date picker's window). */
function undoDate(before: PortalSubscription, bounds: { min: string; max: string }): Undo | null {
  const previous = before.nextBillingAt.slice(0, 10);
  if (previous < bounds.min || previous > bounds.max) return null;
  return { label: `Undo: back to ${day(before.nextBillingAt)}`, fields: { intent: "select-date", date: previous } };
}

function dateMoved(before: PortalSubscription, after: PortalSubscription, bounds: { min: string; max: string }, lead: string): ActionOutcome {
  const price = total(after);
  return {
    message: `${lead}Your next shipment is now on ${day(after.nextBillingAt)}${price ? ` (${price})` : ""}. It was ${day(before.nextBillingAt)}.`,
    undo: undoDate(before, bounds),
  };
}

/**
 * The words for one portal action, from the subscription before and after it (issue 34, point 8): the new date, the
 * new plan and price, the item added or removed, never the generic "next billing cycle" for a date move. A charge made
 * by Ship now cannot be taken back, so it has no undo.
 */
export function describeAction(action: SubscriptionAction, before: PortalSubscription, after: PortalSubscription, bounds: { min: string; max: string }): ActionOutcome {
  switch (action.action) {
    case "delay":
      return dateMoved(before, after, bounds, action.months === 1 ? "Delayed one month. " : "Delayed two months. ");
    case "select_date":
      return dateMoved(before, after, bounds, "Rescheduled. ");
    case "too_much":
      return dateMoved(before, after, bounds, `With ${action.capsulesLeft} capsules left, we moved your shipment so it arrives as they run out. `);
    case "ship_now": {
      const price = total(after);
      return {
        message: `Shipping now: we charge ${price ?? "your card"} within minutes and send your ${after.planName}. A charge can't be undone; the shipments after it keep coming ${billingEvery(after.billingPeriodMonths)}.`,
        undo: null,
      };
    }
    case "add_on": {
      const added = after.addOns.find((a) => !before.addOns.some((b) => b.id === a.id));
      const name = added?.name ?? "The item";
      return {
        message: `Added ${name} to your shipment on ${day(after.nextBillingAt)}, this time only. That charge is now ${total(after) ?? "updated"}.`,
        undo: added ? { label: `Undo: remove ${name}`, fields: { intent: "remove-add-on", addOnId: added.id } } : null,
      };
    }
    case "remove_add_on": {
      const removed = before.addOns.find((a) => a.id === action.addOnId);
      const name = removed?.name ?? "The item";
      return {
        message: `Removed ${name} from your shipment on ${day(after.nextBillingAt)}. That charge is now ${total(after) ?? "updated"}.`,
        undo: removed ? { label: `Undo: add ${name} back`, fields: { intent: "add-on", planCode: removed.planCode, quantity: String(removed.quantity) } } : null,
      };
    }
    case "savings":
      return {
        message: planSentence(after),
        undo: { label: `Undo: back to the ${before.planName}`, fields: { intent: action.enroll ? "savings-unenroll" : "savings-enroll" } },
      };
    case "confirm_each_charge":
      return {
        message: action.enabled
          ? `We'll ask you before each charge: an email 3 days before ${day(after.nextBillingAt)}, with a button to confirm. Unconfirmed shipments are skipped.`
          : `We no longer ask before each charge: your next shipment renews on ${day(after.nextBillingAt)}.`,
        undo: { label: "Undo", fields: { intent: "confirm-each-charge", enabled: action.enabled ? "false" : "true" } },
      };
  }
}

/** The plan change page's words after Confirm: the new plan and price, and the way back to the plan before. */
export function describePlanChange(before: { planCode: string; planName: string; quantity: number }, after: PortalSubscription): ActionOutcome {
  const same = before.planCode === after.planCode && before.quantity === after.quantity;
  return {
    message: planSentence(after),
    undo: same ? null : { label: `Undo: back to the ${before.planName}${before.quantity > 1 ? ` × ${before.quantity}` : ""}`, fields: { intent: "confirm", planCode: before.planCode, quantity: String(before.quantity) } },
  };
}
