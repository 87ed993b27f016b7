import { healthCertificationQuestion } from "../../../domain/address";
import { track } from "../../lib/analytics";
import { CART_EVENTS, optInProperties } from "./analytics";
import { fieldId } from "./Field";
import type { CheckoutForm } from "./use-checkout-form";

/** The health certification every order needs (SPEC.md section 5's shared message), worded for what is in the cart. */
export function HealthCertification({ form, codes }: { form: CheckoutForm; codes: readonly string[] }) {
  const { values, errors, set } = form;
  const id = fieldId("healthCertification");
  const error = errors.healthCertification;
  return (
    <div className="certify" data-field="healthCertification">
      <input
        type="checkbox"
        id={id}
        name="healthCertification"
        className="certify__box"
        checked={values.healthCertification}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          set("healthCertification", e.target.checked);
          track(CART_EVENTS.optInChanged, optInProperties("terms", e.target.checked, "checkout"));
        }}
      />
      <label htmlFor={id} className="certify__label">
        {healthCertificationQuestion(codes)}
      </label>
      <p id={`${id}-error`} className="field-error certify__error">
        {error}
      </p>
    </div>
  );
}
