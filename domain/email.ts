/** Email checks of SPEC.md section 5. Plain functions, no zod: the checkout form runs them in the browser. */

/** The longest address either check accepts (RFC 5321's path limit); longer input is refused before any pattern runs. */
export const EMAIL_MAX = 254;

// local part, @, a domain with a dot, or a bracketed IPv4 address. Linear: each repeated label ends in its own dot.
const STRICT_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** The cart and newsletter check: non-empty, local@domain.tld or local@[1.2.3.4]. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && !email.startsWith(".") && !email.includes("..") && STRICT_EMAIL.test(email);
}

/**
 * The looser account-side check: text, @, text, dot, text, without white space or a second @ (what
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ says). Done by index, not by that pattern: on "a@" and many dots it backtracks
 * quadratically, and a 60 KB address held the process for 20 seconds (issue 33).
 */
export function isLooseEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > EMAIL_MAX || /\s/.test(email)) return false;
  const at = email.indexOf("@");
  if (at < 1 || email.indexOf("@", at + 1) !== -1) return false;
  // The domain needs a dot with text on both sides: the first dot after its first character, short of its last.
  const dot = email.indexOf(".", at + 2);
  return dot !== -1 && dot < email.length - 1;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
