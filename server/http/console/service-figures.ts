import type { Permission } from "../../../domain/console-access";
import { cohortMatrix, daysOf, parseFigureRange, recurringRevenue, renewalRates, revenueOf, type FigureRange } from "../../../domain/figures";
import { cohortRows, dailyNet, recurringGroups, renewalCounts, revenueRows, subscriptionsByStatus } from "../../modules/metrics";
import { subscriptionStats } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { figuresAsCsv, type FigureCsvName } from "./figures-csv";

export type FigureRangeInput = { from?: string | null; to?: string | null };

/**
 * The numbers a subscription business runs on (issue 36, ADR 0074), for roles holding dashboard.read: recurring
 * revenue now, and over a range of whole UTC days on the shop's clock, net revenue, order value, first orders against
 * renewals, renewal success and dunning recovery, and retention by monthly cohort. Part of consoleService.
 */
export function figuresService(shop: Shop, allow: (permission: Permission) => void) {
  const db = dbOf(shop);

  async function compute(range: FigureRange) {
    const [groups, revenue, daily, renewals, cohorts, status, churn] = await Promise.all([
      recurringGroups(db),
      revenueRows(db, range),
      dailyNet(db, range),
      renewalCounts(db, range),
      cohortRows(db, range),
      subscriptionsByStatus(db),
      subscriptionStats(db, range.start, range.end),
    ]);
    const days = daysOf(range);
    const currencies = [...new Set([...revenue.map((r) => r.currency), ...daily.map((d) => d.currency)])].sort();
    return {
      from: range.from,
      to: range.to,
      days,
      /** Now, whatever the range: recurring revenue is what the running subscriptions will bring. */
      recurring: recurringRevenue(groups),
      subscribers: {
        active: status.active ?? 0,
        pastDue: status.past_due ?? 0,
        startedInRange: churn.started,
        canceledInRange: churn.canceled,
        runningAtStart: churn.activeAtStart,
        churnRate: churn.activeAtStart > 0 ? churn.canceled / churn.activeAtStart : null,
      },
      revenue: revenue.map(revenueOf),
      dailyNet: currencies.map((currency) => {
        const byDay = new Map(daily.filter((d) => d.currency === currency).map((d) => [d.day, d]));
        const gross = days.map((day) => byDay.get(day)?.gross ?? 0);
        const refunded = days.map((day) => byDay.get(day)?.refunded ?? 0);
        return { currency, gross, refunded, net: gross.map((g, i) => g - refunded[i]!) };
      }),
      renewals: renewalRates(renewals),
      cohorts: cohortMatrix(cohorts, shop.clock.now().toISOString().slice(0, 7)),
    };
  }

  return {
    /** Every figure over a range (default: the last 30 days by the shop's clock); a bad range is a VALIDATION_ERROR. */
    async figures(input: FigureRangeInput = {}) {
      allow("dashboard.read");
      return compute(parseFigureRange(input, shop.clock.now()));
    },

    /** The console home's four: MRR, active subscribers, net revenue and average order value over the last 30 days. */
    async keyFigures() {
      allow("dashboard.read");
      const range = parseFigureRange({}, shop.clock.now());
      const [groups, revenue, status] = await Promise.all([recurringGroups(db), revenueRows(db, range), subscriptionsByStatus(db)]);
      return { from: range.from, to: range.to, recurring: recurringRevenue(groups), active: status.active ?? 0, revenue: revenue.map(revenueOf) };
    },

    /** One figure's table as CSV (figures-csv.ts), the same numbers the dashboard shows. */
    async figuresCsv(name: FigureCsvName, input: FigureRangeInput = {}) {
      allow("dashboard.read");
      const range = parseFigureRange(input, shop.clock.now());
      return { csv: figuresAsCsv(name, await compute(range)), range };
    },
  };
}

export type Figures = Awaited<ReturnType<ReturnType<typeof figuresService>["figures"]>>;
