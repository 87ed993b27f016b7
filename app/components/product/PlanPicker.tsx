import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { CartError, type CartProductRule } from "../../../domain/cart";
import { couponDiscount, type PromoCoupon } from "../../../domain/coupons";
import { cents } from "../../../domain/money";
import type { ProductOffer } from "../../../domain/offers";
import { EVENTS } from "../../../domain/event-names";
import { RENEWS_INTO } from "../../../domain/plans";
import { refillNotice, refillStarter, REFILL_BADGE } from "../../../domain/refills";
import { ROUTES } from "../../../domain/routes";
import { feeWords, planShippingFee } from "../../../domain/shipping-note";
import { useFlags, usePricingFlags } from "../../lib/use-flags";
import { track } from "../../lib/analytics";
import { openCartDrawer } from "../cart/cart-drawer-events";
import { addProductToCart, ensureCartId } from "../cart/cart-store";
import { Price } from "./Price";

interface PlanPickerProps {
  offers: ProductOffer[];
  country: string;
  cartRules: [string, CartProductRule][];
  /** The visible heading of the choice. */
  legend?: string;
  /** The shopper's stored promo code, shown as a price; the server applies it at checkout. */
  promo?: PromoCoupon | null;
  /** The choice, held by the page so "What's inside" follows it (usePlanChoice). */
  choice: PlanChoice;
  /** Name the product on each option (a choice between products, such as the partner plans). */
  showName?: boolean;
  /**
   * With data-display-international-currency on, a shopper outside the US sees each plan's shipping to their country
   * beside its price; null shows none (the page states it once instead, in a ShippingNote).
   */
  shippingTo?: string | null;
}

export interface PlanChoice {
  /** The chosen product code: the first available offer until the shopper picks one. */
  selected: string;
  select(code: string): void;
}

/** The plan chosen on a page. A choice that became unavailable (the shopper changed country) falls back to the first available offer. */
export function usePlanChoice(offers: ProductOffer[]): PlanChoice {
  const firstAvailable = offers.find((o) => o.available)?.productCode ?? "";
  const [choice, select] = useState<string>(firstAvailable);
  const selected = offers.some((o) => o.productCode === choice && o.available) ? choice : firstAvailable;
  return { selected, select };
}

export function offerLabel(offer: ProductOffer): string {
  if (offer.productCode === "syn-wk-duo") return "Duo, for two";
  if (offer.billingPeriodMonths === null) return "One-time purchase";
  if (offer.billingPeriodMonths === 1) return offer.renewal ? "Starter kit" : "Monthly";
  return `Every ${offer.billingPeriodMonths} months`;
}

/**
 * Choose a plan and add it to the cart. Without JavaScript the form still works: it opens /cart?cart=<code>.
 * With it, the cart updates in place (the header count follows), the cart drawer opens, and a link to the cart stays.
 */
export function PlanPicker({ offers, country, cartRules, legend = "Choose your plan", promo = null, choice, showName = false, shippingTo = null }: PlanPickerProps) {
  const catalog = useMemo(() => new Map(cartRules), [cartRules]);
  const { selected, select: setSelected } = choice;
  const [status, setStatus] = useState<{ kind: "added" | "error"; text: string } | null>(null);
  const name = useId();
  const submit = useRef<HTMLButtonElement>(null);
  const glassJar = useFlags()["data-glass-jar"];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const offer = offers.find((o) => o.productCode === selected && o.available);
    if (!offer) return;
    try {
      addProductToCart(offer.productCode, catalog);
      track(EVENTS.productAdded, { cart_id: ensureCartId(), product_id: offer.productCode, sku: offer.sku, name: offer.name, price: offer.price ? offer.price.amount / 100 : null, currency: offer.price?.currency ?? null, quantity: 1 });
      setStatus({ kind: "added", text: `${offer.name} is in your cart.` });
      // The cart drawer opens on what was added (issue 34). It hands focus back to what had it when it opened, so that
      // is the button, whichever way the form was sent (Enter in a plan, a tap that does not focus buttons in Safari).
      submit.current?.focus();
      openCartDrawer();
    } catch (error) {
      setStatus({ kind: "error", text: error instanceof CartError ? error.message : "We could not add that to your cart. Please try again." });
    }
  }

  return (
    <form method="get" action={ROUTES.cart} onSubmit={onSubmit} className="plan-picker">
      <fieldset>
        <legend className="plan-picker__legend">{legend}</legend>
        <div className="plan-picker__options">
          {offers.map((offer) => (
            <PlanOption key={offer.productCode} offer={offer} country={country} name={name} checked={selected === offer.productCode} onSelect={setSelected} promo={promo} showName={showName} shippingTo={shippingTo} glassJar={glassJar} />
          ))}
        </div>
      </fieldset>
      <RefillNotice offers={offers} selected={selected} onSelect={setSelected} />
      <button ref={submit} type="submit" className="button plan-picker__submit" disabled={!selected}>
        Add to cart
      </button>
      <p role="status" className={`plan-picker__status ${status?.kind === "error" ? "is-error" : ""}`}>
        {status?.text}{" "}
        {status?.kind === "added" && (
          <Link to={ROUTES.cart} className="underline">
            View cart
          </Link>
        )}
      </p>
    </form>
  );
}

interface PlanOptionProps {
  offer: ProductOffer;
  country: string;
  name: string;
  checked: boolean;
  onSelect: (code: string) => void;
  promo: PromoCoupon | null;
  showName: boolean;
  shippingTo: string | null;
  /** data-glass-jar: a starter kit offers its refillable glass jar in so many words. */
  glassJar: boolean;
}

/** A starter kit is the plan that renews as a refill: it is the one that comes with the glass jar. */
const isStarterKit = (offer: ProductOffer) => offer.planCode !== null && RENEWS_INTO[offer.planCode] !== undefined;

/**
 * A refill-only plan is sold alone (SPEC.md allows it), so when one is chosen the shopper reads whom it is for, with
 * the way to the starter kit that brings the jar: a button when the starter is on this page, else a link to its page.
 */
function RefillNotice({ offers, selected, onSelect }: { offers: ProductOffer[]; selected: string; onSelect: (code: string) => void }) {
  const refill = refillStarter(selected);
  const starterHere = refill && offers.find((o) => o.productCode === refill.starter);
  return (
    <div className="plan-picker__refill" aria-live="polite">
      {refill && (
        <p data-testid="refill-notice">
          <KeepNames text={`${refillNotice(refill)} New to ${refill.productName}?`} name={refill.productName} />{" "}
          {!starterHere ? (
            <Link to={`${refill.starterPath}#plans`} className="plan-picker__starter">
              Start with the {refill.productName} starter kit
            </Link>
          ) : starterHere.available ? (
            <button type="button" className="plan-picker__starter" onClick={() => onSelect(refill.starter)}>
              Choose the starter kit
            </button>
          ) : (
            "Its starter kit is not sold in your country yet."
          )}
        </p>
      )}
    </div>
  );
}

/** The text with each product name kept on one line ("VS-01™" never breaks at its hyphen). */
function KeepNames({ text, name }: { text: string; name: string }) {
  const parts = text.split(name);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && <span className="plan-picker__name">{name}</span>}
        </span>
      ))}
    </>
  );
}

function PlanOption({ offer, country, name, checked, onSelect, promo, showName, shippingTo, glassJar }: PlanOptionProps) {
  const promoOff = promo && offer.price ? couponDiscount(promo, offer.sku, offer.price) : 0;
  return (
    <label className={`plan-option ${checked ? "is-checked" : ""} ${offer.available ? "" : "is-disabled"}`} data-product={offer.productCode}>
      <input type="radio" name="cart" value={offer.productCode} checked={checked} disabled={!offer.available} onChange={() => onSelect(offer.productCode)} className="plan-option__radio" />
      <span className="plan-option__body">
        <span className="plan-option__title">
          {showName ? `${offer.name}, ${offerLabel(offer).toLowerCase()}` : offerLabel(offer)}
          {offer.savingsMessage && <span className="plan-option__badge">{offer.savingsMessage}</span>}
          {refillStarter(offer.productCode) && <span className="plan-option__badge plan-option__badge--refill">{REFILL_BADGE}</span>}
        </span>
        <span className="plan-option__detail">{offer.description}</span>
        {glassJar && isStarterKit(offer) && (
          <span className="plan-option__jar" data-testid="glass-jar">
            {offer.productCode === "syn-wk-duo" ? "Two refillable glass jars included, yours to keep" : "Refillable glass jar included, yours to keep"}
          </span>
        )}
        {offer.renewal && (
          <span className="plan-option__detail">
            Then <Price money={offer.renewal.price} country={country} /> a month.
          </span>
        )}
        {!offer.available && <span className="plan-option__detail">Not available in your country.</span>}
      </span>
      {offer.price && (
        <span className="plan-option__price">
          {offer.listPrice && offer.listPrice.amount !== offer.price.amount && (
            <s className="plan-option__was">
              <span className="sr-only">Regular price </span>
              <Price money={offer.listPrice} country={country} />
            </s>
          )}
          <Price money={offer.price} country={country} className="plan-option__amount" />
          {offer.perMonth && (
            <span className="plan-option__permonth">
              <Price money={offer.perMonth} country={country} />/mo
            </span>
          )}
          {promo && promoOff > 0 && offer.price && (
            <span className="plan-option__promo">
              <Price money={{ amount: cents(offer.price.amount - promoOff), currency: offer.price.currency }} country={country} /> with {promo.code}
            </span>
          )}
          {shippingTo && <OfferShipping offer={offer} price={offer.price} country={shippingTo} />}
        </span>
      )}
    </label>
  );
}

/** "+ £10 shipping" or "Free shipping": this plan's standard shipping to the shopper's country, as checkout adds it. */
function OfferShipping({ offer, price, country }: { offer: ProductOffer; price: NonNullable<ProductOffer["price"]>; country: string }) {
  const fee = planShippingFee(country, offer.planCode, price.currency, usePricingFlags());
  return <span className="plan-option__shipping">{fee.amount === 0 ? "Free shipping" : `+ ${feeWords(fee, country)} shipping`}</span>;
}
