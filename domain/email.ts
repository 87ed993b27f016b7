/** Email checks of SPEC.md section 5. Plain functions, no zod: the checkout form runs them in the browser. */

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
