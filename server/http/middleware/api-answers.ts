import { gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../../env";
import { apiSecurityHeaders } from "./security-headers";

/** Smaller answers go as they are: gzip's header and a round of deflate cost more than the bytes they save. */
export const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:[a-z0-9.+-]*\+)?json|text\/)/i;

/**
 * Everything a JSON answer carries besides its body, decided before the handler runs (ADR 0053): the security
 * headers, `Cache-Control: no-store` (a handler may set its own) and `Vary: Accept-Encoding`; and its body gzipped
 * where it is made, when the client takes gzip and the body is 1 KiB or more.
 *
 * Hono's secureHeaders and compress set headers after the handler, on an answer already made, and Hono then makes the
 * answer again as a full WHATWG Response whose body is a stream: every call of the order path paid for that, and
 * compress gzipped even a 200-byte answer through a CompressionStream. Headers set before the handler go into the
 * answer as it is first made, and @hono/node-server writes such an answer straight to the socket.
 */
export function apiAnswers(env: Env): MiddlewareHandler {
  const fixed = apiSecurityHeaders(env).then((headers) => [...headers, ["Cache-Control", "no-store"], ["Vary", "Accept-Encoding"]] as const);
  return async (c, next) => {
    for (const [name, value] of await fixed) c.header(name, value);
    if (c.req.method !== "HEAD" && acceptsGzip(c.req.header("accept-encoding"))) gzipLargeBodies(c);
    await next();
  };
}

/** Whether an Accept-Encoding header takes gzip (or anything, `*`), and not at q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

type HeaderRecord = Record<string, string | string[]>;

/**
 * c.json and c.body, for this request, gzip a text body of COMPRESS_FROM_BYTES or more as they make the answer. Both
 * end where Hono's own do (c.json is c.body of the JSON text with its content type, as in Hono's Context).
 */
function gzipLargeBodies(c: Context): void {
  const body = c.body.bind(c) as (data: unknown, arg?: unknown, headers?: HeaderRecord) => Response;
  const answer = (data: unknown, arg?: unknown, headers?: HeaderRecord) => {
    const type = headerOf(arg, headers, "content-type");
    if (typeof data !== "string" || Buffer.byteLength(data) < COMPRESS_FROM_BYTES || !type || !COMPRESSIBLE.test(type)) return body(data, arg, headers);
    return body(new Uint8Array(gzipSync(data)), arg, { ...headers, "Content-Encoding": "gzip" });
  };
  c.body = answer as typeof c.body;
  c.json = ((object: unknown, arg?: unknown, headers?: HeaderRecord) => answer(JSON.stringify(object), arg, { "Content-Type": "application/json", ...headers })) as typeof c.json;
}

/** A header given to c.body in its init object or its headers record (the forms Hono takes). */
function headerOf(arg: unknown, headers: HeaderRecord | undefined, name: string): string | undefined {
  const sources = [headers, typeof arg === "object" && arg ? (arg as { headers?: unknown }).headers : undefined];
  for (const source of sources) {
    if (!source) continue;
    if (source instanceof Headers) return source.get(name) ?? undefined;
    for (const [key, value] of Object.entries(source as HeaderRecord)) if (key.toLowerCase() === name) return String(value);
  }
  return undefined;
}
