/**
 * A cookie written as a string: by the browser (document.cookie) or by a React Router loader (a Set-Cookie header).
 * Path=/ and SameSite=Lax always; Secure whenever the page came over HTTPS, which in production it always does (issue
 * 33, point 12), while http://localhost in development still keeps its cookies. The protocol is the browser's
 * `location.protocol`, or on the server the request's, which React Router sees at the public origin (ADR 0048).
 * The cookies the server writes through hono are Secure in production by NODE_ENV (server/http/cookies.ts and its peers).
 */
export function cookieString(name: string, value: string, options: { maxAgeS: number; protocol: string; httpOnly?: boolean }): string {
  const httpOnly = options.httpOnly ? "; HttpOnly" : "";
  const secure = options.protocol === "https:" ? "; Secure" : "";
  return `${name}=${value}; Path=/; Max-Age=${options.maxAgeS}${httpOnly}; SameSite=Lax${secure}`;
}

/** One cookie's value from a Cookie header (decoded), or null when it is absent or cannot be decoded. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  const found = (cookieHeader ?? "").split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  if (!found) return null;
  try {
    return decodeURIComponent(found.slice(name.length + 1));
  } catch {
    return null;
  }
}
