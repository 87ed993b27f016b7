import type { ProductOffer } from "../../../domain/offers";
import { Price } from "../product/Price";
import { ProductThumb } from "../product/product-photos";
import { formButton } from "./QuantityStepper";

interface UpsellListProps {
  offers: ProductOffer[];
  country: string;
  onAdd(offer: ProductOffer): void;
}

/** "You may also like": the upsell list of SPEC.md section 4, each with an add button. */
export function UpsellList({ offers, country, onAdd }: UpsellListProps) {
  if (offers.length === 0) return null;
  return (
    <section className="upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title" className="upsell__title">
        You may also like
      </h2>
      <ul className="upsell__list">
        {offers.map((offer) => (
          <li key={offer.productCode} className="upsell__item" data-product={offer.productCode}>
            <ProductThumb productCode={offer.productCode} fallback={offer.image} size={64} className="upsell__image" />
            <div className="upsell__body">
              <p className="upsell__name">{offer.name}</p>
              {offer.price && (
                <p className="upsell__price">
                  <Price money={offer.price} country={country} />
                  {offer.renewal ? (
                    <>
                      , then <Price money={offer.renewal.price} country={country} /> a month
                    </>
                  ) : (
                    offer.billingPeriodMonths === 1 && " a month"
                  )}
                </p>
              )}
            </div>
            <button {...formButton(`increase:${offer.productCode}`, () => onAdd(offer))} className="button button--small upsell__add" aria-label={`Add ${offer.name} to cart`}>
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
