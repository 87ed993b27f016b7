import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, Money, SubmitButton, When } from "../../components/console/ui";
import { DangerButton } from "../../components/console/second-look/DangerButton";
import { TypedConfirmation } from "../../components/console/second-look/TypedConfirmation";
import "../../components/console/second-look/second-look.css";
import type { Route } from "./+types/subscription";

export async function loader({ context, params }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    const [detail, plans] = await Promise.all([service.subscription(params.id), service.subscriptionPlans()]);
    const nameOf = (code: string) => plans.find((p) => p.code === code)?.name ?? code;
    const planName = nameOf(detail.subscription.renewalPlanCode);
    const may = { edit: service.staff.permissions.includes("subscriptions.edit"), charge: service.staff.permissions.includes("subscriptions.charge"), orders: service.staff.permissions.includes("orders.read") };
    return { ...detail, planName, may };
  });
}

const OUTCOME_WORDS: Record<string, string> = {
  paid: "The renewal was charged and its order written.",
  retrying: "The card was declined for now; it will be tried again on the dunning schedule.",
  card_needed: "The card was declined; the customer has been asked for a new card.",
  action_needed: "The bank asks the customer to confirm the charge; they have been emailed.",
  canceled: "Dunning had given up on this renewal; nothing was charged.",
  skipped: "This period was already paid; nothing was charged.",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    const reason = fields.reason ?? "";
    if (fields.intent === "charge-now") {
      const { period, outcome } = await service.chargeRenewalNow(params.id, reason);
      return `Period ${period}: ${OUTCOME_WORDS[outcome] ?? outcome}`;
    }
    if (fields.intent === "pause-1" || fields.intent === "pause-2") {
      const after = await service.pauseSubscription(params.id, fields.intent === "pause-1" ? 1 : 2, reason);
      return `Paused: the next charge is now ${after.nextBillingAt.slice(0, 10)}.`;
    }
    if (fields.intent === "skip") {
      const after = await service.skipNextShipment(params.id, reason);
      return `Skipped: the next charge is now ${after.nextBillingAt.slice(0, 10)}.`;
    }
    if (fields.intent === "cancel") {
      await service.cancelSubscription(params.id, reason, new URL(request.url).origin, fields.confirmation);
      return "Cancelled. The customer was emailed, with a link to reactivate.";
    }
    throw Object.assign(new Error("unknown intent"), { code: "VALIDATION_ERROR", status: 400, message: "Unknown action." });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Subscription | Seed console" }];

export default function ConsoleSubscription({ loaderData }: Route.ComponentProps) {
  const { subscription: s, planName, due, nextDates, nextCharge, renewals, ledger, timeline, may } = loaderData;
  const result = useActionData<typeof action>();
  const canceled = s.status === "canceled";
  return (
    <>
      <p>
        <Link to="/console/subscriptions">All subscriptions</Link>
      </p>
      <h1>
        {planName} × {s.quantity} <Badge tone={s.status}>{s.status}</Badge>
      </h1>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <div className="c-grid">
        <section className="c-card" aria-labelledby="sub-who">
          <h2 id="sub-who" style={{ marginTop: 0 }}>
            Subscription
          </h2>
          <dl className="c-dl">
            <dt>Customer</dt>
            <dd>
              <Link to={`/console/customers/${s.customerId}`}>{s.email || s.customerId}</Link>
            </dd>
            <dt>Renews as</dt>
            <dd>
              {s.renewalPlanCode}, every {s.billingPeriodMonths} month{s.billingPeriodMonths === 1 ? "" : "s"}
            </dd>
            <dt>Country</dt>
            <dd>
              {s.country}, {s.currency}
            </dd>
            <dt>Started</dt>
            <dd>
              <When iso={s.createdAt} />
            </dd>
            {canceled ? (
              <>
                <dt>Cancelled</dt>
                <dd>
                  <When iso={s.canceledAt} /> {s.cancelReason ? `(${s.cancelReason})` : ""}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="c-card" aria-labelledby="sub-next">
          <h2 id="sub-next" style={{ marginTop: 0 }}>
            Next charges
          </h2>
          {canceled ? (
            <p>None: the subscription is cancelled.</p>
          ) : (
            <>
              <p>
                {nextCharge ? (
                  <>
                    Next: <strong><Money amount={nextCharge.total} currency={nextCharge.currency} /></strong> for {nextCharge.planName}
                  </>
                ) : (
                  "The next charge could not be priced."
                )}
                {due ? <strong className="c-error"> (due now: the renewal has not run)</strong> : null}
              </p>
              <ol aria-label="Next billing dates">
                {nextDates.map((d) => (
                  <li key={d}>
                    <When iso={d} />
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      </div>

      {!canceled && (may.edit || may.charge) ? (
        <Form key={`${s.status}-${s.nextBillingAt}`} method="post" className="c-card c-form" aria-label="Act for the customer">
          <h2 style={{ marginTop: 0 }}>Act for the customer</h2>
          <label className="c-field">
            Reason (kept on the record)
            <input name="reason" required maxLength={500} />
          </label>
          <div className="c-form-row">
            {may.charge && due ? (
              <SubmitButton name="intent" value="charge-now">
                Charge the missed renewal now
              </SubmitButton>
            ) : null}
            {may.edit ? (
              <>
                <SubmitButton quiet name="intent" value="skip">
                  Skip the next shipment
                </SubmitButton>
                <SubmitButton quiet name="intent" value="pause-1">
                  Pause 1 month
                </SubmitButton>
                <SubmitButton quiet name="intent" value="pause-2">
                  Pause 2 months
                </SubmitButton>
              </>
            ) : null}
          </div>
        </Form>
      ) : null}
      {!canceled && may.edit ? (
        // Its own form: cancelling stops deliveries, so it asks for the customer's email typed (ADR 0075).
        <Form key={`cancel-${s.status}`} method="post" className="c-card c-form c-danger-zone" aria-label="Cancel for the customer">
          <h2 style={{ marginTop: 0 }}>Cancel the subscription</h2>
          <label className="c-field">
            Reason for cancelling (kept on the record)
            <input name="reason" required maxLength={500} />
          </label>
          <TypedConfirmation expected={s.email || "the customer's email"} what="cancel" />
          <div className="c-form-row">
            <DangerButton name="intent" value="cancel">
              Cancel the subscription
            </DangerButton>
          </div>
          <p className="c-hint">The customer is emailed, with a link to reactivate.</p>
        </Form>
      ) : null}

      <h2 id="sub-renewals">Renewals and billing attempts</h2>
      {renewals.length === 0 ? (
        <p>No renewal has been charged yet.</p>
      ) : (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-labelledby="sub-renewals">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Status</th>
                <th scope="col" className="c-num">
                  Amount
                </th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {renewals.map((r) => (
                <tr key={r.id}>
                  <td>{r.period}</td>
                  <td>
                    <Badge tone={r.status}>{r.status}</Badge>
                    {r.nextAttemptAt ? (
                      <div className="c-hint">
                        next try <When iso={r.nextAttemptAt} />
                      </div>
                    ) : null}
                  </td>
                  <td className="c-num">
                    <Money amount={r.amount} currency={r.currency} />
                  </td>
                  <td>
                    <ul style={{ margin: 0, paddingLeft: "1rem" }}>
                      {r.attempts.map((a) => (
                        <li key={a.number}>
                          #{a.number} <When iso={a.at} />: {a.outcome}
                          {a.declineCode ? ` (${a.declineCode})` : ""}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Ledger</h2>
      {ledger.length === 0 ? (
        <p>No money has moved for this subscription's renewals yet.</p>
      ) : (
        <ul>
          {ledger.map((l, i) => (
            <li key={i}>
              <When iso={l.createdAt} /> {l.kind}: <Money amount={l.amount} currency={l.currency} />
              {l.creditAmount ? (
                <>
                  {" "}
                  (credit <Money amount={l.creditAmount} currency={l.currency} />)
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2>Timeline</h2>
      <ol className="c-timeline">
        {timeline.map((t, i) => (
          <li key={i}>
            <When iso={t.at} /> {t.what}
          </li>
        ))}
      </ol>
    </>
  );
}
