import type { Context } from "hono";
import { UNKNOWN } from "../../../domain/locale";
import { locate } from "../../integrations/geo";
import type { AppEnv } from "../types";
import { peerIsTrustedProxy } from "./client-ip";

/**
 * The visitor's country and region from the CDN's headers, believed only when the request came through a proxy
 * named in TRUST_PROXY. A client talking to us directly could send any `CF-IPCountry` it likes (and so pick its
 * prices' country or poison the page cache's country key), so without a trusted proxy the answer is UNKNOWN.
 */
export function clientLocation(c: Context<AppEnv>): { country: string; region: string } {
  return peerIsTrustedProxy(c) ? locate(c.req.raw.headers) : { country: UNKNOWN, region: UNKNOWN };
}
