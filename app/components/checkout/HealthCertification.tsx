import { healthCertificationQuestion } from "../../../domain/address";
import { track } from "../../lib/analytics";
import { CART_EVENTS, optInProperties } from "./analytics";
import { CertifyBox } from "./CertifyBox";
import type { CheckoutForm } from "./use-checkout-form";

/** The health certification every order needs (SPEC.md section 5's shared message), worded for what is in the cart. */
export function HealthCertification({ form, codes }: { form: CheckoutForm; codes: readonly string[] }) {
  return (
    <CertifyBox
      form={form}
      field="healthCertification"
      label={healthCertificationQuestion(codes)}
      onChange={(checked) => track(CART_EVENTS.optInChanged, optInProperties("terms", checked, "checkout"))}
    />
  );
}
