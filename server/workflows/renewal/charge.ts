import { gatewayOf } from "../../integrations/payments";
import type { ChargeResult } from "../../integrations/payments/gateway";
import { findOwnPaymentMethod } from "../../modules/payments";
import { dbOf, type Shop } from "../../shop";
import { renewalChargeKey, type Facts } from "./facts";

/** Step two: charging the saved card, once per attempt key (ADR 0010). */

export const chargeIdOf = (r: ChargeResult | { status: "free" } | { status: "no_card" }) => ("chargeId" in r && r.chargeId ? r.chargeId : null);

export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
export async function charge(shop: Shop, f: Facts, attempt: number): Promise<ChargeResult | { status: "free" } | { status: "no_card" }> {
  if (f.quote.total === 0) return { status: "free" };
  const methodId = f.renewal.paymentMethodId ?? f.sub.paymentMethodId;
  // A held subscription's card is held too (ADR 0057): it is still this subscription's card.
  const method = methodId ? await findOwnPaymentMethod(dbOf(shop), methodId, f.sub.customerId, { includeHeld: true }) : null;
  if (!method) return { status: "no_card" };
  return gatewayOf(shop).chargeSaved({
    token: method.token,
    amount: f.quote.total,
    currency: f.quote.currency,
    idempotencyKey: renewalChargeKey(f.sub.id, f.renewal.period, attempt),
  });
}
