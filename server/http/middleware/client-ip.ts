import type { Context } from "hono";
import { isIP } from "node:net";

/**
 * The visitor's IP as well as we can tell: the CDN's header (Cloudflare), the first X-Forwarded-For hop,
 * X-Real-IP, else the socket's peer. Only a hint (e.g. captcha's remoteip): never use it to grant anything.
 */
export function clientIp(c: Context): string | null {
  const headers = c.req.raw.headers;
  const candidates = [
    headers.get("cf-connecting-ip"),
    headers.get("x-forwarded-for")?.split(",")[0],
    headers.get("x-real-ip"),
    (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress,
  ];
  for (const candidate of candidates) {
    const ip = candidate?.trim();
    if (ip && isIP(ip)) return ip;
  }
  return null;
}
