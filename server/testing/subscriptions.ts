import { randomUUID } from "node:crypto";
import { customers, orders, paymentMethods, sandboxTokens, subscriptions } from "../db/schema";
import type { CardBehavior } from "../integrations/payments/test-cards";
import { dbOf, type Shop } from "../shop";

export const TEST_ADDRESS = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

export interface SeededSubscription {
  id: string;
  customerId: string;
  email: string;
  token: string;
}

export interface SeedOptions {
  count: number;
  nextBillingAt: Date;
  planCode?: string;
  renewalPlanCode?: string;
  productCode?: string;
  billingPeriodMonths?: number;
  card?: CardBehavior;
  country?: string;
  currency?: string;
  priceList?: "domestic" | "international";
  couponCode?: string | null;
  quantity?: number;
}

/**
 * Subscriptions as checkout leaves them (a customer, the first order, a saved sandbox card, the subscription), written
 * in bulk so the renewal tests and the benchmark can start from thousands of them in seconds.
 */
export async function seedSubscriptions(shop: Shop, o: SeedOptions): Promise<SeededSubscription[]> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  const address = { ...TEST_ADDRESS, country: o.country ?? "US" };
  const made: SeededSubscription[] = [];
  for (let start = 0; start < o.count; start += 500) {
    const size = Math.min(500, o.count - start);
    const rows = Array.from({ length: size }, () => {
      const tag = randomUUID();
      return { customerId: randomUUID(), orderId: randomUUID(), methodId: randomUUID(), subId: randomUUID(), email: `renew-${tag}@example.com`, token: `tok_${tag.replace(/-/g, "")}` };
    });
    await db.transaction(async (tx) => {
      await tx.insert(customers).values(rows.map((r) => ({ id: r.customerId, email: r.email, firstName: "Ada", createdAt: now })));
      await tx.insert(orders).values(
        rows.map((r) => ({
          id: r.orderId,
          customerId: r.customerId,
          email: r.email,
          status: "paid",
          currency: o.currency ?? "USD",
          country: address.country,
          subtotal: 0,
          discountTotal: 0,
          discounts: [],
          shippingMethod: "free_shipping",
          shippingLabel: "Free standard shipping",
          shippingAmount: 0,
          total: 0,
          shippingAddress: address,
          idempotencyKey: `seed:${r.orderId}`,
          createdAt: now,
        })),
      );
      await tx.insert(sandboxTokens).values(rows.map((r) => ({ token: r.token, brand: "visa", last4: "4242", expMonth: 12, expYear: 2035, behavior: o.card ?? "succeed", createdAt: now })));
      await tx.insert(paymentMethods).values(
        rows.map((r) => ({ id: r.methodId, customerId: r.customerId, gateway: "sandbox", token: r.token, brand: "visa", last4: "4242", expMonth: 12, expYear: 2035, createdAt: now })),
      );
      await tx.insert(subscriptions).values(
        rows.map((r) => ({
          id: r.subId,
          customerId: r.customerId,
          orderId: r.orderId,
          productCode: o.productCode ?? "syn-rf",
          planCode: o.planCode ?? "syn-rf",
          renewalPlanCode: o.renewalPlanCode ?? o.planCode ?? "syn-rf",
          quantity: o.quantity ?? 1,
          billingPeriodMonths: o.billingPeriodMonths ?? 1,
          currency: o.currency ?? "USD",
          priceList: o.priceList ?? "domestic",
          country: address.country,
          status: "active",
          couponCode: o.couponCode ?? null,
          paymentMethodId: r.methodId,
          shippingAddress: address,
          activatedAt: now,
          nextBillingAt: o.nextBillingAt,
          createdAt: now,
        })),
      );
    });
    made.push(...rows.map((r) => ({ id: r.subId, customerId: r.customerId, email: r.email, token: r.token })));
  }
  return made;
}
