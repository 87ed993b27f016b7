import { servingsLabel } from "../../../domain/catalog";
import type { ProductOffer } from "../../../domain/offers";
import { offerLabel } from "./PlanPicker";

function delivery(offer: ProductOffer): string {
  if (!offer.isSrp || offer.billingPeriodMonths === null) return "One-time purchase";
  const every = offer.billingPeriodMonths === 1 ? "every month" : `every ${offer.billingPeriodMonths} months`;
  return `Ships ${every}: skip, pause or cancel any time`;
}

/**
 * What is inside the pack of the plan chosen (SPEC.md section 9 pack sizes): servings in the product's own form
 * (capsules or sachets), how long they last, how it ships and what comes in the box. The heading names the plan,
 * so the facts stay true before JavaScript loads, when the choice cannot yet update them.
 */
export function ProductDetails({ offer }: { offer: ProductOffer }) {
  return (
    <section className="product-details" aria-labelledby="whats-inside" data-plan={offer.productCode}>
      <h2 id="whats-inside" className="section-title">
        What&rsquo;s inside <span className="product-details__plan">{offerLabel(offer)}</span>
      </h2>
      <dl className="product-facts">
        <div>
          <dt>Servings</dt>
          <dd>{servingsLabel(offer.numCapsules, offer.servingForm)}</dd>
        </div>
        <div>
          <dt>Lasts</dt>
          <dd>{offer.supplyLengthInDays} days</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{delivery(offer)}</dd>
        </div>
      </dl>
      <p className="product-details__box">{offer.description}</p>
    </section>
  );
}
