import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Shop } from "../../shop";
import type { AppEnv } from "../types";
import { signToken, verifySignedToken } from "../../lib/signed-token";

/**
 * After a purchase the browser gets a signed, HttpOnly cookie naming its order, so /thank-you can show it without
 * an account and nobody can read another shopper's order by guessing an id.
 */
export const LAST_ORDER_COOKIE = "seed_last_order";
const TTL_S = 24 * 60 * 60;

const secretOf = (shop: Shop) => `${shop.env.SESSION_SECRET}:last-order`;

export async function setLastOrderCookie(c: Context<AppEnv>, orderId: string): Promise<void> {
  const shop = c.get("shop");
  const token = signToken(secretOf(shop), { order: orderId }, { now: shop.clock.now(), ttlMs: TTL_S * 1000 });
  setCookie(c, LAST_ORDER_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure: shop.env.NODE_ENV === "production", maxAge: TTL_S });
}

export async function readLastOrderId(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, LAST_ORDER_COOKIE);
  if (!token || token.length > 2048) return null;
  const shop = c.get("shop");
  const payload = await verifySignedToken(secretOf(shop), token, shop.clock.now());
  return typeof payload?.order === "string" ? payload.order : null;
}
