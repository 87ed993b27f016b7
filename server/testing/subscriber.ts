import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Address } from "../../domain/address";
import { subscriptions } from "../db/schema";
import { tokenizeCard } from "../integrations/payments/sandbox";
import { dbOf, type Shop } from "../shop";
import { placeOrder } from "../workflows/place-order";

export const US_ADDRESS: Address = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };
export const DE_ADDRESS: Address = { firstName: "Emmy", lastName: "Noether", address1: "Hauptstr. 1", city: "Berlin", region: "", postalCode: "10115", country: "DE" };

/** A member who bought through the real checkout: the order, the payment and the subscriptions it started. */
export async function buySubscription(
  shop: Shop,
  options: { email: string; items?: Record<string, number>; address?: Address; couponCodes?: string[] },
): Promise<{ customerId: string; orderId: string; subscriptionId: string }> {
  const { token } = await tokenizeCard(shop, { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" });
  const order = await placeOrder(
    shop,
    {
      email: options.email,
      shippingAddress: options.address ?? US_ADDRESS,
      items: options.items ?? { "syn-wk": 1 },
      couponCodes: options.couponCodes ?? [],
      payment: { token },
      healthCertification: true,
      renewalConsent: true,
    },
    { idempotencyKey: randomUUID(), sessionCustomerId: null, ip: null, addressKey: null },
  );
  const [sub] = await dbOf(shop).select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  if (!sub) throw new Error("the order started no subscription");
  return { customerId: sub.customerId, orderId: order.id, subscriptionId: sub.id };
}
