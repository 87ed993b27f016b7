/** User-facing wording of SPEC.md section 8 (Error catalogue, other messages). Plain data: no zod, safe for any bundle. */
export const MESSAGES = {
  invalidEmail: "Kindly enter a valid email address.",
  invalidPhone: "Please enter a valid phone number",
  shortPassword: "Password must be at least 6 characters long.",
  unknownEmail: "Apologies—we do not recognize your email. Kindly try again.",
  invalidPromo: "Invalid promo code",
  captchaFailed: "Captcha failed to validate. Please refresh the page and try again.",
  accountUpdateFailed:
    "We were unable to update your account information. Please verify your information and try again.",
  newsletterSuccess: "Email in. Thank you.",
  newsletterConsent: "By signing up, you consent to receive emails",
} as const;

/** Beyond SPEC.md's words: with double opt-in the newsletter's success message also says what happens next. */
export const NEWSLETTER_CHECK_INBOX = "Check your inbox and open the link we sent to confirm.";
