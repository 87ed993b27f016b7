import { data, Form } from "react-router";
import { cents, formatMoney, isCurrency } from "../../../domain/money";
import { BarChart } from "../../components/console/charts";
import { CohortChart } from "../../components/console/cohort-chart";
import { consoleLoad } from "../../components/console/errors";
import "../../components/console/figures.css";
import type { Route } from "./+types/dashboard";

/**
 * The numbers a subscription business runs on (issue 36, ADR 0074): a plain GET form picks the range (whole UTC days on
 * the shop's clock), every figure has its table and a CSV. A bad range shows its words above the default 30 days.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from"), to: params.get("to") };
  return consoleLoad(async () => {
    const service = context.console.service();
    try {
      return { figures: await service.figures(asked), error: null, asked };
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (e.code !== "VALIDATION_ERROR") throw error;
      return data({ figures: await service.figures({}), error: e.message ?? "That range is not valid.", asked }, { status: 400 });
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Seed console" }];

const money = (currency: string) => (n: number) => (isCurrency(currency) ? formatMoney({ amount: cents(Math.round(n)), currency }, "en-US") : `${n} ${currency}`);
const orders = (n: number) => `${n} order${n === 1 ? "" : "s"}`;
const percent = (rate: number | null) => (rate === null ? "n/a" : `${(rate * 100).toFixed(1)}%`);

/** A figure's heading and its CSV links: [file, what the link says it downloads]. */
function FigureHead({ id, title, csv, range }: { id: string; title: string; csv: [name: string, label: string][]; range: string }) {
  return (
    <div className="c-figure-head">
      <h2 id={id}>{title}</h2>
      <span className="c-figure-links">
        {csv.map(([name, label]) => (
          <a key={name} href={`/api/console/figures/${name}/export.csv?${range}`} download>
            Download {label} (CSV)
          </a>
        ))}
      </span>
    </div>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="c-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="c-table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? "c-num" : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="c-num">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const { figures: f, error } = loaderData;
  const range = new URLSearchParams({ from: f.from, to: f.to }).toString();
  const r = f.renewals;
  const s = f.subscribers;
  const longest = Math.max(1, ...f.cohorts.map((c) => c.retained.length));
  return (
    <>
      <h1>Dashboard</h1>
      <Form method="get" className="c-form-row" aria-label="Range of the figures">
        <label className="c-field">
          From
          <input type="date" name="from" defaultValue={f.from} required />
        </label>
        <label className="c-field">
          To
          <input type="date" name="to" defaultValue={f.to} required />
        </label>
        <button type="submit" className="c-button">
          Show
        </button>
      </Form>
      {error ? (
        <p role="alert" className="c-error">
          {error} Showing the last 30 days instead.
        </p>
      ) : null}
      <p className="c-hint c-range-note">
        {f.from} to {f.to} ({f.days.length} days): whole days in UTC on the shop's clock, both included. Recurring revenue and subscribers are as of now.
      </p>

      <FigureHead id="recurring" title="Recurring revenue now" csv={[["recurring", "MRR and ARR"]]} range={range} />
      <div className="c-stats">
        {f.recurring.map((m) => (
          <div className="c-stat" key={m.currency}>
            MRR ({m.currency})<strong>{money(m.currency)(m.mrr)}</strong>
            <span className="c-hint">ARR {money(m.currency)(m.arr)}</span>
          </div>
        ))}
        <div className="c-stat">
          Active subscribers<strong>{s.active}</strong>
          <span className="c-hint">and {s.pastDue} past due, retrying</span>
        </div>
      </div>
      <p className="c-hint">
        MRR: every active or past-due subscription at its next renewal price (agreed price × quantity, less a coupon that lasts forever; no shipping, credit or one-time discounts), divided by its months between charges.
      </p>
      {f.recurring.length === 0 ? <p>No running subscriptions.</p> : <Table label="Recurring revenue by currency" head={["Currency", "Subscriptions", "MRR", "ARR"]} rows={f.recurring.map((m) => [m.currency, m.subscriptions, money(m.currency)(m.mrr), money(m.currency)(m.arr)])} />}

      <FigureHead id="revenue" title="Revenue after refunds" csv={[["revenue", "revenue"], ["daily-net", "revenue per day"]]} range={range} />
      {f.revenue.length === 0 ? <p>No orders or refunds in this range.</p> : null}
      <div className="c-stats">
        {f.revenue.map((v) => (
          <div className="c-stat" key={v.currency}>
            Net revenue ({v.currency})<strong>{money(v.currency)(v.net)}</strong>
            <span className="c-hint">
              {money(v.currency)(v.gross)} in orders less {money(v.currency)(v.refundTotal)} refunded
            </span>
          </div>
        ))}
        {f.revenue.map((v) => (
          <div className="c-stat" key={`aov-${v.currency}`}>
            Average order ({v.currency})<strong>{v.aov === null ? "n/a" : money(v.currency)(v.aov)}</strong>
            <span className="c-hint">{orders(v.orders)}</span>
          </div>
        ))}
      </div>
      {f.revenue.length > 0 ? (
        <Table
          label="Revenue after refunds by currency"
          head={["Currency", "Orders", "Order totals", "Refunds", "Refunded", "Net revenue", "Average order"]}
          rows={f.revenue.map((v) => [v.currency, v.orders, money(v.currency)(v.gross), v.refunds, money(v.currency)(v.refundTotal), money(v.currency)(v.net), v.aov === null ? "n/a" : money(v.currency)(v.aov)])}
        />
      ) : null}
      <p className="c-hint">Orders placed in the range at their totals (cancelled orders left out); refunds that succeeded in the range, on the day they were made.</p>
      {f.dailyNet.map((d) => (
        <BarChart
          key={d.currency}
          id={`net-${d.currency}`}
          title={`Revenue per day in ${d.currency}: orders and refunds`}
          summary={`${money(d.currency)(d.gross.reduce((a, b) => a + b, 0))} in orders less ${money(d.currency)(d.refunded.reduce((a, b) => a + b, 0))} refunded: ${money(d.currency)(d.net.reduce((a, b) => a + b, 0))} net over ${f.days.length} days.`}
          days={f.days}
          format={money(d.currency)}
          series={[
            { name: "Orders", color: "#1f3b2d", values: d.gross },
            { name: "Refunds", color: "#b3261e", values: d.refunded },
          ]}
        />
      ))}

      <FigureHead id="split" title="First orders and renewals" csv={[["revenue", "first orders and renewals"]]} range={range} />
      {f.revenue.length === 0 ? (
        <p>No orders in this range.</p>
      ) : (
        <Table
          label="First orders and renewals by currency"
          head={["Currency", "First orders", "First-order revenue", "Renewals", "Renewal revenue"]}
          rows={f.revenue.map((v) => [v.currency, v.firstOrders, money(v.currency)(v.firstOrderTotal), v.renewalOrders, money(v.currency)(v.renewalTotal)])}
        />
      )}

      <FigureHead id="renewals" title="Renewals and dunning" csv={[["renewals", "renewal rates"]]} range={range} />
      <div className="c-stats">
        <div className="c-stat">
          Renewal success<strong>{percent(r.successRate)}</strong>
          <span className="c-hint">
            {r.paid} of {r.attempted} charged renewals paid
          </span>
        </div>
        <div className="c-stat">
          Dunning recovery<strong>{percent(r.recoveryRate)}</strong>
          <span className="c-hint">
            {r.recovered} of {r.failedFirst} first declines paid on a retry
          </span>
        </div>
      </div>
      <Table
        label="Renewals due in the range"
        head={["Renewals due in the range", "Count"]}
        rows={[
          ["Charged at least once", r.attempted],
          ["Paid", r.paid],
          ["Paid on the first try", r.paidFirstTime],
          ["Declined on the first try", r.failedFirst],
          ["Declined first, paid on a retry", r.recovered],
        ]}
      />

      <h2>Subscribers in the range</h2>
      <div className="c-stats">
        <div className="c-stat">
          Started<strong>{s.startedInRange}</strong>
        </div>
        <div className="c-stat">
          Cancelled<strong>{s.canceledInRange}</strong>
        </div>
        <div className="c-stat">
          Churn<strong>{percent(s.churnRate)}</strong>
          <span className="c-hint">cancelled ÷ {s.runningAtStart} running at the start</span>
        </div>
      </div>

      <FigureHead id="cohorts" title="Retention by monthly cohort" csv={[["cohorts", "cohort retention"]]} range={range} />
      <p className="c-hint">
        Customers by the month of their first subscription order, in the range. Month 0 is that month; a customer counts in month k while a subscription of theirs was still running when month k began.
      </p>
      {f.cohorts.length === 0 ? (
        <p>No customer started a subscription in this range.</p>
      ) : (
        <>
          <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Retention by monthly cohort">
            <table className="c-table c-cohorts">
              <thead>
                <tr>
                  <th scope="col">Cohort</th>
                  <th scope="col" className="c-num">
                    Customers
                  </th>
                  {Array.from({ length: longest }, (_, k) => (
                    <th key={k} scope="col" className="c-num">
                      Month {k}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {f.cohorts.map((c) => (
                  <tr key={c.cohort}>
                    <th scope="row">{c.cohort}</th>
                    <td className="c-num">{c.customers}</td>
                    {Array.from({ length: longest }, (_, k) =>
                      k < c.retained.length ? (
                        <td key={k} className="c-num" data-rate style={{ "--rate": c.rates[k] } as React.CSSProperties}>
                          {percent(c.rates[k]!)}
                          <span className="c-hint"> ({c.retained[k]})</span>
                        </td>
                      ) : (
                        <td key={k} className="c-num">
                          <span className="c-hint">not yet</span>
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CohortChart
            id="cohort-chart"
            title="Share of each cohort still subscribed, by month"
            summary={f.cohorts.map((c) => `${c.cohort}: ${c.customers} customers, ${percent(c.rates.at(-1)!)} in month ${c.rates.length - 1}`).join("; ")}
            cohorts={f.cohorts}
          />
        </>
      )}
    </>
  );
}
