import { Link, redirect } from "react-router";
import { consoleLoad, formFields } from "../../components/console/errors";
import { CONSOLE_SECTIONS } from "../../components/console/sections";
import type { Route } from "./+types/home";

const ABOUT: Record<string, string> = {
  "/console/orders": "Find an order by number, email or name; mark it shipped; send its confirmation again.",
  "/console/subscriptions": "Find a subscription; see its renewals and next dates; charge a missed renewal, pause, skip or cancel it.",
  "/console/dashboard": "Orders and revenue per day by currency, active subscriptions, renewals and churn.",
  "/console/customers": "A customer's profile, orders, subscriptions and sessions; fraud status.",
  "/console/coupons": "Create and edit coupons; see who redeemed them.",
  "/console/emails": "The outbox: what was sent, what failed, and putting failed emails back in the queue.",
  "/console/flags": "The defaults of the shop's data- flags for every visitor.",
  "/console/audit": "Every action taken in the console: who, what, before and after, when.",
};

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => ({ staff: context.console.service().staff }));
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
