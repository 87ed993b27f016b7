import { sql, type SQL } from "drizzle-orm";
import type { CohortRow, FigureRange, RecurringGroup, RenewalCounts, RevenueRow } from "../../../domain/figures";
import type { Queryable } from "../../db/client";

/**
 * The SQL of the console's figures (issue 36, ADR 0074). A report: it reads other modules' tables directly (orders,
 * refunds, subscriptions, renewals, prices, coupons), writes nothing, and answers small grouped rows that
 * domain/figures.ts turns into MRR, rates and the cohort matrix. Every range is [start, end) on the shop's clock; no
 * statement calls now(). bench/figures.mjs times each one on a year of 100,000 subscribers.
 */

async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as T[];
}

const num = (v: unknown) => Number(v ?? 0);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Subscriptions that will be charged again (active, or past due while dunning still tries), each at its current
 * renewal price per charge: the agreed unit price (the list price of the plan it renews as when none is recorded yet)
 * × quantity, less a forever coupon that still applies. Shipping, credit, add-ons and the one-time retention discount
 * are not recurring and are left out. Grouped by currency and interval; domain/figures.ts normalises to a month.
 */
export const RECURRING_SQL = sql`
  with g as (
    -- Subscriptions priced alike grouped first, so the price lists and coupons are joined to a few rows, not to each.
    select s.currency, s.billing_period_months, s.renewal_plan_code, s.price_list, s.coupon_code, s.quantity, sp.unit_price, count(*) as n
    from subscriptions s
    left join subscription_prices sp on sp.subscription_id = s.id
    where s.status in ('active', 'past_due')
    group by 1, 2, 3, 4, 5, 6, 7
  ), priced as (
    select g.currency, g.billing_period_months, g.n,
           coalesce(g.unit_price, pp.amount, 0)::bigint * g.quantity as list_total,
           c.type as coupon_type, c.value as coupon_value
    from g
    left join plan_prices pp on pp.plan_code = g.renewal_plan_code and pp.price_list = g.price_list and pp.currency = g.currency
    left join plans p on p.code = g.renewal_plan_code
    left join coupons c on c.code = g.coupon_code and c.duration = 'forever' and c.active
      and (c.skus is null or p.product_sku = any(c.skus))
  )
  select currency, billing_period_months, sum(n)::bigint as subscriptions,
         sum(n * greatest(0, list_total - case
           when coupon_type = 'percent' then round(list_total * coupon_value / 100)
           when coupon_type = 'fixed' then least(list_total, round(coupon_value))
           else 0 end))::bigint as amount
  from priced
  group by currency, billing_period_months`;

export async function recurringGroups(db: Queryable): Promise<RecurringGroup[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, RECURRING_SQL);
  return rows.map((r) => ({ currency: String(r.currency), billingPeriodMonths: num(r.billing_period_months), subscriptions: num(r.subscriptions), amount: num(r.amount) }));
}

/**
 * Orders placed in the range by currency, first orders (checkout) apart from renewals (their key is
 * `renewal:<subscription>:<period>`; a checkout key cannot hold a colon, ADR 0056), and succeeded refunds made in the
 * range. Cancelled orders are left out; paid, refunded and partly refunded ones count at their total.
 */
export function revenueSql(range: FigureRange): SQL {
  return sql`
    with o as (
      select currency,
             count(*) filter (where idempotency_key not like 'renewal:%')::bigint as first_orders,
             coalesce(sum(total) filter (where idempotency_key not like 'renewal:%'), 0)::bigint as first_total,
             count(*) filter (where idempotency_key like 'renewal:%')::bigint as renewal_orders,
             coalesce(sum(total) filter (where idempotency_key like 'renewal:%'), 0)::bigint as renewal_total
      from orders
      where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and status <> 'canceled'
      group by currency
    ), r as (
      select currency, count(*)::bigint as refunds, coalesce(sum(amount), 0)::bigint as refund_total
      from payment_refunds
      where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and status = 'succeeded'
      group by currency
    )
    select coalesce(o.currency, r.currency) as currency,
           coalesce(first_orders, 0) as first_orders, coalesce(first_total, 0) as first_total,
           coalesce(renewal_orders, 0) as renewal_orders, coalesce(renewal_total, 0) as renewal_total,
           coalesce(refunds, 0) as refunds, coalesce(refund_total, 0) as refund_total
    from o full join r on r.currency = o.currency
    order by 1`;
}

export async function revenueRows(db: Queryable, range: FigureRange): Promise<RevenueRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, revenueSql(range));
  return rows.map((r) => ({
    currency: String(r.currency),
    firstOrders: num(r.first_orders),
    firstOrderTotal: num(r.first_total),
    renewalOrders: num(r.renewal_orders),
    renewalTotal: num(r.renewal_total),
    refunds: num(r.refunds),
    refundTotal: num(r.refund_total),
  }));
}

/** Per UTC day and currency: order totals placed that day, and succeeded refunds made that day. */
export function dailyNetSql(range: FigureRange): SQL {
  // Grouped by date in each branch first, so the text of a day is made once per day, not once per order.
  return sql`
    select to_char(day, 'YYYY-MM-DD') as day, currency, sum(gross)::bigint as gross, sum(refunded)::bigint as refunded from (
      select (created_at at time zone 'UTC')::date as day, currency, sum(total) as gross, 0 as refunded
      from orders where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and status <> 'canceled'
      group by 1, 2
      union all
      select (created_at at time zone 'UTC')::date, currency, 0, sum(amount)
      from payment_refunds where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and status = 'succeeded'
      group by 1, 2
    ) t
    group by t.day, currency`;
}

export async function dailyNet(db: Queryable, range: FigureRange): Promise<{ day: string; currency: string; gross: number; refunded: number }[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, dailyNetSql(range));
  return rows.map((r) => ({ day: String(r.day), currency: String(r.currency), gross: num(r.gross), refunded: num(r.refunded) }));
}

/**
 * Renewals due in the range, from their own counters (no join with the attempts): attempts is the number of charge
 * attempts made and status how it stands, so a renewal paid with attempts = 1 was paid first time, and one with
 * attempts >= 2, or attempted and not paid, was declined first. Skipped renewals were never charged.
 */
export function renewalsSql(range: FigureRange): SQL {
  return sql`
    select count(*) filter (where attempts >= 1)::bigint as attempted,
           count(*) filter (where status = 'paid')::bigint as paid,
           count(*) filter (where status = 'paid' and attempts = 1)::bigint as paid_first_time,
           count(*) filter (where attempts >= 2 or (attempts = 1 and status <> 'paid'))::bigint as failed_first,
           count(*) filter (where status = 'paid' and attempts >= 2)::bigint as recovered
    from renewals
    where due_at >= ${at(range.start)} and due_at < ${at(range.end)} and status <> 'skipped'`;
}

export async function renewalCounts(db: Queryable, range: FigureRange): Promise<RenewalCounts> {
  const [r] = await rowsOf<Record<string, unknown>>(db, renewalsSql(range));
  return { attempted: num(r?.attempted), paid: num(r?.paid), paidFirstTime: num(r?.paid_first_time), failedFirst: num(r?.failed_first), recovered: num(r?.recovered) };
}

/**
 * Customers by the month of their first subscription (its first order: the subscription's created_at) when that month
 * falls in the range, and the month their last subscription ended (null while one still runs). A reactivated
 * subscription is running again (status active), whatever its old canceled_at says.
 */
export function cohortSql(range: FigureRange): SQL {
  // Only customers with a subscription started in the range can have their first one in it: the created_at index
  // narrows a short range to a few customers; a year reads them all, by hash (bench/figures.mjs).
  return sql`
    with firsts as (
      select customer_id, min(created_at) as first_at,
             bool_or(status <> 'canceled') as running, max(canceled_at) as last_end
      from subscriptions
      where customer_id in (select customer_id from subscriptions where created_at >= ${at(range.start)} and created_at < ${at(range.end)})
      group by customer_id
    )
    select to_char(first_at at time zone 'UTC', 'YYYY-MM') as cohort,
           case when running then null else to_char(last_end at time zone 'UTC', 'YYYY-MM') end as ended_month,
           count(*)::bigint as customers
    from firsts
    where first_at >= ${at(range.start)} and first_at < ${at(range.end)}
    group by 1, 2
    order by 1, 2`;
}

export async function cohortRows(db: Queryable, range: FigureRange): Promise<CohortRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, cohortSql(range));
  return rows.map((r) => ({ cohort: String(r.cohort), endedMonth: r.ended_month === null || r.ended_month === undefined ? null : String(r.ended_month), customers: num(r.customers) }));
}

/** Subscriptions now by status (active, past_due, canceled). */
export async function subscriptionsByStatus(db: Queryable): Promise<Record<string, number>> {
  const rows = await rowsOf<Record<string, unknown>>(db, sql`select status, count(*)::bigint as n from subscriptions group by status`);
  return Object.fromEntries(rows.map((r) => [String(r.status), num(r.n)]));
}
