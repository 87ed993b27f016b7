import type { Env } from "./env";

/**
 * The shop's one public origin (docs/decisions/0048-one-public-origin.md). Every absolute URL the shop writes (emails,
 * canonical and og:url, structured data, sitemap, robots, OAuth redirect_uri, payment return URLs) starts here, never
 * at the request's Host: a Host is whatever the sender typed, and a link built from it can carry a live token to them.
 *
 * PUBLIC_URL when set (production refuses to start without it). Outside production it defaults to
 * http://localhost:PORT; a request to this machine by another loopback name (127.0.0.1:PORT, [::1]:PORT) keeps its own
 * origin, so a developer's browser follows links that keep its cookies. No other Host ever changes it.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">, requestUrl?: string): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const fallback = `http://localhost:${env.PORT}`;
  if (!requestUrl) return fallback;
  const url = URL.parse(requestUrl);
  return url && url.protocol === "http:" && isLoopbackName(url.hostname) && url.port === String(env.PORT) ? url.origin : fallback;
}

const isLoopbackName = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** The same request at the public origin: what React Router sees, so a page's canonical and og:url never name a Host we did not choose. */
export function atPublicOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  const hasBody = request.body !== null && request.method !== "GET" && request.method !== "HEAD";
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}
