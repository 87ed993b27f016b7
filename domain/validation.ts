import { z } from "zod";

/** Email and other field checks of SPEC.md section 5. */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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

// local part, @, a domain with a dot, or a bracketed IPv4 address.
const STRICT_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** The cart and newsletter check: non-empty, local@domain.tld or local@[1.2.3.4]. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= 254 && !email.startsWith(".") && !email.includes("..") && STRICT_EMAIL.test(email);
}

/** The looser account-side check: text, @, text, dot, text. */
export function isLooseEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

// The catalogue wording lives in a zod-free module so browser code can show it without shipping zod.
export { MESSAGES } from "./messages";
