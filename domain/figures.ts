import { ShopError } from "./errors";

/**
 * The figures a subscription business runs on (issue 36, ADR 0074): the pure half. The SQL in server/modules/metrics
 * answers small grouped rows; these functions turn them into MRR, rates and the cohort matrix, so the rules are tested
 * without a database and the console shows what the CSV holds.
 */

/** Whole UTC days on the shop's clock, both ends included: [from 00:00, to + 1 day 00:00). */
export interface FigureRange {
  from: string;
  to: string;
  /** The instants the SQL reads: start inclusive, end exclusive. */
  start: Date;
  end: Date;
  days: number;
}

export const DEFAULT_RANGE_DAYS = 30;
/** Two years and a day: enough for a year against the year before, small enough to stay fast. */
export const MAX_RANGE_DAYS = 731;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function parseDay(value: string, name: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (!ISO_DAY.test(value) || Number.isNaN(date.getTime()) || dayOf(date) !== value) {
    throw new ShopError("VALIDATION_ERROR", `"${name}" must be a date written YYYY-MM-DD.`);
  }
  // The shop has no orders before 2000 nor after 2999; a year 9999 would also step past what a timestamp can be read as.
  if (value < "2000-01-01" || value > "2999-12-31") throw new ShopError("VALIDATION_ERROR", `"${name}" must be a date from 2000 to 2999.`);
  return date;
}

/**
 * The range of a figures request: the last 30 days by the shop's clock (today included) when neither end is given;
 * one end alone is completed with the other's default. Refuses bad dates, from after to, and more than two years.
 */
export function parseFigureRange(input: { from?: string | null; to?: string | null }, now: Date): FigureRange {
  const today = dayOf(now);
  const toText = input.to?.trim() || today;
  const end = new Date(parseDay(toText, "to").getTime() + DAY_MS);
  const fromText = input.from?.trim() || dayOf(new Date(end.getTime() - DEFAULT_RANGE_DAYS * DAY_MS));
  const start = parseDay(fromText, "from");
  if (start >= end) throw new ShopError("VALIDATION_ERROR", `"from" (${fromText}) must not be after "to" (${toText}).`);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days > MAX_RANGE_DAYS) throw new ShopError("VALIDATION_ERROR", `A range is at most ${MAX_RANGE_DAYS} days; this one is ${days}.`);
  return { from: fromText, to: toText, start, end, days };
}

/** Every day of the range, YYYY-MM-DD. */
export const daysOf = (range: FigureRange): string[] => Array.from({ length: range.days }, (_, i) => dayOf(new Date(range.start.getTime() + i * DAY_MS)));

/** Recurring revenue of one currency grouped by billing interval: the sum of current renewal prices of those subscriptions. */
export interface RecurringGroup {
  currency: string;
  billingPeriodMonths: number;
  subscriptions: number;
  /** The sum of their renewal prices per charge, minor units. */
  amount: number;
}

export interface Recurring {
  currency: string;
  subscriptions: number;
  /** Monthly recurring revenue, minor units, rounded once after normalising every interval to a month. */
  mrr: number;
  arr: number;
}

/** A charge every n months is worth amount ÷ n a month; the sum is rounded to the cent once, ARR is 12 × that MRR. */
export function recurringRevenue(groups: readonly RecurringGroup[]): Recurring[] {
  const byCurrency = new Map<string, { subscriptions: number; monthly: number }>();
  for (const g of groups) {
    if (!Number.isInteger(g.billingPeriodMonths) || g.billingPeriodMonths < 1) throw new RangeError(`a billing interval is a whole number of months >= 1: ${g.billingPeriodMonths}`);
    const sum = byCurrency.get(g.currency) ?? { subscriptions: 0, monthly: 0 };
    sum.subscriptions += g.subscriptions;
    sum.monthly += g.amount / g.billingPeriodMonths;
    byCurrency.set(g.currency, sum);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => {
      const mrr = Math.round(s.monthly);
      return { currency, subscriptions: s.subscriptions, mrr, arr: mrr * 12 };
    });
}

/** Orders of one currency in the range, split by kind, and succeeded refunds made in the range. */
export interface RevenueRow {
  currency: string;
  firstOrders: number;
  firstOrderTotal: number;
  renewalOrders: number;
  renewalTotal: number;
  refunds: number;
  refundTotal: number;
}

export interface Revenue extends RevenueRow {
  orders: number;
  /** Order totals before refunds. */
  gross: number;
  /** Gross less succeeded refunds made in the range (a refund counts on the day it was made, whatever the order's day). */
  net: number;
  /** Average order value: gross ÷ orders, rounded to the cent; null without orders. */
  aov: number | null;
}

export function revenueOf(row: RevenueRow): Revenue {
  const orders = row.firstOrders + row.renewalOrders;
  const gross = row.firstOrderTotal + row.renewalTotal;
  return { ...row, orders, gross, net: gross - row.refundTotal, aov: orders > 0 ? Math.round(gross / orders) : null };
}

/** Renewals due in the range by how their first attempt went and how they ended. */
export interface RenewalCounts {
  /** Renewals due in the range that were attempted at least once. */
  attempted: number;
  /** Of those, paid in the end (on any attempt). */
  paid: number;
  /** Paid on the first attempt. */
  paidFirstTime: number;
  /** Declined on the first attempt. */
  failedFirst: number;
  /** Declined first, paid on a retry. */
  recovered: number;
}

export interface RenewalRates extends RenewalCounts {
  /** Paid (on any attempt) ÷ attempted; null with nothing attempted. */
  successRate: number | null;
  /** Recovered ÷ failed first; null when none failed first. */
  recoveryRate: number | null;
}

export function renewalRates(c: RenewalCounts): RenewalRates {
  return { ...c, successRate: c.attempted > 0 ? c.paid / c.attempted : null, recoveryRate: c.failedFirst > 0 ? c.recovered / c.failedFirst : null };
}

/** Customers grouped by the month of their first subscription and the month their last subscription ended (null: still subscribed). */
export interface CohortRow {
  cohort: string;
  endedMonth: string | null;
  customers: number;
}

export interface Cohort {
  /** YYYY-MM of the customers' first subscription order. */
  cohort: string;
  customers: number;
  /** retained[k]: customers still subscribed when month k after the cohort's month began (month 0, the cohort's own, is everyone); only months that have begun. */
  retained: number[];
  /** retained[k] ÷ customers. */
  rates: number[];
}

const monthIndex = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * The retention matrix: a customer is retained in month k when a subscription of theirs was still running as month k
 * began (month 0 is the cohort's own month, so everyone). One whose subscriptions all ended in month m counts up to
 * month m: a cancellation on 10 March still leaves March retained, and April not.
 */
export function cohortMatrix(rows: readonly CohortRow[], currentMonth: string): Cohort[] {
  const now = monthIndex(currentMonth);
  const byCohort = new Map<string, CohortRow[]>();
  for (const r of rows) byCohort.set(r.cohort, [...(byCohort.get(r.cohort) ?? []), r]);
  return [...byCohort.keys()].sort().map((cohort) => {
    const start = monthIndex(cohort);
    const members = byCohort.get(cohort)!;
    const customers = members.reduce((n, r) => n + r.customers, 0);
    const months = Math.max(0, now - start) + 1;
    const retained = Array.from({ length: months }, (_, k) =>
      members.reduce((n, r) => n + (r.endedMonth === null || monthIndex(r.endedMonth) >= start + k ? r.customers : 0), 0),
    );
    return { cohort, customers, retained, rates: retained.map((n) => (customers > 0 ? n / customers : 0)) };
  });
}
