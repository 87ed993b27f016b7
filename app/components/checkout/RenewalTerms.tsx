import { Link } from "react-router";
import type { Currency } from "../../../domain/money";
import { couponLimits, HOW_TO_CANCEL, RENEWAL_CONSENT_LABEL, renewalFrequency, type DisclosedCoupon, type RenewalTerm } from "../../../domain/renewal-terms";
import { ROUTES } from "../../../domain/routes";
import { Money } from "../cart/Money";
import { formatLongDate } from "./dates";
import { CertifyBox } from "./CertifyBox";
import { fieldId } from "./Field";
import type { CheckoutForm } from "./use-checkout-form";

/** A renewal term as JSON carries it (the preview's answer): the date is an ISO string. */
export type RenewalTermView = Omit<RenewalTerm, "firstRenewalAt"> & { firstRenewalAt: string | Date };

/**
 * What each subscription renews as, for how much, how often and from when, and how to cancel: the automatic renewal
 * terms a shopper reads before paying (issue 34), in the words of the order confirmation that repeats them.
 */
export function RenewalTermsList({ renewals, country, dated = true }: { renewals: readonly RenewalTermView[]; country: string; dated?: boolean }) {
  return (
    <ul className="renewal-terms__list">
      {renewals.map((term) => (
        <li key={term.planCode}>
          <RenewalSentence term={term} country={country} dated={dated} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One subscription's terms in a sentence. `dated`: the first renewal's date, as the server's clock places it (checkout,
 * receipt); undated, the cart says how long after the order it comes, since its page may be cached past midnight.
 */
export function RenewalSentence({ term, country, dated = true }: { term: RenewalTermView; country: string; dated?: boolean }) {
  const first = dated ? (
    <>
      first on <strong>{formatLongDate(term.firstRenewalAt, country)}</strong>
    </>
  ) : (
    <>first {term.firstRenewalMonths === 1 ? "a month" : `${term.firstRenewalMonths} months`} after your order</>
  );
  return (
    <>
      Renews automatically as <strong>{term.quantity > 1 ? `${term.quantity} × ${term.renewalName}` : term.renewalName}</strong> at{" "}
      <strong>
        <Money amount={term.price} currency={term.currency as Currency} country={country} /> {renewalFrequency(term.periodMonths)}
      </strong>
      {term.shipping > 0 && (
        <>
          {" "}
          (shipping of <Money amount={term.shipping} currency={term.currency as Currency} country={country} /> included)
        </>
      )}
      , {first}, until you cancel.
      {term.couponKept && ` Your code ${term.couponKept} keeps taking its discount off each renewal.`}
    </>
  );
}

/**
 * Beside Place order: the terms, and the box the shopper ticks to agree to them (their express consent; the server
 * refuses a subscription order without it). Shown only when the cart renews.
 */
export function RenewalConsent({ form, renewals, country }: { form: CheckoutForm; renewals: readonly RenewalTermView[]; country: string }) {
  const id = fieldId("renewalConsent");
  return (
    <section className="renewal-terms" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="renewal-terms__title">
        Your subscription
      </h2>
      <RenewalTermsList renewals={renewals} country={country} />
      <p className="renewal-terms__cancel">
        {HOW_TO_CANCEL} <Link to={ROUTES.subscription_terms}>Subscription terms</Link>
      </p>
      <CertifyBox
        form={form}
        field="renewalConsent"
        className="renewal-terms__consent"
        label={RENEWAL_CONSENT_LABEL}
      />
    </section>
  );
}

/** A promo code's limits in plain words, under the code wherever it is applied. */
export function PromoLimits({ coupon, country }: { coupon: DisclosedCoupon | null; country: string }) {
  if (!coupon) return null;
  const limits = couponLimits(coupon, (date) => formatLongDate(date, country));
  return (
    <ul className="promo-limits" aria-label={`Limits of ${coupon.code}`}>
      {limits.map((limit) => (
        <li key={limit}>{limit}</li>
      ))}
    </ul>
  );
}
