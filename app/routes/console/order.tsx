import { Form, Link, useActionData } from "react-router";
import { CARRIER_CODES, CARRIERS } from "../../../domain/carriers";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, Money, SubmitButton, When } from "../../components/console/ui";
import { cents, formatMoney, type Currency } from "../../../domain/money";
import { RefundForm } from "../../components/console/second-look/RefundForm";
import "../../components/console/second-look/second-look.css";
import { statusTone } from "../../../domain/order-status";
import type { Route } from "./+types/order";

const moneyWords = (r: { amount: number; currency: string }) => formatMoney({ amount: cents(r.amount), currency: r.currency as Currency });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return consoleLoad(async () => {
    const service = context.console.service();
    const detail = await service.order(params.number);
    const may = {
      ship: service.staff.permissions.includes("orders.ship"),
      resend: service.staff.permissions.includes("orders.resend-confirmation"),
      refund: service.staff.permissions.includes("orders.refund"),
    };
    // What the refund confirmation did (it redirects here with the refund's id), said at the top of the page.
    const refunded = detail.refunds.find((r) => r.id === query.get("refunded"));
    const done = refunded ? { ok: true as const, message: query.get("replay") ? `That refund of ${moneyWords(refunded)} was already made (the form was sent twice); nothing more was refunded.` : `Refunded ${moneyWords(refunded)}; the customer was emailed.` } : undefined;
    // A new key per page view: sending the same form twice (a double click, a retried request) sends once.
    return { ...detail, may, requestKey: crypto.randomUUID(), done };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    if (fields.intent === "ship") {
      const shipment = await service.shipOrder(params.number, { carrier: fields.carrier as (typeof CARRIER_CODES)[number], trackingNumber: (fields.trackingNumber ?? "").trim() });
      return `Marked shipped with ${CARRIERS[shipment.carrier as keyof typeof CARRIERS]?.label ?? shipment.carrier}; the customer was emailed the tracking link.`;
    }
    if (fields.intent === "resend") {
      const { emailId } = await service.resendConfirmation(params.number, fields.requestKey || undefined);
      return emailId ? "The confirmation is on its way again." : "That confirmation was already sent again (the form was sent twice).";
    }
    throw Object.assign(new Error("unknown intent"), { code: "VALIDATION_ERROR", status: 400, message: "Unknown action." });
  });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.number} | Seed console` }];

export default function ConsoleOrder({ loaderData }: Route.ComponentProps) {
  const { order, customerId, shipments, emails, timeline, may, requestKey, payments, refunds, renewalConsent, done } = loaderData;
  const result = useActionData<typeof action>();
  const a = order.shippingAddress;
  return (
    <>
      <p>
        <Link to="/console/orders">All orders</Link>
      </p>
      <h1>
        Order {order.number} <Badge tone={statusTone(order.status)}>{order.status}</Badge>
      </h1>
      <ActionMessage result={result && "ok" in result ? result : done} />
      <div className="c-grid">
        <section className="c-card" aria-labelledby="order-customer">
          <h2 id="order-customer" style={{ marginTop: 0 }}>
            Customer
          </h2>
          <dl className="c-dl">
            <dt>Email</dt>
            <dd>
              <Link to={`/console/customers/${customerId}`}>{order.email}</Link>
            </dd>
            <dt>Ship to</dt>
            <dd>
              {a.firstName} {a.lastName}, {a.address1}
              {a.address2 ? `, ${a.address2}` : ""}, {a.city} {a.region} {a.postalCode}, {a.country}
            </dd>
            <dt>Placed</dt>
            <dd>
              <When iso={order.createdAt} />
            </dd>
            {renewalConsent && (
              <>
                <dt>Renewal consent</dt>
                <dd data-testid="renewal-consent">
                  Agreed <When iso={renewalConsent.at} /> to terms {renewalConsent.termsVersion}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="c-card" aria-labelledby="order-payment">
          <h2 id="order-payment" style={{ marginTop: 0 }}>
            Payment
          </h2>
          <dl className="c-dl">
            <dt>Card</dt>
            <dd>
              {order.payment.brand} {order.payment.last4 ? `ending ${order.payment.last4}` : ""}
            </dd>
            <dt>Subtotal</dt>
            <dd>
              <Money amount={order.subtotal} currency={order.currency} />
            </dd>
            {order.discounts.map((d) => (
              <div key={d.code} style={{ display: "contents" }}>
                <dt>Discount {d.code}</dt>
                <dd>
                  −<Money amount={d.amount} currency={order.currency} />
                </dd>
              </div>
            ))}
            <dt>{order.shipping.label}</dt>
            <dd>
              <Money amount={order.shipping.amount} currency={order.currency} />
            </dd>
            {order.creditApplied > 0 && (
              <div style={{ display: "contents" }}>
                <dt>Account credit (member ledger)</dt>
                <dd>
                  −<Money amount={order.creditApplied} currency={order.currency} />
                </dd>
              </div>
            )}
            <dt>Total</dt>
            <dd>
              <strong>
                <Money amount={order.total} currency={order.currency} />
              </strong>
            </dd>
          </dl>
        </section>
      </div>

      <h2>Lines</h2>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Order lines">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="c-num">
                Quantity
              </th>
              <th scope="col" className="c-num">
                Discount
              </th>
              <th scope="col" className="c-num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.name}
                  {l.planCode ? ` (${l.planCode})` : ""}
                  {l.bonus ? " - gift" : ""}
                </td>
                <td className="c-num">{l.quantity}</td>
                <td className="c-num">
                  <Money amount={l.discount} currency={order.currency} />
                </td>
                <td className="c-num">
                  <Money amount={l.total} currency={order.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="order-refunds">Payments and refunds</h2>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-labelledby="order-refunds">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">Status</th>
              <th scope="col" className="c-num">
                Captured
              </th>
              <th scope="col" className="c-num">
                Refunded
              </th>
              <th scope="col" className="c-num">
                Can still refund
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.brand} {p.last4 ? `ending ${p.last4}` : ""}
                </td>
                <td>
                  <Badge tone={p.status}>{p.status}</Badge>
                </td>
                <td className="c-num">
                  <Money amount={p.amount} currency={p.currency} />
                </td>
                <td className="c-num">
                  <Money amount={p.refunded} currency={p.currency} />
                </td>
                <td className="c-num">
                  <Money amount={p.refundable} currency={p.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {refunds.length > 0 ? (
        <ul aria-label="Refunds" style={{ marginTop: ".75rem" }}>
          {refunds.map((r) => (
            <li key={r.id}>
              <When iso={r.createdAt} />: <Money amount={r.amount} currency={r.currency} /> <Badge tone={r.status === "succeeded" ? "sent" : r.status}>{r.status}</Badge> by {r.staffEmail}, “{r.reason}”
              {r.failure ? <span className="c-hint"> ({r.failure})</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No refunds.</p>
      )}
      {may.refund && payments.some((p) => p.refundable > 0) ? <RefundForm orderNumber={order.number} currency={order.currency} payments={payments} /> : null}

      <h2>Shipping</h2>
      {shipments.length === 0 ? <p>Not shipped yet.</p> : null}
      <ul>
        {shipments.map((s) => (
          <li key={s.id}>
            <When iso={s.shippedAt} />: {CARRIERS[s.carrier as keyof typeof CARRIERS]?.label ?? s.carrier}, <a href={s.trackingUrl}>{s.trackingNumber}</a>
          </li>
        ))}
      </ul>
      {may.ship ? (
        <Form method="post" className="c-card c-form-row" aria-label="Mark shipped">
          <label className="c-field">
            Carrier
            <select name="carrier" defaultValue="usps">
              {CARRIER_CODES.map((code) => (
                <option key={code} value={code}>
                  {CARRIERS[code].label}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field">
            Tracking number
            <input name="trackingNumber" required pattern="[A-Za-z0-9\-]{6,40}" />
          </label>
          <SubmitButton name="intent" value="ship">
            Mark shipped and email the customer
          </SubmitButton>
        </Form>
      ) : null}

      <h2>Emails</h2>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Emails of this order">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">Queued</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((m) => (
              <tr key={m.id}>
                <td>{m.subject}</td>
                <td>{m.to}</td>
                <td>
                  <Badge tone={m.status}>{m.status}</Badge>
                  {m.lastError ? <div className="c-hint">{m.lastError}</div> : null}
                </td>
                <td>
                  <When iso={m.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {may.resend ? (
        <Form method="post" style={{ marginTop: ".75rem" }}>
          <input type="hidden" name="requestKey" value={requestKey} />
          <SubmitButton quiet name="intent" value="resend">
            Send the confirmation again
          </SubmitButton>
        </Form>
      ) : null}

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
