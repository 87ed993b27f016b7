import { z } from "./zod";

/** Email and other field checks of SPEC.md section 5. */

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string the database can store: PostgreSQL text and jsonb cannot hold the NUL character or a lone
 * UTF-16 surrogate, so input carrying one is refused as bad input (400) instead of failing at the insert (500).
 */
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes("\u0000"), "must not contain NUL characters")
    .refine((s) => !LONE_SURROGATE.test(s), "must be well-formed Unicode");

// The email checks live in a zod-free module so the checkout form can run them without shipping zod.
export { isLooseEmail, isValidEmail, normaliseEmail } from "./email";

// The catalogue wording lives in a zod-free module so browser code can show it without shipping zod.
export { MESSAGES } from "./messages";
