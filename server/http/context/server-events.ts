import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AnalyticsEventInput } from "../../../domain/events";
import { COOKIE_CONSENT_STORAGE_KEY } from "../../../domain/storage-keys";
import { ingestEvents } from "../../modules/analytics";
import type { AppEnv } from "../types";

/**
 * The consent the shopper chose, as the browser mirrors it into a cookie (app/lib/consent.ts), so a form posted
 * before JavaScript loads is held to the same consent gate as the browser's own events. None: strictly necessary only.
 */
export function consentCookie(c: Context<AppEnv>): unknown {
  const raw = getCookie(c, COOKIE_CONSENT_STORAGE_KEY);
  if (!raw || raw.length > 500) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * Records catalogue events a page form caused (the newsletter before JavaScript, the quiz's steps), on the server,
 * through the same consent gate as POST /api/events: the consent cookie and Sec-GPC.
 */
export async function recordPageEvents(c: Context<AppEnv>, events: AnalyticsEventInput[]): Promise<void> {
  await ingestEvents(c.get("shop"), { events, consent: consentCookie(c) }, {
    customerId: c.get("session")?.customerId ?? null,
    requestId: c.get("requestId") ?? null,
    gpc: c.req.header("sec-gpc")?.trim() === "1",
  });
}
