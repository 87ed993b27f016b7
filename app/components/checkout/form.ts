import { ADDRESS_MESSAGES, type Address, type AddressField } from "../../../domain/address";
import { isValidEmail } from "../../../domain/email";
import { MESSAGES } from "../../../domain/messages";
import { RENEWAL_CONSENT_MESSAGE } from "../../../domain/renewal-terms";
import type { ShippingMethod } from "../../../domain/shipping";
import { addressFieldProblem } from "./address";
import { cardFieldProblem, type CardField, type CardFields } from "./card";

/** Everything the checkout form holds. Addresses use domain/address's field names so its messages fit. */
export interface CheckoutValues extends CardFields {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  region: string;
  postalCode: string;
  phone: string;
  shippingMethod: ShippingMethod | "";
  healthCertification: boolean;
  /** The shopper's express consent to a subscription's automatic renewal, asked only when the cart renews. */
  renewalConsent: boolean;
}

export type CheckoutField = keyof CheckoutValues;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const ADDRESS_INPUTS = ["firstName", "lastName", "address1", "address2", "city", "country", "region", "postalCode", "phone"] as const satisfies readonly AddressField[];
const CARD_INPUTS = ["cardNumber", "cardExpiry", "cardCvc", "cardName"] as const satisfies readonly CardField[];

/** The order the form shows its fields: the first one with a problem gets focus on submit. */
export const FIELD_ORDER: readonly CheckoutField[] = ["email", ...ADDRESS_INPUTS, "shippingMethod", ...CARD_INPUTS, "healthCertification", "renewalConsent"];

export const SHIPPING_METHOD_MESSAGE = "Please choose a shipping method.";

export function initialValues(country: string, email = ""): CheckoutValues {
  return {
    email,
    firstName: "",
    lastName: "",
    address1: "",
    address2: "",
    city: "",
    country,
    region: "",
    postalCode: "",
    phone: "",
    shippingMethod: "",
    healthCertification: false,
    renewalConsent: false,
    cardNumber: "",
    cardExpiry: "",
    cardCvc: "",
    cardName: "",
  };
}

export function addressOf(v: CheckoutValues): Address {
  const address: Address = { firstName: v.firstName.trim(), lastName: v.lastName.trim(), address1: v.address1.trim(), city: v.city.trim(), region: v.region.trim().toUpperCase(), postalCode: v.postalCode.trim(), country: v.country };
  if (v.address2.trim()) address.address2 = v.address2.trim();
  if (v.phone.trim()) address.phone = v.phone.trim();
  return address;
}

const isAddressField = (f: CheckoutField): f is AddressField => (ADDRESS_INPUTS as readonly string[]).includes(f);
const isCardField = (f: CheckoutField): f is CardField => (CARD_INPUTS as readonly string[]).includes(f);

/** The words for one field's problem, or null: what the shopper sees on leaving the field and on submit. */
export function fieldProblem(values: CheckoutValues, field: CheckoutField, now = new Date()): string | null {
  if (field === "email") return isValidEmail(values.email) ? null : MESSAGES.invalidEmail;
  if (field === "shippingMethod") return values.shippingMethod ? null : SHIPPING_METHOD_MESSAGE;
  if (field === "healthCertification") return values.healthCertification ? null : ADDRESS_MESSAGES.healthCertification;
  if (field === "renewalConsent") return values.renewalConsent ? null : RENEWAL_CONSENT_MESSAGE;
  if (isAddressField(field)) return addressFieldProblem(addressOf(values), field);
  if (isCardField(field)) return cardFieldProblem(values, field, now);
  return null;
}

export function checkoutErrors(values: CheckoutValues, fields: readonly CheckoutField[] = FIELD_ORDER, now = new Date()): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const field of fields) {
    const message = fieldProblem(values, field, now);
    if (message) errors[field] = message;
  }
  return errors;
}

export function firstInvalid(errors: CheckoutErrors): CheckoutField | null {
  return FIELD_ORDER.find((f) => errors[f]) ?? null;
}

/** The body of POST /api/purchase (domain/checkout PurchaseRequestSchema). Prices are never sent: the server prices. */
export function purchaseBody(input: { values: CheckoutValues; items: Record<string, number>; couponCodes: string[]; token: string; cartId?: string; captchaToken?: string | null }) {
  const { values, items, couponCodes, token, cartId, captchaToken } = input;
  return {
    email: values.email.trim().toLowerCase(),
    shippingAddress: addressOf(values),
    items,
    couponCodes,
    shippingMethod: values.shippingMethod || undefined,
    payment: { token },
    healthCertification: values.healthCertification,
    renewalConsent: values.renewalConsent,
    ...(cartId ? { cartId } : {}),
    ...(captchaToken ? { captchaToken } : {}),
  };
}
