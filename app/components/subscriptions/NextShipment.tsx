import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { billingEvery, formatDay } from "./format";
import { NextChargeTable } from "./NextCharge";
import { ProductThumb } from "../product/product-photos";

/** The account home's first section: when the next shipment goes, what is in it and what it costs (the renewal's own quote). */
export function NextShipment({ subscription: s }: { subscription: PortalSubscription }) {
  return (
    <section className="account-section portal__home-next" aria-labelledby="next-shipment-title">
      <div className="portal__home-next-when">
        <h2 id="next-shipment-title">Your next shipment</h2>
        <p className="portal__date">
          <span className="portal__muted">Ships and bills on</span> <strong>{formatDay(s.nextBillingAt)}</strong>
        </p>
        <div className="portal__card-head">
          <ProductThumb productCode={s.productCode} fallback={s.image} size={56} className="portal__image portal__image--small" />
          <p className="portal__muted">
            {s.planName}, ships {billingEvery(s.billingPeriodMonths)}
          </p>
        </div>
        <p>
          <Link to={ROUTES.subscriptions} className="button button--small">
            Delay, change or ship now
          </Link>
        </p>
      </div>
      {s.nextCharge && <NextChargeTable charge={s.nextCharge} country={s.country} caption="What's in it, and what it costs" />}
    </section>
  );
}
