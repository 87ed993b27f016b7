import { Link } from "react-router";
import type { OrderSummary } from "../../../domain/orders";
import { ROUTES } from "../../../domain/routes";
import { CartSummary } from "../cart/CartSummary";
import { Money } from "../cart/Money";
import { SummaryLines } from "./SummaryLines";
import { formatLongDate } from "./dates";

export type PlanNames = Record<string, { name: string; price: number }>;

/** The order confirmation (/thank-you), or a friendly word when this browser has no recent order. */
export function ThankYouPage({ order, plans }: { order: OrderSummary | null; plans: PlanNames }) {
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
          <ShippingAndPayment order={order} />
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
        Skip, pause or cancel any time from <Link to={ROUTES.subscriptions}>your account</Link>.
      </p>
    </section>
  );
}

function ShippingAndPayment({ order }: { order: OrderSummary }) {
  const a = order.shippingAddress;
  const region = new Intl.DisplayNames(["en"], { type: "region" });
  return (
    <section className="receipt-card" aria-labelledby="receipt-delivery">
      <h2 id="receipt-delivery" className="receipt-card__title">
        Delivery and payment
      </h2>
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
        <span className="receipt-brand">{order.payment.brand}</span> ending in {order.payment.last4}
      </p>
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
