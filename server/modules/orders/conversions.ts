import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * Which of these customers placed an order at checkout at or after their own `since` (the experiment report's
 * conversions, ADR 0056): an order the shop recorded and was paid for, refunded later or not. Renewals are left out:
 * the subscription places them, not the member (their key is `renewal:<subscription>:<period>`, renewalOrderKey; a
 * checkout key cannot hold a colon). So are held orders: a signed-out checkout under the member's email is not theirs
 * until the address is proven (orders.held_at, ADR 0057). One statement for any number of customers: the list travels as one JSON value.
 */
export async function customersWhoOrderedSince(db: Queryable, units: { customerId: string; since: Date }[]): Promise<Set<string>> {
  if (units.length === 0) return new Set();
  const list = JSON.stringify(units.map((u) => ({ customer_id: u.customerId, since: u.since.toISOString() })));
  const result = await db.execute(sql`
    select u.customer_id::text as customer_id
    from jsonb_to_recordset(${list}::jsonb) as u(customer_id uuid, since timestamptz)
    where exists (
      select 1 from orders o
      where o.customer_id = u.customer_id and o.created_at >= u.since
        and o.status in ('paid', 'refunded') and o.idempotency_key not like 'renewal:%' and o.held_at is null
    )`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as { customer_id: string }[];
  return new Set(rows.map((r) => r.customer_id));
}
