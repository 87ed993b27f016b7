/**
 * Where a visitor may be sent back to after signing in (`redirectTo`, `returnTo`, `next`): a path on this shop, and
 * nothing else. The value is parsed as a browser would parse a Location header, against a stand-in origin, and kept only
 * when it stays on that origin. Control characters, whitespace and backslashes are refused outright: browsers strip
 * tabs and newlines and read "\" as "/", so "/\t/evil.example" or "/\evil.example" would leave the site
 * (docs/decisions/0049-safe-return-and-proven-social-email.md).
 */
const STAND_IN = "https://shop.invalid";
const MAX_LENGTH = 512;
const UNSAFE = /[\s\\\u0000-\u001f\u007f-\u009f]/;

/** Characters a browser strips or rewrites in a URL, so that what was checked is not what is followed. */
export const hasUnsafeUrlCharacters = (value: string) => UNSAFE.test(value);

/** The same-origin path of `value` (path, query and fragment, as the URL parser normalises them), or null. */
export function returnPathOf(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || UNSAFE.test(value) || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, STAND_IN);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" normalises to "//evil.example": the answer itself must not start a network path either.
  return url.origin === STAND_IN && !path.startsWith("//") ? path : null;
}

/** The path to return to, or `fallback` for anything that is not a same-origin path. Never throws. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  return returnPathOf(value) ?? fallback;
}
