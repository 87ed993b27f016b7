import { Form, Link, useNavigation } from "react-router";
import type { RenewalQuote } from "../../../domain/renewal-quote";
import { ROUTES } from "../../../domain/routes";
import { ACTION_SUCCESS_MESSAGE, familyOf } from "../../../domain/subscription-actions";
import type { PlanChange } from "../../../domain/subscription-requests";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { billingEvery, formatDay, money } from "./format";
import { NextChargeTable } from "./NextCharge";
import type { PlanOption } from "./SubscriptionCard";

type Result =
  | { kind: "error"; error: string }
  | { kind: "preview"; change: PlanChange; current: RenewalQuote; proposed: RenewalQuote }
  | { kind: "changed"; subscription: PortalSubscription }
  | null;

/**
 * Step 1 chooses a plan and quantity and shows the price of the next charge (Preview); step 2 confirms it. Both are
 * plain forms: the page works before JavaScript loads.
 */
export function ChangePlanPage({ subscription: s, plans, result }: { subscription: PortalSubscription; plans: PlanOption[]; result: Result }) {
  const busy = useNavigation().state !== "idle";
  const chosen = result?.kind === "preview" ? result.change : { planCode: s.planCode, quantity: s.quantity };
  const family = familyOf(s.planCode);
  const same = plans.filter((p) => familyOf(p.code) === family);
  const swaps = plans.filter((p) => familyOf(p.code) !== family);
  const option = (p: PlanOption) => (
    <label key={p.code} className="portal__choice">
      <input type="radio" name="planCode" value={p.code} defaultChecked={p.code === chosen.planCode} required />
      <span>
        <span className="portal__name">{p.name}</span>
        <span className="portal__muted">
          {" "}
          {money(p.price, s.currency, s.country)}, ships {billingEvery(p.billingPeriodMonths)}
        </span>
      </span>
    </label>
  );
  if (result?.kind === "changed") {
    return (
      <main id="main" className="portal portal--narrow">
        <h1 className="portal__title">Your subscription is updated</h1>
        <p role="status" className="portal__notice portal__notice--success">
          {ACTION_SUCCESS_MESSAGE}
        </p>
        <p>
          From {formatDay(result.subscription.nextBillingAt)}: {result.subscription.planName}
          {result.subscription.quantity > 1 ? ` × ${result.subscription.quantity}` : ""}.
        </p>
        {result.subscription.nextCharge && <NextChargeTable charge={result.subscription.nextCharge} country={s.country} caption="Your next charge" />}
        <Link to={ROUTES.subscriptions} className="button">
          Back to subscriptions
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="portal portal--narrow">
      <p className="portal__eyebrow">
        <Link to={ROUTES.subscriptions}>Subscriptions</Link>
      </p>
      <h1 className="portal__title">Change plan or quantity</h1>
      <p className="portal__muted">
        Now: {s.planName}, quantity {s.quantity}. Changes take effect on your next billing cycle, {formatDay(s.nextBillingAt)}.
      </p>
      {result?.kind === "error" && (
        <p role="alert" className="portal__notice portal__notice--error">
          {result.error}
        </p>
      )}
      <Form method="post" className="portal__form">
        <fieldset className="portal__fieldset">
          <legend className="portal__section-title">How often</legend>
          {same.map(option)}
        </fieldset>
        {swaps.length > 0 && (
          <fieldset className="portal__fieldset">
            <legend className="portal__section-title">Or swap to</legend>
            {swaps.map(option)}
          </fieldset>
        )}
        <label htmlFor="quantity" className="portal__label">
          Quantity
        </label>
        <input id="quantity" name="quantity" type="number" min={1} max={12} defaultValue={chosen.quantity} required className="portal__input portal__input--short" />
        {result?.kind === "preview" && (
          <div className="portal__preview" role="status" aria-live="polite">
            <NextChargeTable charge={result.proposed} country={s.country} caption="Your next charge after the change" />
            <p className="portal__muted">Before the change it would be {money(result.current.total, result.current.currency, s.country)}.</p>
          </div>
        )}
        <div className="portal__actions">
          <button type="submit" name="intent" value="preview" className="button button--small button--quiet" disabled={busy}>
            Preview the new price
          </button>
          {result?.kind === "preview" && (
            <button type="submit" name="intent" value="confirm" className="button button--small" disabled={busy}>
              Confirm change
            </button>
          )}
        </div>
      </Form>
    </main>
  );
}
