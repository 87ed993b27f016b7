import { Link } from "react-router";
import type { OrderSummary } from "../../../domain/orders";
import { ROUTES } from "../../../domain/routes";
import { CartSummary } from "../cart/CartSummary";
import { Money } from "../cart/Money";
import { SummaryLines } from "./SummaryLines";
import { formatLongDate, formatShortDate } from "./dates";
import { deliveryWindow } from "../../../domain/delivery-estimate";
import { formatMoney } from "../../../domain/money";
import { cardBrandName } from "../../../domain/payments";
import { FRIEND_OFFER, FRIEND_OFFER_WORDS, REFERRAL_REWARD_USD, REFUND_WINDOW_DAYS } from "../../../domain/referrals";

import { ClaimAccount, type ClaimAnswer } from "./ClaimAccount";
import { FoundUsQuestion, type FoundUsAnswer } from "./FoundUsQuestion";

export type PlanNames = Record<string, { name: string; price: number }>;

/** The order confirmation (/thank-you), or a friendly word when this browser has no recent order. */
export function ThankYouPage({ order, plans, claim, foundUs }: { order: OrderSummary | null; plans: PlanNames; claim?: { offer: boolean; answer: ClaimAnswer | null }; foundUs?: { ask: boolean; answer: FoundUsAnswer | null } }) {
  if (!order) return <NoOrder />;
  const country = order.shippingAddress.country;
  return (
    <main id="main" className="thank-you">
      <p className="thank-you__eyebrow">Order {order.number}</p>
      <h1 className="thank-you__title">Thank you for your order</h1>
      <p className="thank-you__lede">
        We have sent a confirmation to <strong>{order.email}</strong>.
      </p>
      {order.preorderMessage && <p className="thank-you__notice">{order.preorderMessage}</p>}
      <div className="thank-you__grid">
        <section className="receipt-card" aria-labelledby="receipt-items">
          <h2 id="receipt-items" className="receipt-card__title">
            Your order
          </h2>
          <SummaryLines lines={order.lines} currency={order.currency} country={country} />
          <CartSummary totals={order} country={country} shippingLabel />
        </section>
        <div className="thank-you__side">
          <Subscriptions order={order} plans={plans} />
          {claim?.offer && <ClaimAccount email={order.email} answer={claim.answer} />}
          <ShippingAndPayment order={order} />
          {foundUs?.ask && <FoundUsQuestion answer={foundUs.answer} />}
          <ReferralOffer />
        </div>
      </div>
      <Link to={ROUTES.home} className="button thank-you__continue">
        Continue shopping
      </Link>
    </main>
  );
}


function Subscriptions({ order, plans }: { order: OrderSummary; plans: PlanNames }) {
  if (order.subscriptions.length === 0) return null;
  const country = order.shippingAddress.country;
  return (
    <section className="receipt-card" aria-labelledby="receipt-subscriptions">
      <h2 id="receipt-subscriptions" className="receipt-card__title">
        Your subscription
      </h2>
      <ul className="receipt-subs">
        {order.subscriptions.map((sub) => {
          const renewal = sub.renewsInto ? plans[sub.renewsInto] : undefined;
          return (
            <li key={sub.id}>
              <p className="receipt-subs__name">{plans[sub.planCode]?.name ?? sub.planCode}</p>
              <p>
                Next billing date: <strong>{formatLongDate(sub.nextBillingAt, country)}</strong>
              </p>
              {renewal && (
                <p className="receipt-muted">
                  Then {renewal.name}, <Money amount={renewal.price} currency={order.currency} country={country} />
                  {sub.billingPeriodMonths === 1 ? " a month" : ` every ${sub.billingPeriodMonths} months`}.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="receipt-muted">
        Skip or cancel any time with the Manage link in your confirmation email, no password needed, or from{" "}
        <Link to={ROUTES.subscriptions}>your account</Link>.
      </p>
    </section>
  );
}

export function ShippingAndPayment({ order }: { order: OrderSummary }) {
  const a = order.shippingAddress;
  const region = new Intl.DisplayNames(["en"], { type: "region" });
  return (
    <section className="receipt-card" aria-labelledby="receipt-delivery">
      <h2 id="receipt-delivery" className="receipt-card__title">
        Delivery and payment
      </h2>
      {!order.preorderMessage && <DeliveryEstimate order={order} />}
      <h3 className="receipt-card__subtitle">Shipping to</h3>
      <address className="receipt-address">
        {a.firstName} {a.lastName}
        <br />
        {a.address1}
        {a.address2 && (
          <>
            <br />
            {a.address2}
          </>
        )}
        <br />
        {[a.city, a.region, a.postalCode].filter(Boolean).join(", ")}
        <br />
        {region.of(a.country) ?? a.country}
      </address>
      <h3 className="receipt-card__subtitle">Paid with</h3>
      <p>
        <span className="receipt-brand">{cardBrandName(order.payment.brand)}</span> ending in {order.payment.last4}
      </p>
    </section>
  );
}

/** When the parcel should arrive: dispatch the next business day, then the method's transit days (an estimate). */
function DeliveryEstimate({ order }: { order: OrderSummary }) {
  const country = order.shippingAddress.country;
  const { earliest, latest } = deliveryWindow(order.shipping.method, new Date(order.createdAt));
  return (
    <>
      <h3 className="receipt-card__subtitle">Estimated delivery</h3>
      <p>
        <strong>
          {formatShortDate(earliest, country)} – {formatShortDate(latest, country)}
        </strong>
        <br />
        <span className="receipt-muted">We pack your order the next business day and email tracking as it leaves us.</span>
      </p>
    </>
  );
}

/** The referral ask, to someone who has just bought: the friend's offer and the reward, one press from the refer page. */
function ReferralOffer() {
  const reward = formatMoney({ amount: REFERRAL_REWARD_USD, currency: "USD" }, "en-US", { dropZeroCents: true });
  return (
    <section className="receipt-card receipt-card--refer" aria-labelledby="receipt-refer">
      <h2 id="receipt-refer" className="receipt-card__title">
        Give {FRIEND_OFFER.percent}%, get {reward}
      </h2>
      <p>
        Share your personal link: friends get {FRIEND_OFFER_WORDS}, and you earn {reward} in credit for each friend whose
        order is paid and kept past its {REFUND_WINDOW_DAYS}-day guarantee.
      </p>
      <Link to={`${ROUTES.refer}?traffic_source=thank_you`} className="button button--secondary receipt-refer__link">
        Get my referral link
      </Link>
    </section>
  );
}

function NoOrder() {
  return (
    <main id="main" className="thank-you thank-you--empty">
      <h1 className="thank-you__title">Thank you for stopping by</h1>
      <p className="thank-you__lede">We could not find a recent order from this browser. If you just placed one, your confirmation email has every detail.</p>
      <Link to={ROUTES.daily_synbiotic} className="button thank-you__continue">
        Shop DS-01®
      </Link>
    </main>
  );
}
