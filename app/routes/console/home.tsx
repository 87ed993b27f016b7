import { Link, redirect } from "react-router";
import { cents, formatMoney, isCurrency } from "../../../domain/money";
import { consoleLoad, formFields } from "../../components/console/errors";
import { CONSOLE_SECTIONS } from "../../components/console/sections";
import "../../components/console/figures.css";
import type { Route } from "./+types/home";

const ABOUT: Record<string, string> = {
  "/console/orders": "Find an order by number, email or name; mark it shipped; send its confirmation again.",
  "/console/subscriptions": "Find a subscription; see its renewals and next dates; charge a missed renewal, pause, skip or cancel it.",
  "/console/dashboard": "MRR and ARR, net revenue after refunds, average order, renewals and dunning, retention by cohort; each as CSV.",
  "/console/customers": "A customer's profile, orders, subscriptions and sessions; fraud status.",
  "/console/coupons": "Create and edit coupons; see who redeemed them.",
  "/console/emails": "The outbox: what was sent, what failed, and putting failed emails back in the queue.",
  "/console/flags": "The defaults of the shop's data- flags for every visitor.",
  "/console/audit": "Every action taken in the console: who, what, before and after, when.",
  "/console/referrals": "Referrals held for review: approve one to pay its reward, or reject it.",
  "/console/content": "Edit the shop's pages, preview them, publish, and restore an earlier version.",
  "/console/media": "Upload images, give each its alt text, and pick them for pages and products.",
  "/console/products": "Each product page's gallery, supplement facts and reassurance row.",
  "/console/experiments": "A/B experiments: variants and who they reach, results the server counted, start and stop.",
  "/console/reviews": "Customer reviews waiting for moderation: approve, reject with a reason, or reply in public.",
};

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    // The figures only for roles that may see the dashboard (owner, finance); the others get the cards alone.
    const key = service.staff.permissions.includes("dashboard.read") ? await service.keyFigures() : null;
    return { staff: service.staff, key };
  });
}

const money = (currency: string, n: number) => (isCurrency(currency) ? formatMoney({ amount: cents(Math.round(n)), currency }, "en-US") : `${n} ${currency}`);

/** MRR, active subscribers, net revenue and average order of the last 30 days, one figure per currency. */
function KeyFigures({ k }: { k: NonNullable<Route.ComponentProps["loaderData"]["key"]> }) {
  return (
    <section className="c-key" aria-labelledby="key-figures">
      <h2 id="key-figures">Key figures</h2>
      <div className="c-stats">
        {k.recurring.length === 0 ? (
          <div className="c-stat">
            MRR<strong>{money("USD", 0)}</strong>
          </div>
        ) : (
          k.recurring.map((m) => (
            <div className="c-stat" key={m.currency}>
              MRR ({m.currency})<strong>{money(m.currency, m.mrr)}</strong>
              <span className="c-hint">ARR {money(m.currency, m.arr)}</span>
            </div>
          ))
        )}
        <div className="c-stat">
          Active subscribers<strong>{k.active}</strong>
        </div>
        {k.revenue.map((v) => (
          <div className="c-stat" key={`net-${v.currency}`}>
            Net revenue, 30 days ({v.currency})<strong>{money(v.currency, v.net)}</strong>
            <span className="c-hint">after {money(v.currency, v.refundTotal)} refunded</span>
          </div>
        ))}
        {k.revenue.map((v) => (
          <div className="c-stat" key={`aov-${v.currency}`}>
            Average order, 30 days ({v.currency})<strong>{v.aov === null ? "n/a" : money(v.currency, v.aov)}</strong>
            <span className="c-hint">
              {v.orders} order{v.orders === 1 ? "" : "s"}
            </span>
          </div>
        ))}
      </div>
      <p className="c-hint">
        {k.from} to {k.to}, UTC days. <Link to="/console/dashboard">All the figures, with their tables and CSV</Link>
      </p>
    </section>
  );
}

/** The sign-out button of the header posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  if (fields.intent !== "sign-out") return redirect("/console");
  const cookie = await context.console.signOut();
  return redirect("/console/sign-in?signed-out=1", { headers: { "Set-Cookie": cookie } });
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const sections = CONSOLE_SECTIONS.filter((s) => (loaderData.staff.permissions as string[]).includes(s.permission));
  return (
    <>
      <h1>Welcome back</h1>
      <p>Everything you do here is written to the audit log with your name.</p>
      {loaderData.key ? <KeyFigures k={loaderData.key} /> : null}
      <div className="c-grid">
        {sections.map((s) => (
          <section key={s.href} className="c-card">
            <h2 style={{ marginTop: 0 }}>
              <Link to={s.href}>{s.label}</Link>
            </h2>
            <p>{ABOUT[s.href]}</p>
          </section>
        ))}
      </div>
    </>
  );
}
