import { csvCell } from "./csv-exports";
import type { Figures } from "./service-figures";

/**
 * Each of the dashboard's figures as CSV, one file per table (issue 36): the numbers the page shows, amounts in minor
 * units (cents) as the console's API gives them, rates as fractions to four places. Aggregates only, no one's name, so
 * an export is not on the audit record (a list export names people and is). Cells go through csvCell, which defuses
 * anything a spreadsheet would run as a formula; a
 * number is written plainly, so a negative day of net revenue stays a number.
 */
export const FIGURE_CSV_NAMES = ["recurring", "revenue", "daily-net", "renewals", "cohorts"] as const;
export type FigureCsvName = (typeof FIGURE_CSV_NAMES)[number];

type Table = [header: string[], rows: unknown[][]];

/** A number is written as it is (a negative figure must stay a number, and digits cannot be a formula); text goes through csvCell. */
const cell = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : csvCell(value));

const rate = (r: number | null) => (r === null ? "" : r.toFixed(4));

const TABLES: Record<FigureCsvName, (f: Figures) => Table> = {
  recurring: (f) => [["currency", "subscriptions", "mrr", "arr"], f.recurring.map((r) => [r.currency, r.subscriptions, r.mrr, r.arr])],
  revenue: (f) => [
    ["from", "to", "currency", "orders", "gross", "refunds", "refund_total", "net", "aov", "first_orders", "first_order_total", "renewal_orders", "renewal_total"],
    f.revenue.map((r) => [f.from, f.to, r.currency, r.orders, r.gross, r.refunds, r.refundTotal, r.net, r.aov ?? "", r.firstOrders, r.firstOrderTotal, r.renewalOrders, r.renewalTotal]),
  ],
  "daily-net": (f) => [["day", "currency", "gross", "refunded", "net"], f.dailyNet.flatMap((s) => f.days.map((day, i) => [day, s.currency, s.gross[i] ?? 0, s.refunded[i] ?? 0, s.net[i] ?? 0]))],
  renewals: (f) => {
    const r = f.renewals;
    return [
      ["from", "to", "attempted", "paid", "paid_first_time", "failed_first", "recovered", "success_rate", "recovery_rate"],
      [[f.from, f.to, r.attempted, r.paid, r.paidFirstTime, r.failedFirst, r.recovered, rate(r.successRate), rate(r.recoveryRate)]],
    ];
  },
  cohorts: (f) => {
    const months = Math.max(0, ...f.cohorts.map((c) => c.retained.length));
    const header = ["cohort", "customers", ...Array.from({ length: months }, (_, k) => `month_${k}`)];
    return [header, f.cohorts.map((c) => [c.cohort, c.customers, ...Array.from({ length: months }, (_, k) => (k < c.retained.length ? c.retained[k] : ""))])];
  },
};

export const isFigureCsvName = (value: unknown): value is FigureCsvName => typeof value === "string" && (FIGURE_CSV_NAMES as readonly string[]).includes(value);

export function figuresAsCsv(name: FigureCsvName, figures: Figures): string {
  const [header, rows] = TABLES[name](figures);
  return `${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
