import { useId, type FocusEvent, type ReactNode } from "react";
import type { CheckoutField } from "./form";
import { CHECKOUT_STEPS, type CheckoutStep } from "./steps";

export interface StepTracking {
  view(step: CheckoutStep): void;
  complete(step: CheckoutStep): void;
  fieldsValid(fields: readonly CheckoutField[]): boolean;
}

interface CheckoutSectionProps {
  step: CheckoutStep;
  title: string;
  /** The fields that make the step complete when all are right. */
  fields: readonly CheckoutField[];
  tracking: StepTracking;
  children: (headingId: string) => ReactNode;
}

/** One numbered step of the one-page checkout; entering it and leaving it complete are its step events. */
export function CheckoutSection({ step, title, fields, tracking, children }: CheckoutSectionProps) {
  const headingId = useId();
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (tracking.fieldsValid(fields)) tracking.complete(step);
  };
  return (
    <section className="checkout-section" aria-labelledby={headingId} onFocus={() => tracking.view(step)} onBlur={onBlur} data-step={step}>
      <h2 id={headingId} className="checkout-section__title">
        <span className="checkout-section__number" aria-hidden="true">
          {CHECKOUT_STEPS.indexOf(step) + 1}
        </span>
        {title}
      </h2>
      {children(headingId)}
    </section>
  );
}
