import type { SubscriptionAction } from "../../../domain/subscription-requests";

/**
 * The portal's form buttons name an intent; this turns a submitted form into the action the server applies (or
 * "reactivate", which is its own call). Unknown intents are bad input.
 */
export type PortalIntent = SubscriptionAction | { action: "reactivate" };

export function intentOf(form: FormData): Record<string, unknown> | null {
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => String(form.get(name) ?? "");
  switch (intent) {
    case "delay-1":
      return { action: "delay", months: 1 };
    case "delay-2":
      return { action: "delay", months: 2 };
    case "select-date":
      return { action: "select_date", date: field("date") };
    case "ship-now":
      return { action: "ship_now" };
    case "add-on":
      return { action: "add_on", planCode: field("planCode"), quantity: field("quantity") || "1" };
    case "remove-add-on":
      return { action: "remove_add_on", addOnId: field("addOnId") };
    case "savings-enroll":
      return { action: "savings", enroll: true };
    case "savings-unenroll":
      return { action: "savings", enroll: false };
    case "too-much":
      return { action: "too_much", capsulesLeft: field("capsulesLeft") };
    case "confirm-each-charge":
      return { action: "confirm_each_charge", enabled: form.get("enabled") === "on" || form.get("enabled") === "true" };
    case "reactivate":
      return { action: "reactivate" };
    default:
      return null;
  }
}
