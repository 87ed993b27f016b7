import type { Context } from "hono";
import { BlockList, isIP } from "node:net";
import type { AppEnv } from "../types";

/**
 * The client's address: the socket's peer, unless that peer is a proxy named in TRUST_PROXY; then X-Forwarded-For is
 * read from the right, skipping trusted proxies, and the first address not trusted is the client. A forged header
 * from a client that talks to us directly is never believed. Rate limits and the captcha's remoteip use it.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const peer = peerOf(c);
  const proxies = trustedProxies(c.get("shop").env.TRUST_PROXY);
  if (!peer || !proxies || !isTrusted(proxies, peer)) return peer;
  const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((h) => normalise(h)).filter((h): h is string => h !== null);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(proxies, hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}

/** True when the socket's peer is a proxy named in TRUST_PROXY: only then are headers it adds about the client believed. */
export function peerIsTrustedProxy(c: Context<AppEnv>): boolean {
  const peer = peerOf(c);
  const proxies = trustedProxies(c.get("shop").env.TRUST_PROXY);
  return peer !== null && proxies !== null && isTrusted(proxies, peer);
}

function peerOf(c: Context<AppEnv>): string | null {
  return normalise((c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress);
}

/**
 * The key a per-address limit counts under: the address itself for IPv4, its /64 network for IPv6 (one household
 * or server is given a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function clientAddressKey(c: Context<AppEnv>): string | null {
  const ip = clientIp(c);
  if (!ip || isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

/** True when the client talks to us from this machine (development-only surfaces answer only them). */
export function isLoopbackClient(c: Context<AppEnv>): boolean {
  const ip = clientIp(c);
  return ip !== null && LOOPBACK.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

function normalise(value: string | undefined | null): string | null {
  let ip = value?.trim() ?? "";
  if (ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip.toLowerCase() : null;
}

const cache = new WeakMap<readonly string[], BlockList>();

function trustedProxies(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  let list = cache.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, bits] = entry.split("/") as [string, string | undefined];
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    cache.set(entries, list);
  }
  return list;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

function expandIpv6(ip: string): string[] {
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = ip.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((part) => part.padStart(4, "0"));
}
