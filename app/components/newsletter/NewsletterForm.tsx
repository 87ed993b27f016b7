import { useId } from "react";
import { useLocation } from "react-router";
import { MESSAGES, NEWSLETTER_CHECK_INBOX } from "../../../domain/messages";
import { preloadNewsletter, useNewsletterForm } from "./use-newsletter-form";

/** The footer's newsletter sign-up: one email field, validated with the server's schema. */
export function NewsletterForm() {
  const location = useLocation();
  const { email, setEmail, state, error, submit } = useNewsletterForm();
  const id = useId();
  const submitting = state === "submitting";
  return (
    // Before JavaScript loads this is a plain post to /newsletter (same service, same messages); after, submit() takes over.
    <form className="newsletter-form" method="post" action="/newsletter" onSubmit={submit} noValidate data-state={state} aria-busy={submitting || undefined}>
      <input type="hidden" name="path" value={location.pathname} />
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="newsletter-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Email address"
          className="newsletter-input"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={preloadNewsletter}
          aria-invalid={state === "error" || undefined}
          aria-describedby={`${id}-status ${id}-consent`}
        />
        <button type="submit" className="newsletter-submit" aria-disabled={submitting || undefined}>
          {submitting ? "Signing up…" : "Sign Up"}
        </button>
      </div>
      <p id={`${id}-status`} className="newsletter-status" role="status" data-state={state}>
        {state === "success" ? `${MESSAGES.newsletterSuccess} ${NEWSLETTER_CHECK_INBOX}` : state === "error" ? error : ""}
      </p>
      <p id={`${id}-consent`} className="newsletter-consent">
        {MESSAGES.newsletterConsent}
      </p>
    </form>
  );
}
