import { useMemo } from "react";
import { COUNTRY_CHOICES } from "../../../domain/locale";
import { canShipTo } from "../../../domain/shipping";
import { CheckoutSection, type StepTracking } from "./CheckoutSection";
import { SelectField, TextField } from "./Field";
import { ADDRESS_INPUTS, type CheckoutField } from "./form";
import { postalLabel, regionChoices, regionLabel } from "./regions";
import type { CheckoutForm } from "./use-checkout-form";

/**
 * Countries we ship to, by name. The shopper's own country is always listed, even one we cannot ship to, so the
 * field shows where they are and the shipping section can say why nothing ships there.
 */
export function useCountryOptions(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    const codes = [...new Set([current, ...COUNTRY_CHOICES.filter(canShipTo)])];
    return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
  }, [current]);
}

export function AddressSection({ form, tracking }: { form: CheckoutForm; tracking: StepTracking }) {
  const { values, errors, set, leave } = form;
  const countries = useCountryOptions(values.country);
  const regions = regionChoices(values.country);
  const text = (field: Exclude<CheckoutField, "healthCertification" | "renewalConsent">) => ({
    value: values[field] as string,
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    onBlur: () => leave(field),
  });
  return (
    <CheckoutSection step="Shipping Address" title="Shipping address" fields={ADDRESS_INPUTS} tracking={tracking}>
      {() => (
        <div className="field-grid">
          <TextField name="firstName" label="First name" autoComplete="shipping given-name" {...text("firstName")} />
          <TextField name="lastName" label="Last name" autoComplete="shipping family-name" {...text("lastName")} />
          <TextField name="address1" label="Address" autoComplete="shipping address-line1" className="field--wide" {...text("address1")} />
          <TextField name="address2" label="Apartment, suite, etc." optional autoComplete="shipping address-line2" className="field--wide" {...text("address2")} />
          <TextField name="city" label="City" autoComplete="shipping address-level2" {...text("city")} />
          <SelectField name="country" label="Country" autoComplete="shipping country" options={countries} {...text("country")} />
          {regions ? (
            <SelectField name="region" label={regions.label} autoComplete="shipping address-level1" placeholder={`Choose a ${regions.label.toLowerCase()}`} options={regions.choices.map((c) => ({ value: c.code, label: c.name }))} {...text("region")} />
          ) : (
            <TextField name="region" label={regionLabel(values.country)} optional autoComplete="shipping address-level1" {...text("region")} />
          )}
          <TextField name="postalCode" label={postalLabel(values.country)} autoComplete="shipping postal-code" {...text("postalCode")} />
          <TextField name="phone" label="Phone" optional type="tel" autoComplete="shipping tel" hint="Only if the courier needs to reach you." className="field--wide" {...text("phone")} />
        </div>
      )}
    </CheckoutSection>
  );
}
