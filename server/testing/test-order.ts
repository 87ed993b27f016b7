import { randomUUID } from "node:crypto";
import type { createApp } from "../app";

/** Places a real order through the shop's API (sandbox card 4242...), as a shopper would; answers the order JSON. */
export async function placeTestOrder(
  app: ReturnType<typeof createApp>,
  options: {
    email: string;
    firstName?: string;
    lastName?: string;
    couponCodes?: string[];
    items?: Record<string, number>;
    /** Another card than 4242… 12/2030. */
    card?: { number: string; expMonth: number; expYear: number };
    address1?: string;
    /** Cookies the shopper's browser sends (a referral link's seed_ref, a session). */
    cookie?: string;
  },
): Promise<{ id: string; number: string; total: number; discountTotal: number; discounts: { code: string }[] }> {
  const tokenRes = await app.request("/api/payments/sandbox/tokenize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...(options.card ?? { number: "4242424242424242", expMonth: 12, expYear: 2030 }), cvc: "123" }),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const res = await app.request("/api/purchase", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...(options.cookie ? { Cookie: options.cookie } : {}) },
    body: JSON.stringify({
      email: options.email,
      shippingAddress: {
        firstName: options.firstName ?? "Ada",
        lastName: options.lastName ?? "Lovelace",
        address1: options.address1 ?? "1 Main St",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
      },
      items: options.items ?? { "syn-wk-3mo": 1 },
      couponCodes: options.couponCodes ?? [],
      payment: { token },
      healthCertification: true,
      renewalConsent: true,
    }),
  });
  const body = (await res.json()) as { order?: any };
  if (res.status !== 201 || !body.order) throw new Error(`order failed: ${res.status} ${JSON.stringify(body)}`);
  return body.order;
}
