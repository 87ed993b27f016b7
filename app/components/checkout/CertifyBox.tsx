import type { ReactNode } from "react";
import { fieldId } from "./Field";
import type { CheckoutForm } from "./use-checkout-form";

/** The checkout's required boxes: the health certification and the renewal consent. */
type CertifyField = "healthCertification" | "renewalConsent";

/** A required box with its label and, once checked and missing, its problem read out with it. */
export function CertifyBox({ form, field, label, onChange, className = "" }: { form: CheckoutForm; field: CertifyField; label: ReactNode; onChange?(checked: boolean): void; className?: string }) {
  const { values, errors, set } = form;
  const id = fieldId(field);
  const error = errors[field];
  return (
    <div className={`certify ${className}`.trim()} data-field={field}>
      <input
        type="checkbox"
        id={id}
        name={field}
        className="certify__box"
        checked={values[field]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          set(field, e.target.checked);
          onChange?.(e.target.checked);
        }}
      />
      <label htmlFor={id} className="certify__label">
        {label}
      </label>
      <p id={`${id}-error`} className="field-error certify__error">
        {error}
      </p>
    </div>
  );
}
