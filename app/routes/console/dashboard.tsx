import { Form } from "react-router";
import { cents, formatMoney, isCurrency } from "../../../domain/money";
import { BarChart } from "../../components/console/charts";
import { consoleLoad } from "../../components/console/errors";
import type { Route } from "./+types/dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const days = Number(new URL(request.url).searchParams.get("days") ?? 30);
  return consoleLoad(async () => {
    const service = context.console.service();
    return { figures: await service.dashboard({ days: Number.isFinite(days) ? days : 30 }), mayExport: service.staff.permissions.includes("orders.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Seed console" }];

const money = (currency: string) => (n: number) => (isCurrency(currency) ? formatMoney({ amount: cents(Math.round(n)), currency }, "en-US", { dropZeroCents: true }) : String(n));
const percent = (rate: number | null) => (rate === null ? "n/a" : `${(rate * 100).toFixed(1)}%`);

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const { figures: f, mayExport } = loaderData;
  const subs = f.subscriptions;
  const rt = f.renewalTotals;
  const successRate = rt.succeeded + rt.failed > 0 ? rt.succeeded / (rt.succeeded + rt.failed) : null;
  return (
    <>
      <h1>Dashboard</h1>
      <Form method="get" className="c-form-row">
        <label className="c-field">
          Period
          <select name="days" defaultValue={String(f.days.length)}>
            <option value="7">Last 7 days</option>
            <option value="30">Last 30 days</option>
            <option value="90">Last 90 days</option>
          </select>
        </label>
        <button type="submit" className="c-button">
          Show
        </button>
        {mayExport ? (
          <a href="/api/console/orders/export.csv" download>
            Download every order (CSV)
          </a>
        ) : null}
      </Form>
      <p className="c-hint">
        {f.days[0]} to {f.days.at(-1)}, UTC days, today included.
      </p>

      <h2>Subscriptions</h2>
      <div className="c-stats">
        <div className="c-stat">
          Active now<strong>{subs.active}</strong>
        </div>
        <div className="c-stat">
          Past due<strong>{subs.pastDue}</strong>
        </div>
        <div className="c-stat">
          Started in the period<strong>{subs.startedInWindow}</strong>
        </div>
        <div className="c-stat">
          Cancelled in the period<strong>{subs.canceledInWindow}</strong>
        </div>
        <div className="c-stat">
          Churn<strong>{percent(subs.churnRate)}</strong>
          <span className="c-hint">cancelled ÷ {subs.activeAtStart} running at the start</span>
        </div>
        <div className="c-stat">
          Renewal success<strong>{percent(successRate)}</strong>
          <span className="c-hint">
            {rt.succeeded} charged, {rt.failed} failed attempts
          </span>
        </div>
      </div>

      <BarChart
        id="renewals"
        title="Renewal attempts per day"
        summary={`${rt.succeeded} succeeded and ${rt.failed} failed over ${f.days.length} days.`}
        days={f.days}
        series={[
          { name: "Succeeded", color: "#2b6a3f", values: f.renewals.map((r) => r.succeeded) },
          { name: "Failed", color: "#b3261e", values: f.renewals.map((r) => r.failed) },
        ]}
      />
      <BarChart
        id="churn"
        title="Cancellations per day"
        summary={`${subs.canceledInWindow} subscriptions cancelled over ${f.days.length} days; churn ${percent(subs.churnRate)}.`}
        days={f.days}
        series={[{ name: "Cancelled", color: "#8a4b00", values: subs.canceledPerDay.map((d) => d.canceled) }]}
      />

      <h2>Orders and revenue by currency</h2>
      {f.revenue.length === 0 ? <p>No orders in this period.</p> : null}
      {f.revenue.map((r) => (
        <section key={r.currency} aria-label={`Orders in ${r.currency}`}>
          <p>
            <strong>{r.currency}</strong>: {r.orders} orders, {money(r.currency)(r.total)} (order totals before refunds)
          </p>
          <BarChart
            id={`revenue-${r.currency}`}
            title={`Revenue per day in ${r.currency}`}
            summary={`${money(r.currency)(r.total)} from ${r.orders} orders over ${f.days.length} days.`}
            days={f.days}
            format={money(r.currency)}
            series={[{ name: `Revenue (${r.currency})`, color: "#1f3b2d", values: r.points.map((p) => p.total) }]}
          />
          <BarChart
            id={`orders-${r.currency}`}
            title={`Orders per day in ${r.currency}`}
            summary={`${r.orders} orders over ${f.days.length} days.`}
            days={f.days}
            series={[{ name: "Orders", color: "#3d5a80", values: r.points.map((p) => p.orders) }]}
          />
        </section>
      ))}
    </>
  );
}
