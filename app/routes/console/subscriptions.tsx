import { Form, Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { Badge, Pager, When, CsvLink } from "../../components/console/ui";
import type { Route } from "./+types/subscriptions";

const STATUSES = ["active", "past_due", "canceled"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "") ? params.get("status")! : "";
  // A bad date or an unknown plan is dropped rather than failing the page: the form shows what was applied.
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? "") ? params.get(name)! : "");
  const nextFrom = day("nextFrom");
  const nextTo = day("nextTo") && (!nextFrom || day("nextTo") >= nextFrom) ? day("nextTo") : "";
  return consoleLoad(async () => {
    const service = context.console.service();
    const plans = await service.subscriptionPlans();
    const plan = plans.some((p) => p.code === params.get("plan")) ? params.get("plan")! : "";
    const page = await service.subscriptions({ q, status, plan, nextFrom, nextTo, before: params.get("before") ?? undefined });
    return { q, status, plan, nextFrom, nextTo, plans, page, mayExport: service.staff.permissions.includes("subscriptions.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Seed console" }];

export default function ConsoleSubscriptions({ loaderData }: Route.ComponentProps) {
  const { q, status, plan, nextFrom, nextTo, plans, page } = loaderData;
  const filtered = Boolean(q || status || plan || nextFrom || nextTo);
  return (
    <>
      <h1>Subscriptions</h1>
      <CsvLink list="subscriptions" filters={{ q: loaderData.q, status: loaderData.status }} may={loaderData.mayExport} />
      <Form method="get" className="c-form-row" role="search">
        <label className="c-field">
          Find subscriptions
          <input type="search" name="q" defaultValue={q} />
          <span className="c-hint">An email address, a customer's name, or a subscription id.</span>
        </label>
        <label className="c-field">
          Status
          <select name="status" defaultValue={status}>
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="past_due">Past due</option>
            <option value="canceled">Cancelled</option>
          </select>
          <span className="c-hint">&nbsp;</span>
        </label>
        <label className="c-field">
          Plan
          <select name="plan" defaultValue={plan}>
            <option value="">Any plan</option>
            {plans.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
          <span className="c-hint">What the next charge buys.</span>
        </label>
        <label className="c-field">
          Next charge from
          <input type="date" name="nextFrom" defaultValue={nextFrom} />
          <span className="c-hint">&nbsp;</span>
        </label>
        <label className="c-field">
          Next charge to
          <input type="date" name="nextTo" defaultValue={nextTo} />
          <span className="c-hint">This day included.</span>
        </label>
        <button type="submit" className="c-button">
          Search
        </button>
      </Form>
      <h2>{filtered ? "Subscriptions matching the filters" : "Newest subscriptions"}</h2>
      {page.rows.length === 0 ? (
        <p>No subscriptions match. Check the spelling, or search by the full email address.</p>
      ) : (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Subscriptions">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col">Next charge</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/console/subscriptions/${s.id}`}>{s.email || s.customerId}</Link>
                  </td>
                  <td>
                    {s.planName} × {s.quantity}
                  </td>
                  <td>
                    <Badge tone={s.status}>{s.status}</Badge>
                  </td>
                  <td>{s.status === "canceled" ? "-" : <When iso={s.nextBillingAt} />}</td>
                  <td>
                    <When iso={s.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager next={page.next} keep={{ q, status, plan, nextFrom, nextTo }} />
    </>
  );
}
