import { useId } from "react";

interface QuantityStepperProps {
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
export function QuantityStepper({ name, quantity, max, onDecrease, onIncrease }: QuantityStepperProps) {
  const labelId = useId();
  const atMax = quantity >= max;
  return (
    <div className="qty" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="qty__label">
        Quantity<span className="sr-only"> of {name}</span>
      </span>
      <div className="qty__controls">
        <button type="button" className="qty__button" onClick={onDecrease} aria-label={quantity > 1 ? `Decrease quantity of ${name}` : `Remove ${name}`}>
          <span aria-hidden="true">−</span>
        </button>
        <output className="qty__value" aria-live="polite">
          {quantity}
        </output>
        <button
          type="button"
          className="qty__button"
          onClick={atMax ? undefined : onIncrease}
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
