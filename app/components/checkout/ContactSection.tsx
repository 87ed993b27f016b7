import type { CheckoutForm } from "./use-checkout-form";
import { CheckoutSection, type StepTracking } from "./CheckoutSection";
import { TextField } from "./Field";

export function ContactSection({ form, tracking }: { form: CheckoutForm; tracking: StepTracking }) {
  const { values, errors, set, leave } = form;
  return (
    <CheckoutSection step="Contact" title="Contact" fields={["email"]} tracking={tracking}>
      {() => (
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.email}
          error={errors.email}
          hint="For your receipt and shipping updates."
          onChange={(e) => set("email", e.target.value)}
          onBlur={() => leave("email")}
        />
      )}
    </CheckoutSection>
  );
}
