import { Form, Link } from "react-router";
import { Badge, Money, SubmitButton, When } from "./ui";

/** The sections of the console's customer page (issue 36): what care needs to answer a customer without a developer. */

type Value = { lifetime: { currency: string; orders: number; paid: number; refunded: number; net: number }[]; firstOrderAt: string | null };

export function ValueSection({ value }: { value: Value }) {
  return (
    <section className="c-card" aria-labelledby="value">
      <h2 id="value" style={{ marginTop: 0 }}>
        Value
      </h2>
      <dl className="c-dl">
        <dt>First order</dt>
        <dd>{value.firstOrderAt ? <When iso={value.firstOrderAt} /> : "None yet"}</dd>
        {value.lifetime.length === 0 ? (
          <>
            <dt>Lifetime value</dt>
            <dd>
              <Money amount={0} currency="USD" />
            </dd>
          </>
        ) : null}
        {value.lifetime.map((v) => (
          <div key={v.currency} style={{ display: "contents" }}>
            <dt>Lifetime value ({v.currency})</dt>
            <dd>
              <strong>
                <Money amount={v.net} currency={v.currency} />
              </strong>{" "}
              <span className="c-hint">
                {v.orders} {v.orders === 1 ? "order" : "orders"}: <Money amount={v.paid} currency={v.currency} /> paid, <Money amount={v.refunded} currency={v.currency} /> refunded
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AddressesSection({ addresses }: { addresses: { label: string; lines: string[] }[] }) {
  return (
    <section className="c-card" aria-labelledby="addresses">
      <h2 id="addresses" style={{ marginTop: 0 }}>
        Addresses
      </h2>
      {addresses.length === 0 ? <p>No address: nothing saved or shipped yet.</p> : null}
      <div className="c-grid">
        {addresses.map((a) => (
          <div key={a.lines.join("|")}>
            <p className="c-hint" style={{ margin: 0 }}>
              {a.label}
            </p>
            <address style={{ fontStyle: "normal" }}>
              {a.lines.map((line) => (
                <span key={line} style={{ display: "block" }}>
                  {line}
                </span>
              ))}
            </address>
          </div>
        ))}
      </div>
    </section>
  );
}

type Subscription = {
  id: string;
  planName: string;
  firstPlanName: string;
  quantity: number;
  state: string;
  stateLabel: string;
  stateSince: string | null;
  nextBillingAt: string | null;
  pending: string[];
  history: { at: string; what: string }[];
};

export function SubscriptionsSection({ subscriptions, linked }: { subscriptions: Subscription[]; linked: boolean }) {
  return (
    <section className="c-card" aria-labelledby="subscriptions">
      <h2 id="subscriptions" style={{ marginTop: 0 }}>
        Subscriptions
      </h2>
      {subscriptions.length === 0 ? <p>No subscriptions.</p> : null}
      {subscriptions.map((s) => (
        <article key={s.id} className="c-subscription" aria-label={`${s.planName} subscription`}>
          <h3 style={{ margin: "0 0 .25rem" }}>
            {linked ? <Link to={`/console/subscriptions/${s.id}`}>{s.planName}</Link> : s.planName} × {s.quantity}
          </h3>
          <p style={{ margin: 0 }}>
            <Badge tone={s.state}>{s.stateLabel}</Badge>
            {s.stateSince ? (
              <>
                {" "}
                since <When iso={s.stateSince} />
              </>
            ) : null}
            {s.nextBillingAt ? (
              <>
                , next charge <When iso={s.nextBillingAt} />
              </>
            ) : null}
            {s.firstPlanName !== s.planName ? <span className="c-hint"> (started as {s.firstPlanName})</span> : null}
          </p>
          {s.pending.length > 0 ? (
            <>
              <p style={{ margin: ".5rem 0 0" }}>
                <strong>Pending for the next charge</strong>
              </p>
              <ul style={{ marginTop: 0 }}>
                {s.pending.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          ) : null}
          <details>
            <summary>History ({s.history.length})</summary>
            <ol className="c-history">
              {s.history.map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  <When iso={h.at} />: {h.what}
                </li>
              ))}
            </ol>
          </details>
        </article>
      ))}
    </section>
  );
}

type Order = { id: string; number: string; status: string; currency: string; total: number; refunded: number; createdAt: string };

export function OrdersSection({ orders, linked }: { orders: Order[]; linked: boolean }) {
  return (
    <section className="c-card" aria-labelledby="orders">
      <h2 id="orders" style={{ marginTop: 0 }}>
        Orders
      </h2>
      {orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Orders, newest first">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Refunded</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>{linked ? <Link to={`/console/orders/${o.number}`}>{o.number}</Link> : o.number}</td>
                  <td>
                    <When iso={o.createdAt} />
                  </td>
                  <td>{o.status}</td>
                  <td>
                    <Money amount={o.total} currency={o.currency} />
                  </td>
                  <td>{o.refunded > 0 ? <Money amount={o.refunded} currency={o.currency} /> : "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type Ledger = { id: string; account: string; amount: number; balanceAfter: number; reason: string; createdAt: string }[];

/** "points" as points; "credit:USD" as money in that currency. */
function LedgerAmount({ account, amount }: { account: string; amount: number }) {
  if (account.startsWith("credit:")) return <Money amount={amount} currency={account.slice("credit:".length)} />;
  return <>{`${amount} points`}</>;
}

const accountName = (account: string) => (account.startsWith("credit:") ? `Credit (${account.slice("credit:".length)})` : "Points");

export function PointsSection({ balances, ledger }: { balances: { account: string; balance: number }[]; ledger: Ledger }) {
  return (
    <section className="c-card" aria-labelledby="points">
      <h2 id="points" style={{ marginTop: 0 }}>
        Points and credit
      </h2>
      <dl className="c-dl">
        {balances.length === 0 ? (
          <>
            <dt>Balance</dt>
            <dd>No points or credit yet.</dd>
          </>
        ) : null}
        {balances.map((b) => (
          <div key={b.account} style={{ display: "contents" }}>
            <dt>{accountName(b.account)}</dt>
            <dd>
              <LedgerAmount account={b.account} amount={b.balance} />
            </dd>
          </div>
        ))}
      </dl>
      {ledger.length > 0 ? (
        <details style={{ marginTop: ".5rem" }}>
          <summary>{ledger.length === 1 ? "Ledger (1 entry)" : `Ledger (${ledger.length} newest entries)`}</summary>
          <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Points and credit ledger">
            <table className="c-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Account</th>
                  <th scope="col">Change</th>
                  <th scope="col">Balance after</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {ledger.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <When iso={l.createdAt} />
                    </td>
                    <td>{accountName(l.account)}</td>
                    <td>
                      <LedgerAmount account={l.account} amount={l.amount} />
                    </td>
                    <td>
                      <LedgerAmount account={l.account} amount={l.balanceAfter} />
                    </td>
                    <td>{l.reason.replace(/_/g, " ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}

type Referral = { customerId: string; email: string; status: string; at: string };

export function ReferralsSection({
  referredBy,
  referred,
}: {
  referredBy: (Referral & { code: string }) | null;
  referred: (Referral & { rewardAmount: number | null; rewardCurrency: string | null })[];
}) {
  return (
    <section className="c-card" aria-labelledby="referrals">
      <h2 id="referrals" style={{ marginTop: 0 }}>
        Referrals
      </h2>
      <p>
        Referred by:{" "}
        {referredBy ? (
          <>
            <Link to={`/console/customers/${referredBy.customerId}`}>{referredBy.email || "a customer"}</Link> (code {referredBy.code}, {referredBy.status}, <When iso={referredBy.at} />)
          </>
        ) : (
          "nobody"
        )}
      </p>
      <p style={{ marginBottom: 0 }}>{referred.length === 0 ? "Referred nobody yet." : `Referred ${referred.length}:`}</p>
      {referred.length > 0 ? (
        <ul>
          {referred.map((r) => (
            <li key={r.customerId}>
              <Link to={`/console/customers/${r.customerId}`}>{r.email || "a customer"}</Link>, {r.status}
              {r.rewardAmount && r.rewardCurrency ? (
                <>
                  , reward <Money amount={r.rewardAmount} currency={r.rewardCurrency} />
                </>
              ) : null}
              , <When iso={r.at} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type Email = { id: string; subject: string; status: string; createdAt: string };

export function EmailsSection({ emails, linked }: { emails: Email[]; linked: boolean }) {
  return (
    <section className="c-card" aria-labelledby="emails">
      <h2 id="emails" style={{ marginTop: 0 }}>
        Emails sent
      </h2>
      {emails.length === 0 ? <p>No emails.</p> : null}
      <ul>
        {emails.map((m) => (
          <li key={m.id}>
            <When iso={m.createdAt} />: {linked ? <Link to={`/console/emails/${m.id}`}>{m.subject}</Link> : m.subject} <Badge tone={m.status}>{m.status}</Badge>
          </li>
        ))}
      </ul>
      <p className="c-hint">Codes and sign-in links are hidden; opening an email is on the audit log.</p>
    </section>
  );
}

type Note = { id: string; body: string; staffEmail: string; createdAt: string };

export function NotesSection({ notes, mayWrite }: { notes: Note[]; mayWrite: boolean }) {
  return (
    <section className="c-card" aria-labelledby="notes">
      <h2 id="notes" style={{ marginTop: 0 }}>
        Staff notes
      </h2>
      {mayWrite ? (
        <Form method="post" className="c-form" style={{ marginBottom: "1rem" }} key={notes.length}>
          <label className="c-field">
            New note
            <textarea name="body" required maxLength={4000} rows={3} />
            <span className="c-hint">What the customer asked or was promised. Notes stay, and each one is on the audit log.</span>
          </label>
          <div className="c-form-row">
            <SubmitButton name="intent" value="note">
              Add note
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      {notes.length === 0 ? <p>No notes.</p> : null}
      <ul className="c-notes">
        {notes.map((n) => (
          <li key={n.id}>
            <p style={{ margin: 0, whiteSpace: "pre-wrap" }}>{n.body}</p>
            <p className="c-hint" style={{ margin: 0 }}>
              {n.staffEmail}, <When iso={n.createdAt} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
