import { useMemo } from "react";
import type { CartProductRule } from "../../../domain/cart";
import type { ProductCode } from "../../../domain/catalog";
import { offersFrom, type PageCatalog } from "../../../domain/offers";
import { usePromoCoupon } from "../promo/use-promo-coupon";
import { PlanPicker, usePlanChoice } from "./PlanPicker";
import "./product.css";

export interface PlanGroupData {
  codes: readonly ProductCode[];
  catalog: PageCatalog;
  cartRules: [string, CartProductRule][];
  country: string;
}

/** A landing page's plan group (SPEC.md section 9) as a plan choice, on a page that is not itself a product page. */
export function PlanGroupOffers({ data, title, intro }: { data: PlanGroupData; title: string; intro: string }) {
  const offers = useMemo(() => offersFrom(data.codes, data.catalog, data.country), [data]);
  const choice = usePlanChoice(offers);
  const promo = usePromoCoupon();
  return (
    <section className="plan-group" aria-labelledby="plan-group-title">
      <h2 id="plan-group-title" className="section-title">
        {title}
      </h2>
      <p className="page-intro">{intro}</p>
      <PlanPicker offers={offers} country={data.country} cartRules={data.cartRules} promo={promo} choice={choice} legend="Choose a product" showName />
    </section>
  );
}
