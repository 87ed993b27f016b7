import { z } from "./zod";
import { EMAIL_MAX, isValidEmail } from "./email";
import { MESSAGES } from "./messages";

/** Email and other field checks of SPEC.md section 5. */

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string the database can store: PostgreSQL text and jsonb cannot hold the NUL character or a lone
 * UTF-16 surrogate, so input carrying one is refused as bad input (400) instead of failing at the insert (500).
 * Its length is checked first, and a longer string is not read any further (`abort`).
 */
export const storableText = (max: number) =>
  z
    .string()
    .max(max, { abort: true })
    .refine((s) => !s.includes("\u0000"), "must not contain NUL characters")
    .refine((s) => !LONE_SURROGATE.test(s), "must be well-formed Unicode");

// The email checks live in a zod-free module so the checkout form can run them without shipping zod.
export { EMAIL_MAX, isLooseEmail, isValidEmail, normaliseEmail } from "./email";

/** An address we write to when a visitor asks (newsletter, the content site's forms): the strict check, lowercased. */
export const StrictEmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: MESSAGES.invalidEmail, abort: true })
  .refine(isValidEmail, MESSAGES.invalidEmail);

// The catalogue wording lives in a zod-free module so browser code can show it without shipping zod.
export { MESSAGES } from "./messages";
