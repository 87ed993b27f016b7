import { useState } from "react";
import { Form, Link } from "react-router";
import { findReason, offerFor, type SaveOffer } from "../../../domain/cancellation";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import type { CancellationOptions } from "../../../server/modules/subscriptions";
import { formatDay, money } from "./format";

type Result = { kind: "error"; error: string } | { kind: "kept"; message: string } | null;

/** Offers shown before a reason is picked (and without JavaScript): the discount while allowed, and a delay. */
function offersFor(reasonId: number | null, discount: boolean): SaveOffer[] {
  if (reasonId === null) return discount ? ["discount", "delay"] : ["delay"];
  const offer = offerFor(findReason(reasonId), discount);
  return offer === "none" ? [] : [offer];
}

export function CancelPage({
  subscription: s,
  options,
  result,
  subscriptionsPath,
}: {
  subscription: PortalSubscription;
  options: CancellationOptions;
  result: Result;
  subscriptionsPath: string;
}) {
  const [reasonId, setReasonId] = useState<number | null>(null);
  if (result?.kind === "kept") {
    return (
      <main id="main" className="portal portal--narrow">
        <h1 className="portal__title">Your subscription continues</h1>
        <p role="status" className="portal__notice portal__notice--success">
          {result.message}
        </p>
        <Link to={subscriptionsPath} className="button">
          Back to subscriptions
        </Link>
      </main>
    );
  }
  const offers = offersFor(reasonId, options.retentionOfferAvailable);
  const price = options.retentionPrice;
  return (
    <main id="main" className="portal portal--narrow">
      <p className="portal__eyebrow">
        <Link to={subscriptionsPath}>Subscriptions</Link>
      </p>
      <h1 className="portal__title">Cancel {s.planName}</h1>
      {result?.kind === "error" && (
        <p role="alert" className="portal__notice portal__notice--error">
          {result.error}
        </p>
      )}
      <section className="portal__lose" aria-labelledby="lose-title">
        <h2 id="lose-title" className="portal__section-title">
          If you cancel now
        </h2>
        <ul>
          <li>Your shipment of {formatDay(s.nextBillingAt)} will not ship and you will not be charged again.</li>
          <li>Your loyalty points expire on {formatDay(options.pointsExpireAt)}, 90 days from today, unless you reactivate before then.</li>
          {s.retentionPercentOff && <li>The {s.retentionPercentOff}% discount on your next shipment ends.</li>}
          <li>You can reactivate at any time from your account.</li>
        </ul>
      </section>
      <Form method="post" className="portal__form">
        <fieldset className="portal__fieldset">
          <legend className="portal__section-title">Why are you leaving? (optional)</legend>
          {options.reasons.map((r) => (
            <div key={r.id}>
              <label className="portal__choice">
                <input type="radio" name="cancellationReasonId" value={r.id} onChange={() => setReasonId(r.id)} />
                <span>{r.text}</span>
              </label>
              {r.secondary.length > 0 && (reasonId === null || reasonId === r.id) && (
                <div className="portal__secondary">
                  <label htmlFor={`secondary-${r.id}`} className="portal__label">
                    How long have you been taking it?
                  </label>
                  <select id={`secondary-${r.id}`} name="secondaryReasonId" className="portal__input" defaultValue="">
                    <option value="">Choose one (optional)</option>
                    {r.secondary.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.text}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
          ))}
          <label htmlFor="reason-text" className="portal__label">
            Anything else you want to tell us? (optional)
          </label>
          <textarea id="reason-text" name="cancellationReasonText" maxLength={500} rows={2} className="portal__input" />
        </fieldset>

        {offers.length > 0 && (
          <section className="portal__offer" aria-labelledby="offer-title">
            <h2 id="offer-title" className="portal__section-title">
              Before you go
            </h2>
            {offers.includes("discount") && (
              <div className="portal__offer-item">
                <p>
                  Stay, and your next shipment is {options.retentionPercentOff}% off
                  {price ? `: ${money(price.withDiscount, price.currency, s.country)} instead of ${money(price.total, price.currency, s.country)}` : ""}.
                </p>
                <button type="submit" name="intent" value="keep-discount" className="button button--small">
                  Apply Discount &amp; Keep Subscription
                </button>
              </div>
            )}
            {offers.includes("delay") && (
              <div className="portal__offer-item">
                <p>Need a break? Move your next shipment instead.</p>
                <div className="portal__actions">
                  <button type="submit" name="intent" value="delay-1" className="button button--small button--quiet">
                    Delay One Month
                  </button>
                  <button type="submit" name="intent" value="delay-2" className="button button--small button--quiet">
                    Delay Two Months
                  </button>
                </div>
              </div>
            )}
            {offers.includes("supply") && (
              <div className="portal__offer-item">
                <label htmlFor="capsules-left" className="portal__label">
                  Too many capsules? Tell us how many are left and we ship when they run out.
                </label>
                <div className="portal__actions">
                  <input id="capsules-left" name="capsulesLeft" type="number" min={0} max={720} inputMode="numeric" className="portal__input portal__input--short" />
                  <button type="submit" name="intent" value="too-much" className="button button--small button--quiet">
                    Move my next shipment
                  </button>
                </div>
              </div>
            )}
          </section>
        )}
        <div className="portal__cancel-anyway">
          <button type="submit" name="intent" value="cancel" className="button button--danger">
            Cancel subscription
          </button>
          <p className="portal__hint">Cancels at once. We email you a confirmation with the date and time.</p>
        </div>
      </Form>
    </main>
  );
}
