import { z } from "./zod";
import { storableText, StrictEmailField } from "./validation";

/** The footer's newsletter form (SPEC.md section 3): one field, email, lowercased as typed. */
export const NewsletterSchema = z.object({
  email: StrictEmailField,
  path: storableText(2000).optional(),
});

export type NewsletterState = "idle" | "submitting" | "success" | "error";

/** How long the success message stays (SPEC.md section 9). */
export const NEWSLETTER_SUCCESS_MS = 5000;

/** A newsletter address: pending until its confirmation link is opened; only subscribed addresses get newsletters. */
export const NEWSLETTER_STATUSES = ["pending", "subscribed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Where the emails' links land (page routes, so they work before JavaScript and in any mail client). */
export const NEWSLETTER_PATHS = { confirm: "/newsletter/confirm", unsubscribe: "/newsletter/unsubscribe" } as const;

// Kept in the zod-free messages module: the footer's form shows it on every page without loading zod.
export { NEWSLETTER_CHECK_INBOX } from "./messages";
