import { ShopError } from "../../domain/errors";
import { gatewayOf } from "../integrations/payments";
import { recordLedgerEntry } from "../modules/ledger";
import { findRenewal } from "../modules/renewals";
import { dbOf, type Shop } from "../shop";

/**
 * Refunds part or all of a paid renewal at the gateway and records it in the ledger (a negative row). The caller's key
 * makes it once: the gateway answers a repeated key with the same refund, and the ledger row's key is unique.
 */
export async function refundRenewal(shop: Shop, renewalId: string, amount: number, key: string): Promise<{ refundId: string }> {
  const renewal = await findRenewal(dbOf(shop), renewalId);
  if (!renewal || renewal.status !== "paid" || !renewal.chargeId) throw new ShopError("NOT_FOUND", "No paid renewal to refund.");
  if (!Number.isInteger(amount) || amount <= 0 || amount > renewal.amount) throw new ShopError("VALIDATION_ERROR", "The refund must be a whole amount up to what was charged.");
  const gateway = gatewayOf(shop);
  const refund = await gateway.refund({ chargeId: renewal.chargeId, amount, idempotencyKey: `refund:${key}` });
  await recordLedgerEntry(dbOf(shop), {
    key: `refund:${key}`,
    subscriptionId: renewal.subscriptionId,
    renewalId,
    kind: "refund",
    amount: -amount,
    currency: renewal.currency,
    gateway: gateway.name,
    chargeId: renewal.chargeId,
    now: shop.clock.now(),
  });
  return refund;
}
