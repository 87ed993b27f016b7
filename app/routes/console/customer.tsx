import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, Money, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/customer";

export async function loader({ context, params }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    const detail = await service.customer(params.id);
    const may = service.staff.permissions;
    return { ...detail, may: { revoke: may.includes("customers.revoke-session"), fraud: may.includes("customers.edit-fraud-status"), orders: may.includes("orders.read") } };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    if (fields.intent === "revoke") {
      await service.revokeCustomerSession(params.id, fields.sessionId ?? "");
      return "The session is ended; that browser is signed out.";
    }
    await service.setFraudStatus(params.id, fields.fraudulentStatus ?? null);
    return "Fraud status saved.";
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Customer | Seed console" }];

export default function ConsoleCustomer({ loaderData }: Route.ComponentProps) {
  const { profile, orders, subscriptions, sessions, may } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/console/customers">All customers</Link>
      </p>
      <h1>{[profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.email}</h1>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <section className="c-card" aria-labelledby="profile">
        <h2 id="profile" style={{ marginTop: 0 }}>
          Profile
        </h2>
        <dl className="c-dl">
          <dt>Email</dt>
          <dd>{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{profile.phone ?? "-"}</dd>
          <dt>Customer since</dt>
          <dd>
            <When iso={profile.createdAt} />
          </dd>
          <dt>Fraud status</dt>
          <dd>{profile.fraudulentStatus ?? "none"}</dd>
        </dl>
        {may.fraud ? (
          <Form method="post" className="c-form-row" style={{ marginTop: "1rem" }}>
            <label className="c-field">
              Fraud status
              <input name="fraudulentStatus" defaultValue={profile.fraudulentStatus ?? ""} maxLength={100} />
              <span className="c-hint">A status containing "fraud" blocks the customer; empty clears it.</span>
            </label>
            <SubmitButton name="intent" value="fraud">
              Save fraud status
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <h2>Orders</h2>
      {orders.length === 0 ? <p>No orders.</p> : null}
      <ul>
        {orders.map((o) => (
          <li key={o.id}>
            {may.orders ? <Link to={`/console/orders/${o.number}`}>{o.number}</Link> : o.number}, <When iso={o.createdAt} />, <Money amount={o.total} currency={o.currency} />
          </li>
        ))}
      </ul>

      <h2>Subscriptions</h2>
      {subscriptions.length === 0 ? <p>No subscriptions.</p> : null}
      <ul>
        {subscriptions.map((s) => (
          <li key={s.id}>
            {s.planCode} x{s.quantity}, <Badge>{s.status}</Badge>, next billing <When iso={s.nextBillingAt} />
            {s.canceledAt ? (
              <>
                , cancelled <When iso={s.canceledAt} />
              </>
            ) : null}
          </li>
        ))}
      </ul>

      <h2>Sessions</h2>
      {sessions.length === 0 ? <p>Never signed in.</p> : null}
      {sessions.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Sessions">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Ends</th>
                <th scope="col">State</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td>
                    <When iso={s.createdAt} />
                  </td>
                  <td>
                    <When iso={s.expiresAt} />
                  </td>
                  <td>{s.live ? <Badge tone="live">live</Badge> : s.revokedAt ? "revoked" : "expired"}</td>
                  <td>
                    {s.live && may.revoke ? (
                      <Form method="post">
                        <input type="hidden" name="sessionId" value={s.id} />
                        <button type="submit" name="intent" value="revoke" className="c-link-button">
                          Sign out this session
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
