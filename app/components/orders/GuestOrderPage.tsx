import { Link } from "react-router";
import { guestPath } from "../../../domain/guest-links";
import type { OrderSummary } from "../../../domain/orders";
import { ROUTES } from "../../../domain/routes";
import { CartSummary } from "../cart/CartSummary";
import { ClaimAccount, type ClaimAnswer } from "../checkout/ClaimAccount";
import { formatLongDate } from "../checkout/dates";
import { SummaryLines } from "../checkout/SummaryLines";
import { ShippingAndPayment } from "../checkout/ThankYouPage";

const STATUS_WORDS: Record<OrderSummary["status"], string> = {
  paid: "Paid: we are preparing it",
  refunded: "Refunded",
  canceled: "Canceled",
};

interface Props {
  order: OrderSummary | null;
  offerClaim: boolean;
  token: string;
  error: string | null;
  claimAnswer: ClaimAnswer | null;
}

/** One order read by the confirmation's signed link (ADR 0063): what was bought, where it goes, its invoice, the claim. */
export function GuestOrderPage({ order, offerClaim, token, error, claimAnswer }: Props) {
  if (!order) return <LinkProblem message={error ?? "This link is not valid."} />;
  const country = order.shippingAddress.country;
  return (
    <main id="main" className="thank-you guest-order">
      <p className="thank-you__eyebrow">Order {order.number}</p>
      <h1 className="thank-you__title">Your order</h1>
      <p className="thank-you__lede">Placed {formatLongDate(order.createdAt, country)} by {order.email}.</p>
      <p className="guest-order__status">{STATUS_WORDS[order.status]}</p>
      <div className="thank-you__grid">
        <section className="receipt-card" aria-labelledby="receipt-items">
          <h2 id="receipt-items" className="receipt-card__title">
            What you ordered
          </h2>
          <SummaryLines lines={order.lines} currency={order.currency} country={country} />
          <CartSummary totals={order} country={country} shippingLabel />
          <div className="guest-order__links">
            <Link to={guestPath("invoice", token)} className="button button--secondary">
              View invoice
            </Link>
            <a href={guestPath("invoicePdf", token)} download className="button button--secondary">
              Download PDF
            </a>
          </div>
        </section>
        <div className="thank-you__side">
          {offerClaim && <ClaimAccount email={order.email} token={token} answer={claimAnswer} />}
          <ShippingAndPayment order={order} />
        </div>
      </div>
    </main>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <main id="main" className="thank-you thank-you--empty">
      <h1 className="thank-you__title">We could not open this order</h1>
      <p className="thank-you__lede">{message} Sign in to see every order, or reply to your confirmation email and our care team will help.</p>
      <Link to={ROUTES.login} className="button thank-you__continue">
        Sign in
      </Link>
    </main>
  );
}
