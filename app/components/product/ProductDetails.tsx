import type { ProductOffer } from "../../../domain/offers";

/** What is inside the pack: capsules and how long they last (SPEC.md section 9 pack sizes). */
export function ProductDetails({ offer }: { offer: ProductOffer }) {
  return (
    <section className="product-details" aria-labelledby="whats-inside">
      <h2 id="whats-inside" className="section-title">
        What&rsquo;s inside
      </h2>
      <dl className="product-facts">
        <div>
          <dt>Servings</dt>
          <dd>{offer.numCapsules} capsules</dd>
        </div>
        <div>
          <dt>Lasts</dt>
          <dd>{offer.supplyLengthInDays} days</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{offer.isSrp ? "By subscription: skip, pause or cancel any time" : "One-time purchase"}</dd>
        </div>
      </dl>
    </section>
  );
}
