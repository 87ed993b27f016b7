import type { Shop } from "../../shop";

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
}

const int = (v: unknown) => Number(v ?? 0);

export async function operationalCounts(shop: Shop): Promise<OperationalCounts> {
  const q = (text: string) => shop.database.executeSql(text);
  // Ages against the shop's clock (the house rule: no SQL now()); a Date's ISO string is safe to inline.
  const now = `'${shop.clock.now().toISOString()}'::timestamptz`;
  const [orders, failures, renewals, queues, outbox] = await Promise.all([
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
  ]);
  const o = outbox.rows[0] ?? {};
  return {
    orders: int(orders.rows[0]?.n),
    checkoutFailures: failures.rows.map((r) => ({ code: String(r.code), count: int(r.n) })),
    renewalAttempts: renewals.rows.map((r) => ({ outcome: String(r.outcome), count: int(r.n) })),
    queues: queues.rows.map((r) => ({ queue: String(r.name), waiting: int(r.waiting), active: int(r.active), oldestSeconds: Math.max(0, Number(r.oldest)) })),
    outbox: { queued: int(o.queued), failed: int(o.failed), oldestQueuedSeconds: Math.max(0, Number(o.oldest ?? 0)) },
  };
}
