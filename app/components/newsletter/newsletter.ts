import { NewsletterSchema } from "../../../domain/newsletter";

export { NEWSLETTER_SUCCESS_MS } from "../../../domain/newsletter";
import { MESSAGES } from "../../../domain/validation";

/*
 * The browser half of the newsletter form. It carries zod, so the form imports it only when the shopper
 * reaches the field, never with the page.
 */

export type NewsletterCheck = { ok: true; email: string } | { ok: false; message: string };
export type NewsletterResult = { ok: true; email: string; hashedEmail: string } | { ok: false; message: string };

export const NEWSLETTER_FAILED_MESSAGE = "We could not sign you up just now. Kindly try again.";

/** The form's own check, with the schema the server uses: trimmed, lowercased, valid. */
export function checkNewsletterEmail(value: string): NewsletterCheck {
  const parsed = NewsletterSchema.shape.email.safeParse(value);
  return parsed.success ? { ok: true, email: parsed.data } : { ok: false, message: MESSAGES.invalidEmail };
}

/** What an answer of POST /api/newsletter means for the form. */
export async function readNewsletterAnswer(email: string, response: Response): Promise<NewsletterResult> {
  if (response.status === 400 || response.status === 422) return { ok: false, message: MESSAGES.invalidEmail };
  if (!response.ok) return { ok: false, message: NEWSLETTER_FAILED_MESSAGE };
  const body: unknown = await response.json().catch(() => null);
  const hashedEmail = (body as { hashedEmail?: unknown } | null)?.hashedEmail;
  return typeof hashedEmail === "string" ? { ok: true, email, hashedEmail } : { ok: false, message: NEWSLETTER_FAILED_MESSAGE };
}

/** Subscribes a checked email; a network failure is an ordinary error result, never a throw. */
export async function subscribeToNewsletter(email: string, path: string, fetcher: typeof fetch = fetch): Promise<NewsletterResult> {
  try {
    const response = await fetcher("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, path }),
    });
    return await readNewsletterAnswer(email, response);
  } catch {
    return { ok: false, message: NEWSLETTER_FAILED_MESSAGE };
  }
}
