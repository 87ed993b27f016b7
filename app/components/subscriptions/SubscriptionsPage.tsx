import { Form, Link } from "react-router";
import { NO_SUBSCRIPTIONS_MESSAGE } from "../../../domain/subscription-actions";
import { ROUTES } from "../../../domain/routes";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { formatDay } from "./format";
import { SubscriptionCard, type PlanOption } from "./SubscriptionCard";
import { ReactivateForm } from "./ReactivateForm";
import type { Undo } from "./action-result";

export type PortalResult = { ok: true; id: string; message: string; undo: Undo | null } | { ok: false; id: string; error: string } | null;

/** What the last action did, and its Undo: a plain form posting the inverse through the same action (works before JavaScript). */
function ActionNotice({ id, message, undo }: { id: string; message: string; undo: Undo | null }) {
  return (
    <div className="portal__notice portal__notice--success portal__outcome">
      <p>{message}</p>
      {undo && (
        <Form method="post" className="portal__inline-form">
          <input type="hidden" name="subscriptionId" value={id} />
          {Object.entries(undo.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--small button--quiet">
            {undo.label}
          </button>
        </Form>
      )}
    </div>
  );
}

export function SubscriptionsPage({
  subscriptions,
  plans,
  bounds,
  result,
}: {
  subscriptions: PortalSubscription[];
  plans: Record<string, PlanOption[]>;
  bounds: { min: string; max: string };
  result: PortalResult;
}) {
  const held = subscriptions.filter((s) => s.status === "active");
  const canceled = subscriptions.filter((s) => s.status === "canceled");
  return (
    <main id="main" className="portal">
      <h1 className="portal__title">Subscriptions</h1>
      <div role="status" aria-live="polite" className="portal__live">
        {result?.ok && <ActionNotice id={result.id} message={result.message} undo={result.undo} />}
      </div>
      <div role="alert" className="portal__live">
        {result && !result.ok && <p className="portal__notice portal__notice--error">{result.error}</p>}
      </div>
      {held.length === 0 ? (
        <section className="portal__empty" aria-labelledby="no-subscriptions">
          <h2 id="no-subscriptions" className="portal__subtitle">
            {NO_SUBSCRIPTIONS_MESSAGE}
          </h2>
          <p>When you subscribe, you can delay, change or cancel your shipments here at any time.</p>
          <Link to={ROUTES.daily_synbiotic} className="button">
            Shop DS-01® Daily Synbiotic
          </Link>
        </section>
      ) : (
        <div className="portal__list">
          {held.map((s) => (
            <SubscriptionCard key={s.id} subscription={s} plans={plans[s.id] ?? []} bounds={bounds} />
          ))}
        </div>
      )}
      {canceled.length > 0 && (
        <section className="portal__canceled" aria-labelledby="canceled-title">
          <h2 id="canceled-title" className="portal__subtitle">
            Canceled subscriptions
          </h2>
          <ul className="portal__canceled-list">
            {canceled.map((s) => (
              <li key={s.id} className="portal__canceled-item">
                <div>
                  <p className="portal__name">{s.planName}</p>
                  <p className="portal__muted">Canceled on {formatDay(s.canceledAt!)}. Reactivate to start shipments again; you keep your loyalty points.</p>
                </div>
                <ReactivateForm id={s.id} name={s.planName} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="portal__footnote">
        Plan and item changes apply from your next shipment; date changes apply at once. <Link to={ROUTES.order_history}>See your order history</Link>.
      </p>
    </main>
  );
}
