import { gatewayOf } from "../integrations/payments";
import { ledgerTotals, recordMismatch } from "../modules/ledger";
import { dbOf, type Shop } from "../shop";

export interface ReconciliationReport {
  runAt: Date;
  subscriptions: number;
  charges: number;
  mismatches: number;
}

/**
 * The nightly reconciliation: per subscription, the ledger's sum must equal what the gateway holds for the charges the
 * ledger names (captured minus refunded). Every difference is recorded in reconciliation_mismatches and logged.
 */
export async function reconcileLedger(shop: Shop): Promise<ReconciliationReport> {
  const runAt = shop.clock.now();
  const gateway = gatewayOf(shop);
  const report: ReconciliationReport = { runAt, subscriptions: 0, charges: 0, mismatches: 0 };
  for (const total of await ledgerTotals(dbOf(shop))) {
    report.subscriptions += 1;
    let held = 0;
    const problems: string[] = [];
    for (const chargeId of total.chargeIds) {
      report.charges += 1;
      const charge = await gateway.retrieveCharge(chargeId);
      if (!charge) problems.push(`${chargeId}: unknown to the gateway`);
      else if (charge.status !== "captured") problems.push(`${chargeId}: ${charge.status}`);
      else if (charge.currency.toUpperCase() !== total.currency.toUpperCase()) problems.push(`${chargeId}: in ${charge.currency}`);
      else held += charge.amount - charge.amountRefunded;
    }
    if (held !== total.amount || problems.length > 0) {
      report.mismatches += 1;
      const detail = problems.join("; ") || `ledger ${total.amount}, gateway ${held}`;
      await recordMismatch(dbOf(shop), { runAt, subscriptionId: total.subscriptionId, currency: total.currency, ledgerAmount: total.amount, gatewayAmount: held, detail });
      shop.log.error({ subscriptionId: total.subscriptionId, ledger: total.amount, gateway: held, detail }, "ledger and gateway disagree");
    }
  }
  shop.log.info({ job: "reconcile-ledger", ...report }, "reconciled the ledger with the gateway");
  return report;
}
