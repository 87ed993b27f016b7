/** Newsletter sign-ups: double opt-in, one-click unsubscribe, and the wrapper every newsletter-type email goes through. */
export * from "./subscribe";
export { newsletterEmail } from "./emails/newsletter-emails";
