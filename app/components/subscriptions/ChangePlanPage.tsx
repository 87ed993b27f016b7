import { Form, Link, useNavigation } from "react-router";
import type { RenewalQuote } from "../../../domain/renewal-quote";
import { ROUTES } from "../../../domain/routes";
import { ACTION_SUCCESS_MESSAGE } from "../../../domain/subscription-actions";
import type { PlanChange } from "../../../domain/subscription-requests";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import type { ActionOutcome } from "./action-result";
import { billingEvery, formatDay, money } from "./format";
import { NextChargeTable } from "./NextCharge";
import type { PlanCard } from "./plan-cards";

type Result =
  | { kind: "error"; error: string }
  | { kind: "preview"; change: PlanChange; current: RenewalQuote; proposed: RenewalQuote }
  | { kind: "changed"; subscription: PortalSubscription; outcome: ActionOutcome }
  | null;

/** One plan, as the product page shows its plans: a card with the price, what a month works out at and the saving. */
function PlanCardOption({ card, checked, currency, country }: { card: PlanCard; checked: boolean; currency: string; country: string }) {
  const m = (amount: number) => money(amount, currency, country);
  return (
    <label className="plan-option portal__plan-card" data-plan={card.code}>
      <input type="radio" name="planCode" value={card.code} defaultChecked={checked} required className="plan-option__radio" />
      <span className="plan-option__body">
        <span className="plan-option__title">
          {card.name}
          {card.badge && <span className="plan-option__badge">{card.badge}</span>}
          {card.current && <span className="portal__current">Your plan now</span>}
        </span>
        <span className="plan-option__detail">
          Ships {billingEvery(card.billingPeriodMonths)}
          {card.saves ? `. You save ${m(card.saves)} each time against the monthly refill.` : "."}
        </span>
      </span>
      <span className="plan-option__price">
        <span className="plan-option__amount">{m(card.price)}</span>
        {card.perMonth && <span className="plan-option__permonth">{m(card.perMonth)}/mo</span>}
      </span>
    </label>
  );
}

function Changed({ result, country }: { result: Extract<Result, { kind: "changed" }>; country: string }) {
  const { subscription: after, outcome } = result;
  return (
    <main id="main" className="portal portal--narrow">
      <h1 className="portal__title">Your subscription is updated</h1>
      <div role="status" aria-live="polite" className="portal__notice portal__notice--success portal__outcome">
        <p>
          {outcome.message} {ACTION_SUCCESS_MESSAGE}
        </p>
        {outcome.undo && (
          <Form method="post" className="portal__inline-form">
            {Object.entries(outcome.undo.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button button--small button--quiet">
              {outcome.undo.label}
            </button>
          </Form>
        )}
      </div>
      {after.nextCharge && <NextChargeTable charge={after.nextCharge} country={country} caption={`Your next charge, on ${formatDay(after.nextBillingAt)}`} />}
      <p>
        <Link to={ROUTES.subscriptions} className="button">
          Back to subscriptions
        </Link>
      </p>
    </main>
  );
}

/**
 * Step 1 chooses a plan (cards with the saving, only the member's own product's refills) and a quantity and shows the
 * price of the next charge (Preview); step 2 confirms it. Both are plain forms: the page works before JavaScript loads.
 */
export function ChangePlanPage({ subscription: s, cards, result }: { subscription: PortalSubscription; cards: PlanCard[]; result: Result }) {
  const busy = useNavigation().state !== "idle";
  if (result?.kind === "changed") return <Changed result={result} country={s.country} />;
  const chosen = result?.kind === "preview" ? result.change : { planCode: s.planCode, quantity: s.quantity };
  return (
    <main id="main" className="portal portal--narrow">
      <p className="portal__eyebrow">
        <Link to={ROUTES.subscriptions}>Subscriptions</Link>
      </p>
      <h1 className="portal__title">Change plan or quantity</h1>
      <p className="portal__muted">
        Now: {s.planName}, quantity {s.quantity}. A new plan starts with your next shipment, on {formatDay(s.nextBillingAt)}.
      </p>
      {result?.kind === "error" && (
        <p role="alert" className="portal__notice portal__notice--error">
          {result.error}
        </p>
      )}
      <Form method="post" className="portal__form">
        <fieldset className="portal__fieldset">
          <legend className="portal__section-title">How often</legend>
          <div className="plan-picker__options">
            {cards.map((card) => (
              <PlanCardOption key={card.code} card={card} checked={card.code === chosen.planCode} currency={s.currency} country={s.country} />
            ))}
          </div>
        </fieldset>
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
