import type { Shop } from "../../shop";
import { JOB_SCHEMA } from "../job-leases";

/**
 * The job every worker runs once a minute and which only a worker can run (server/jobs/worker-heartbeat.ts): when it
 * was last completed tells every process, web ones included, whether any worker is alive (ADR 0078).
 */
export const WORKER_HEARTBEAT = "worker-heartbeat";

/** Outcomes and codes always reported, 0 when none, so an alert comparing with an hour ago has a series from the start. */
export const RENEWAL_OUTCOMES = ["succeeded", "declined", "requires_action", "skipped"] as const;
export const WATCHED_CHECKOUT_FAILURES = ["PAYMENT_DECLINED"] as const;

/**
 * What an operator watches (docs/operations.md), read from the database so every process's metrics endpoint shows the
 * whole deployment's numbers, whichever process did the work. Read-only, a handful of aggregate queries per scrape;
 * it reads other modules' tables directly (orders, renewals, the outbox, pg-boss) as a report does, and writes nothing.
 */
export interface OperationalCounts {
  orders: number;
  /** Checkout attempts that ended in an error, by its code (PAYMENT_DECLINED, ...). */
  checkoutFailures: { code: string; count: number }[];
  /** Renewal charge attempts by outcome (succeeded, declined, requires_action, skipped). */
  renewalAttempts: { outcome: string; count: number }[];
  /** Jobs waiting per pg-boss queue and the age of the oldest, in seconds. */
  queues: { queue: string; waiting: number; oldestSeconds: number; active: number }[];
  outbox: { queued: number; failed: number; oldestQueuedSeconds: number };
  /** When a worker last completed the heartbeat job (pg-boss's clock), in Unix seconds; 0 if none ever did. */
  workerHeartbeatSeconds: number;
}

const int = (v: unknown) => Number(v ?? 0);

export async function operationalCounts(shop: Shop): Promise<OperationalCounts> {
  const q = (text: string) => shop.database.executeSql(text);
  // Ages against the shop's clock (the house rule: no SQL now()); a Date's ISO string is safe to inline.
  const now = `'${shop.clock.now().toISOString()}'::timestamptz`;
  const [orders, failures, renewals, queues, outbox, heartbeat] = await Promise.all([
    q("select count(*)::bigint as n from orders"),
    q("select coalesce(error_code, 'unknown') as code, count(*)::bigint as n from checkout_attempts where status = 'failed' group by 1"),
    q("select outcome, count(*)::bigint as n from renewal_attempts group by 1"),
    q(`select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= ${now})::bigint as waiting,
         count(*) filter (where state = 'active')::bigint as active,
         coalesce(extract(epoch from ${now} - min(created_on) filter (where state in ('created', 'retry') and start_after <= ${now})), 0)::float8 as oldest
       from pgboss.job where state < 'completed' group by name`).catch(() => ({ rows: [] })),
    q(`select count(*) filter (where status = 'queued')::bigint as queued, count(*) filter (where status = 'failed')::bigint as failed,
         coalesce(extract(epoch from ${now} - min(created_at) filter (where status = 'queued')), 0)::float8 as oldest
       from email_outbox where status <> 'sent'`),
    // Completed heartbeats stay in pgboss.job for 12 hours before pg-boss archives them: a worker dead longer reads 0.
    q(`select extract(epoch from max(completed_on))::float8 as at from ${JOB_SCHEMA}.job where name = '${WORKER_HEARTBEAT}' and state = 'completed'`).catch(() => ({ rows: [] })),
  ]);
  const o = outbox.rows[0] ?? {};
  return {
    orders: int(orders.rows[0]?.n),
    checkoutFailures: withZeros(WATCHED_CHECKOUT_FAILURES, failures.rows.map((r) => ({ code: String(r.code), count: int(r.n) })), "code"),
    renewalAttempts: withZeros(RENEWAL_OUTCOMES, renewals.rows.map((r) => ({ outcome: String(r.outcome), count: int(r.n) })), "outcome"),
    queues: queues.rows.map((r) => ({ queue: String(r.name), waiting: int(r.waiting), active: int(r.active), oldestSeconds: Math.max(0, Number(r.oldest)) })),
    outbox: { queued: int(o.queued), failed: int(o.failed), oldestQueuedSeconds: Math.max(0, Number(o.oldest ?? 0)) },
    workerHeartbeatSeconds: Number(heartbeat.rows[0]?.at ?? 0),
  };
}

/** The rows found, plus a zero row for each expected key the database had none of. */
function withZeros<K extends string, R extends Record<K, string> & { count: number }>(expected: readonly string[], rows: R[], key: K): R[] {
  const missing = expected.filter((value) => !rows.some((r) => r[key] === value));
  return [...rows, ...missing.map((value) => ({ [key]: value, count: 0 }) as R)];
}
