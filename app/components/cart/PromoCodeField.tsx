import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { normaliseCouponCode } from "../../../domain/coupons";
import { MESSAGES } from "../../../domain/messages";
import { track } from "../../lib/analytics";
import { CART_EVENTS } from "../checkout/analytics";
import { clearPromo, lookupCoupon, savePromo } from "../promo/promo-code";
import { ensureCartId } from "./cart-store";

interface PromoCodeFieldProps {
  /** The applied code, or null. */
  code: string | null;
  /** Whether the applied code takes anything off this cart (a valid code may not cover these products). */
  promoApplies: boolean;
  /** Why the code takes nothing off (the quote's promoNotApplied), in the shopper's words. */
  notAppliedReason?: string | null;
}

const LOOKUP_FAILED = "We could not check that code just now. Please try again.";

/**
 * The promo code: collapsed behind a button (opening it is the "Promo Field Opened" event), checked with the coupon
 * lookup, and stored with savePromo so product pages, cart and checkout all price with it.
 */
export function PromoCodeField({ code, promoApplies, notAppliedReason }: PromoCodeFieldProps) {
  const [open, setOpen] = useState(false);
  // The form stays until the stored code's coupon arrives, then gives way to it (and takes focus along).
  if (code) return <AppliedPromo code={code} applies={promoApplies} reason={notAppliedReason ?? null} takeFocus={open} onFocused={() => setOpen(false)} />;
  if (!open)
    return (
      <button
        type="button"
        className="promo-toggle"
        aria-expanded="false"
        onClick={() => {
          setOpen(true);
          track(CART_EVENTS.promoFieldOpened, { cart_id: ensureCartId() });
        }}
      >
        Have a promo code?
      </button>
    );
  return <PromoForm />;
}

interface AppliedPromoProps {
  code: string;
  applies: boolean;
  reason: string | null;
  /** Just applied from the form: the form is gone, so focus comes here rather than dropping to the page. */
  takeFocus: boolean;
  onFocused(): void;
}

function AppliedPromo({ code, applies, reason, takeFocus, onFocused }: AppliedPromoProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    box.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  return (
    <div className="promo-applied" ref={box} tabIndex={-1}>
      <p role="status">
        <span className="promo-applied__label">Promo code</span> <strong>{code}</strong>
      </p>
      <button type="button" className="text-button" onClick={clearPromo} aria-label={`Remove promo code ${code}`}>
        Remove
      </button>
      {!applies && <p className="promo-applied__note">{reason ?? "This code does not apply to the items in your cart."}</p>}
    </div>
  );
}

function PromoForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = normaliseCouponCode(input.current?.value ?? "");
    if (!code) return fail(MESSAGES.invalidPromo);
    setBusy(true);
    try {
      const coupon = await lookupCoupon(code);
      if (!coupon) {
        track(CART_EVENTS.couponDenied, { coupon_code: code, cart_id: ensureCartId() });
        return fail(MESSAGES.invalidPromo);
      }
      savePromo(coupon.code);
      track(CART_EVENTS.couponApplied, { coupon_code: coupon.code, cart_id: ensureCartId() });
    } catch {
      fail(LOOKUP_FAILED);
    } finally {
      setBusy(false);
    }
  }

  function fail(message: string) {
    setError(message);
    input.current?.focus();
  }

  return (
    <form className="promo-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="promo-form__label">
        Promo code
      </label>
      <div className="promo-form__row">
        <input
          ref={input}
          id={id}
          name="promo_code"
          className="field-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={() => setError(null)}
        />
        <button type="submit" className="button button--small promo-form__apply" aria-disabled={busy || undefined}>
          {busy ? "Checking…" : "Apply"}
        </button>
      </div>
      <p id={`${id}-error`} className="field-error" role="alert">
        {error}
      </p>
    </form>
  );
}
