import { useCallback, useState } from "react";
import { CartLine, ProblemLine } from "./CartLine";
import { CartSummary } from "./CartSummary";
import { CheckoutButton } from "./CheckoutButton";
import { EmptyCart } from "./EmptyCart";
import { PromoCodeField } from "./PromoCodeField";
import { PromoLimits, RenewalTermsList } from "../checkout/RenewalTerms";
import { UpsellList } from "./UpsellList";
import { needsShippingNote } from "../../../domain/shipping-note";
import { ShippingNote } from "../ui/ShippingNote";
import type { CartQuote } from "./cart-quote";
import type { CartView } from "./cart-view";
import { useCartActions } from "./use-cart-actions";
import type { CartDesign } from "./cart-design";

/** Checkout waits until every line can be bought. */
export function checkoutBlocked({ quote, problems, cartProblem }: CartQuote): boolean {
  return !quote || problems.length > 0 || cartProblem !== null;
}

interface CartContentsProps {
  view: CartView;
  /** Where focus goes when a line leaves (its buttons go with it): the cart's heading. */
  focusHeading(): void;
  /** The drawer closes itself when the shopper follows a link out of it. */
  onNavigate?(): void;
  layout: "page" | "drawer";
  /** The page's layout variant (the drawer keeps its own). */
  design?: CartDesign;
}

/** What the cart page and the cart drawer both show: lines, promo code, totals, Checkout, upsell, or the empty state. */
export function CartContents({ view, focusHeading, onNavigate, layout, design = "standard" }: CartContentsProps) {
  const [announcement, setAnnouncement] = useState("");
  const onLineGone = useCallback(
    (name: string) => {
      setAnnouncement(`${name} was removed from your cart.`);
      focusHeading();
    },
    [focusHeading],
  );
  const actions = useCartActions(view, onLineGone);
  const { cart, priced, country, promo, renewals } = view;
  const status = (
    <p className="sr-only" role="status">
      {announcement}
    </p>
  );
  if (!cart || !priced) return <p className="cart-loading" aria-busy="true">Loading your cart…</p>;
  if (Object.keys(cart).length === 0) {
    return (
      <div className={`cart-layout cart-layout--${layout} cart-layout--empty`}>
        {status}
        <EmptyCart onNavigate={onNavigate} />
        <UpsellList offers={view.upsell} country={country} onAdd={actions.onAdd} />
      </div>
    );
  }
  const { quote, problems, cartProblem } = priced;
  const promoApplies = quote?.discounts.some((d) => d.kind === "promo") ?? false;
  // Outside the US: the flag on names the country on the Shipping row; off, one plain sentence says currency and fee.
  const abroad = needsShippingNote(country);
  const main = (
    <div className="cart-main">
      {/* Column words for sighted shoppers; each line already labels its own price, quantity and total. */}
      <div className="cart-lines__head" aria-hidden="true">
        <span>Product</span>
        <span>Total</span>
      </div>
      <ul className="cart-lines" aria-label="Items in your cart">
        {quote?.lines.map((line) => (
          <CartLine key={`${line.productCode}-${line.bonus}`} line={line} currency={quote.currency} country={country} max={view.rules.get(line.productCode)?.maxQuantity ?? 1} {...actions} />
        ))}
        {problems.map((p) => {
          const content = view.catalog.products.find((product) => product.code === p.productCode)?.content;
          return <ProblemLine key={p.productCode} code={p.productCode} name={content?.name ?? p.productCode} image={content?.cartImage ?? ""} message={p.message} onRemove={actions.onRemove} />;
        })}
      </ul>
      {layout === "page" && <UpsellList offers={view.upsell} country={country} onAdd={actions.onAdd} />}
    </div>
  );
  const side = (
    <div className="cart-side">
      <PromoCodeField code={promo?.code ?? null} promoApplies={promoApplies} notAppliedReason={quote?.promoNotApplied?.reason} />
      {promoApplies && <PromoLimits coupon={promo} country={country} />}
      {quote && abroad && !view.internationalCurrency && <ShippingNote country={country} fee={{ amount: quote.shipping.amount, currency: quote.currency }} className="cart-shipping-note" />}
      {quote && <CartSummary totals={quote} country={country} shippingTo={abroad && view.internationalCurrency ? country : null} />}
      {renewals.length > 0 && (
        <div className="renewal-terms renewal-terms--cart">
          <RenewalTermsList renewals={renewals} country={country} dated={false} />
          <p className="renewal-terms__cancel">Skip, delay or cancel online any time before a renewal.</p>
        </div>
      )}
      {cartProblem && (
        <p className="cart-problem" role="alert">
          {cartProblem}
        </p>
      )}
      {/* The drawer keeps Checkout in its own footer, always in view. */}
      {layout === "page" && <CheckoutButton view={view} blocked={checkoutBlocked(priced)} onNavigate={onNavigate} />}
    </div>
  );
  return (
    <div className={`cart-layout cart-layout--${layout} cart-layout--${design}`} data-design={design}>
      {status}
      {design === "summary-first" ? (
        <>
          {side}
          {main}
        </>
      ) : (
        <>
          {main}
          {side}
        </>
      )}
    </div>
  );
}
