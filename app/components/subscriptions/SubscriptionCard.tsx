import { Form, Link } from "react-router";
import { portalPath } from "../../../domain/portal-routes";
import { ROUTES } from "../../../domain/routes";
import { ADD_ON_PLANS, familyOf, isOnSavings } from "../../../domain/subscription-actions";
import { PACK_SIZES } from "../../../domain/supply";
import { cardBrandName } from "../../../domain/payments";
import type { PlanCode } from "../../../domain/plans";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { billingEvery, formatDay, money } from "./format";
import { NextChargeTable } from "./NextCharge";
import { ProductThumb } from "../product/product-photos";

export interface PlanOption {
  code: string;
  name: string;
  price: number;
  productCode: string;
  billingPeriodMonths: number | null;
}

const regionNames = () => new Intl.DisplayNames(["en"], { type: "region" });

/** Where the renewals ship and which card pays them, each with the place that changes it (settings). */
function ShipsAndPays({ subscription: s, titleId }: { subscription: PortalSubscription; titleId: string }) {
  const a = s.shipTo;
  const card = s.payment;
  return (
    <div className="portal__where">
      <dl className="portal__where-list">
      <div className="portal__where-item">
        <dt className="portal__section-title">Ships to</dt>
        <dd>
          <address className="portal__address">
            {a.firstName} {a.lastName}
            <br />
            {a.address1}
            {a.address2 ? `, ${a.address2}` : ""}
            <br />
            {[a.city, a.region, a.postalCode].filter(Boolean).join(", ")}
            {a.country !== "US" && (
              <>
                <br />
                {regionNames().of(a.country) ?? a.country}
              </>
            )}
          </address>
          <Link to={`${ROUTES.settings}#shipping-address`} className="portal__link" aria-describedby={`${titleId}-where`}>
            Change address
          </Link>
        </dd>
      </div>
      <div className="portal__where-item">
        <dt className="portal__section-title">Paid with</dt>
        <dd>
          <p>{card ? `${cardBrandName(card.brand)} ending in ${card.last4}` : "No card on file"}</p>
          {card && <p className="portal__muted">Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}</p>}
          <Link to={`${ROUTES.settings}#billing`} className="portal__link" aria-describedby={`${titleId}-where`}>
            Change card
          </Link>
        </dd>
      </div>
      </dl>
      <p id={`${titleId}-where`} className="portal__hint">
        Changes in Settings apply to your next shipment.
      </p>
    </div>
  );
}

/** One held subscription: what ships next, when and for how much, and everything the member can do about it. */
export function SubscriptionCard({ subscription: s, plans, bounds }: { subscription: PortalSubscription; plans: PlanOption[]; bounds: { min: string; max: string } }) {
  const titleId = `sub-${s.id}`;
  const family = familyOf(s.planCode);
  const addOns = plans.filter((p) => (ADD_ON_PLANS as readonly string[]).includes(p.code));
  const pack = PACK_SIZES[s.planCode as PlanCode];
  const Hidden = () => <input type="hidden" name="subscriptionId" value={s.id} />;
  return (
    <article className="portal__card" aria-labelledby={titleId}>
      <header className="portal__card-head">
        <ProductThumb productCode={s.productCode} fallback={s.image} size={72} className="portal__image" />
        <div>
          <h2 id={titleId} className="portal__name">
            {s.planName}
          </h2>
          <p className="portal__muted">
            Quantity {s.quantity} · ships {billingEvery(s.billingPeriodMonths)}
            {s.confirmEachCharge ? " · we ask you before each charge" : ""}
          </p>
        </div>
      </header>

      <ShipsAndPays subscription={s} titleId={titleId} />

      <section className="portal__next" aria-labelledby={`${titleId}-next`}>
        <h3 id={`${titleId}-next`} className="portal__section-title">
          Next Shipment
        </h3>
        <p className="portal__date">
          <span className="portal__muted">Ships and bills on</span> <strong>{formatDay(s.nextBillingAt)}</strong>
        </p>
        {s.nextCharge && <NextChargeTable charge={s.nextCharge} country={s.country} caption="Your next charge" />}
        {s.addOns.length > 0 && (
          <ul className="portal__addons" aria-label="One-time items in your next shipment">
            {s.addOns.map((a) => (
              <li key={a.id}>
                <span>
                  {a.name} × {a.quantity}
                </span>
                <Form method="post" className="portal__inline-form">
                  <Hidden />
                  <input type="hidden" name="addOnId" value={a.id} />
                  <button type="submit" name="intent" value="remove-add-on" className="portal__text-button" aria-label={`Remove ${a.name} from the next shipment`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="portal__actions">
          <Hidden />
          <button type="submit" name="intent" value="delay-1" className="button button--small">
            Delay One Month
          </button>
          <button type="submit" name="intent" value="delay-2" className="button button--small">
            Delay Two Months
          </button>
          <button type="submit" name="intent" value="ship-now" className="button button--small button--quiet">
            Ship now
          </button>
        </Form>
        <Form method="post" className="portal__date-form">
          <Hidden />
          <label htmlFor={`${titleId}-date`} className="portal__label">
            Select Next Date
          </label>
          <input
            id={`${titleId}-date`}
            type="date"
            name="date"
            required
            min={bounds.min}
            max={bounds.max}
            defaultValue={s.nextBillingAt.slice(0, 10) < bounds.min ? bounds.min : s.nextBillingAt.slice(0, 10)}
            className="portal__input"
            aria-describedby={`${titleId}-date-hint`}
          />
          <button type="submit" name="intent" value="select-date" className="button button--small">
            Reschedule My Shipment
          </button>
          <p id={`${titleId}-date-hint`} className="portal__hint">
            Any day from {formatDay(bounds.min)} to {formatDay(bounds.max)}.
          </p>
        </Form>
      </section>

      {family && (
        <section className="portal__savings" aria-labelledby={`${titleId}-savings`}>
          <h3 id={`${titleId}-savings`} className="portal__section-title">
            Save with Sustainable Refills
          </h3>
          {isOnSavings(s.planCode) ? (
            <Form method="post" className="portal__row">
              <Hidden />
              <p className="portal__muted">You save on every refill and pay no international shipping fee on 3- and 6-month refills.</p>
              <button type="submit" name="intent" value="savings-unenroll" className="button button--small button--quiet">
                Unenroll from Savings
              </button>
            </Form>
          ) : (
            <Form method="post" className="portal__row">
              <Hidden />
              <p className="portal__muted">Get three months of refills at once and save 10% forever, from your next shipment.</p>
              <button type="submit" name="intent" value="savings-enroll" className="button button--small">
                Save with Sustainable Refills
              </button>
            </Form>
          )}
        </section>
      )}

      <div className="portal__more">
        {pack && (
          <details className="portal__details">
            <summary>I have too much</summary>
            <Form method="post" className="portal__date-form">
              <Hidden />
              <label htmlFor={`${titleId}-left`} className="portal__label">
                How many capsules do you have left?
              </label>
              <input id={`${titleId}-left`} name="capsulesLeft" type="number" inputMode="numeric" min={0} max={720} required className="portal__input portal__input--short" />
              <button type="submit" name="intent" value="too-much" className="button button--small">
                Move my next shipment
              </button>
              <p className="portal__hint">We plan your next pack to arrive as these run out.</p>
            </Form>
          </details>
        )}
        {addOns.length > 0 && (
          <details className="portal__details">
            <summary>Add a one-time item</summary>
            <Form method="post" className="portal__date-form">
              <Hidden />
              <label htmlFor={`${titleId}-addon`} className="portal__label">
                Item for your next shipment only
              </label>
              <select id={`${titleId}-addon`} name="planCode" className="portal__input">
                {addOns.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}: {money(p.price, s.currency, s.country)}
                  </option>
                ))}
              </select>
              <input type="hidden" name="quantity" value="1" />
              <button type="submit" name="intent" value="add-on" className="button button--small">
                Add to next shipment
              </button>
            </Form>
          </details>
        )}
        <Form method="post" className="portal__row portal__confirm-each">
          <Hidden />
          <input type="hidden" name="enabled" value={s.confirmEachCharge ? "false" : "true"} />
          <p className="portal__muted">
            {s.confirmEachCharge
              ? "We email you before each charge with a button to confirm it. Unconfirmed shipments are skipped, never charged."
              : "Prefer to say yes to every charge? We email you 3 days before, and skip any shipment you don't confirm."}
          </p>
          <button type="submit" name="intent" value="confirm-each-charge" className="button button--small button--quiet">
            {s.confirmEachCharge ? "Stop asking me before each charge" : "Ask me before each charge"}
          </button>
        </Form>
      </div>

      <footer className="portal__card-foot">
        <Link to={portalPath("subscription_change", s.id)} className="portal__link">
          Change plan or quantity
        </Link>
        <Link to={portalPath("subscription_cancel", s.id)} className="portal__link">
          Cancel subscription
        </Link>
        <Link to={ROUTES.order_history} className="portal__link">
          Order history
        </Link>
      </footer>
    </article>
  );
}
