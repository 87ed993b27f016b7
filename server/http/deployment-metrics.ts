import client from "prom-client";
import { operationalCounts, type OperationalCounts } from "../modules/operations";
import type { Shop } from "../shop";

/**
 * The deployment-wide figures, read from the database at scrape time (one set of queries per scrape for all of them).
 * Every process exports the same values, so they are gauges (never `_total`: they are not this process's counts) and
 * are aggregated across processes with `max`, never `sum` (ADR 0078; ops/prometheus/alerts.yml does so). Every process,
 * not only workers, so that a dead worker is seen from a web process's scrape.
 */
export function registerDeploymentGauges(shop: Shop, registry: client.Registry): void {
  let pending: Promise<OperationalCounts | null> | null = null;
  const counts = () => (pending ??= operationalCounts(shop).catch(() => null).finally(() => setTimeout(() => (pending = null), 0)));
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: client.Gauge, c: OperationalCounts) => void) =>
    new client.Gauge({
      name,
      help: `${help} (deployment-wide, the same on every process: aggregate with max)`,
      labelNames,
      registers: [registry],
      async collect() {
        const c = await counts();
        if (!c) return;
        this.reset();
        fill(this, c);
      },
    });
  gauge("shop_orders", "Orders placed since the shop opened", [], (g, c) => g.set(c.orders));
  gauge("shop_checkout_failures", "Checkout attempts that failed, by error code (declines are PAYMENT_DECLINED)", ["code"], (g, c) => {
    for (const f of c.checkoutFailures) g.set({ code: f.code }, f.count);
  });
  gauge("shop_renewal_attempts", "Renewal charge attempts by outcome (succeeded, declined, requires_action, skipped)", ["outcome"], (g, c) => {
    for (const r of c.renewalAttempts) g.set({ outcome: r.outcome }, r.count);
  });
  gauge("shop_queue_waiting_jobs", "Jobs due and not yet started, per pg-boss queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.waiting);
  });
  gauge("shop_queue_active_jobs", "Jobs running (or left running by a dead worker until they expire), per queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.active);
  });
  gauge("shop_queue_oldest_waiting_seconds", "Age of the oldest due job not yet started, per queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.oldestSeconds);
  });
  gauge("shop_outbox_queued_emails", "Emails queued in the outbox, not yet sent", [], (g, c) => g.set(c.outbox.queued));
  gauge("shop_outbox_failed_emails", "Emails that failed for good (they wait for an operator)", [], (g, c) => g.set(c.outbox.failed));
  gauge("shop_outbox_oldest_queued_seconds", "Age of the oldest queued email", [], (g, c) => g.set(c.outbox.oldestQueuedSeconds));
  gauge("shop_worker_heartbeat_timestamp_seconds", "When a worker last completed the minutely heartbeat job, Unix time; 0 if never", [], (g, c) =>
    g.set(c.workerHeartbeatSeconds),
  );
}
