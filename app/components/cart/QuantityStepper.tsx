import { useId, type MouseEvent } from "react";

/** The cart page's form, which its buttons post before JavaScript. */
export const CART_FORM_ID = "cart-form";

/**
 * A cart button that works both ways: before JavaScript it submits the cart page's form with intent=<value> (the
 * server changes the cart cookie); once React runs, the click acts in place and the form is never sent. In the
 * drawer there is no such form, and the click always acts in place.
 */
export function formButton(value: string, act: (() => void) | undefined) {
  return {
    type: "submit" as const,
    form: CART_FORM_ID,
    name: "intent",
    value,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      act?.();
    },
  };
}

interface QuantityStepperProps {
  /** The product code the buttons' form values name. */
  code: string;
  name: string;
  quantity: number;
  max: number;
  onDecrease(): void;
  onIncrease(): void;
}

/**
 * Quantity with − and +. At the maximum, + stays focusable but says why it does nothing (a disabled button would
 * drop keyboard focus). − at 1 takes the line out, as SPEC.md's cart rules say.
 */
export function QuantityStepper({ code, name, quantity, max, onDecrease, onIncrease }: QuantityStepperProps) {
  const labelId = useId();
  const atMax = quantity >= max;
  return (
    <div className="qty" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="qty__label">
        Quantity<span className="sr-only"> of {name}</span>
      </span>
      <div className="qty__controls">
        <button {...formButton(`decrease:${code}`, onDecrease)} className="qty__button" aria-label={quantity > 1 ? `Decrease quantity of ${name}` : `Remove ${name}`}>
          <span aria-hidden="true">−</span>
        </button>
        <output className="qty__value" aria-live="polite">
          {quantity}
        </output>
        <button
          {...formButton(`increase:${code}`, atMax ? undefined : onIncrease)}
          className="qty__button"
          aria-disabled={atMax || undefined}
          aria-label={atMax ? `Increase quantity of ${name} (at most ${max})` : `Increase quantity of ${name}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {atMax && max > 1 && <span className="qty__note">Limit {max}</span>}
    </div>
  );
}
