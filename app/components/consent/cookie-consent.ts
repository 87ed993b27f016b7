import type { ConsentId } from "../../../domain/consent";

export { consentDecided, CONSENT_UPDATED_EVENT, readConsent, saveConsent } from "../../lib/consent";
export type { Consent, ConsentId } from "../../../domain/consent";

/** The consent categories of the banner and the Cookie Preferences popup, by their consent-manager ids. */
export const CONSENT_CATEGORIES: readonly { id: ConsentId; label: string; description: string; required: boolean }[] = [
  {
    id: "C0001",
    label: "Strictly Necessary Cookies",
    description: "Needed for the site to work: your cart, your country for prices, sign-in, security and this choice. They cannot be switched off.",
    required: true,
  },
  {
    id: "C0002",
    label: "Performance Cookies",
    description: "Count visits, clicks and traffic sources so we can measure and improve the site. Our own records, not shared unless we name a service.",
    required: false,
  },
  {
    id: "C0003",
    label: "Functional Cookies",
    description: "Remember extra choices and features you use to personalise the site.",
    required: false,
  },
  {
    id: "C0004",
    label: "Targeting Cookies",
    description: "Let advertising partners match your visit (with hashed, not readable, details) to show you relevant ads on other sites.",
    required: false,
  },
  {
    id: "C0005",
    label: "Social Media Cookies",
    description: "Let you share our content on social networks, which may track you across sites.",
    required: false,
  },
];
