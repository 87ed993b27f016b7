import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { orders, paymentMethods, referrals, sandboxTokens } from "../../server/db/schema";
import { codeOf } from "../../server/modules/referrals";
import { dbOf } from "../../server/shop";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 24: a member referred themselves with the same card under another expiry date, a new email and a new address.
 * The card signal compared number-and-expiry, so the referral stayed `pending` with no flag. The signal is now the
 * gateway's fingerprint of the number alone (Stripe's card.fingerprint; the sandbox's HMAC of the number).
 */
describe(`self-referral with the same card under another expiry (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-03-01T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function buy(email: string, card: { number: string; expMonth: number; expYear: number }, address1: string, cookie?: string) {
    const order = await placeTestOrder(app, { email, card, address1, cookie });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    return { id: order.id, customerId: row!.customerId };
  }

  it("flags the referral for review: the same card number under another expiry is the same card", async () => {
    const referrer = await buy("sam@example.com", { number: "4242424242424242", expMonth: 12, expYear: 2030 }, "1 Referrer Road");
    const code = await codeOf(db(), referrer.customerId, shop.clock.now());
    // The same card, renewed by the bank (new expiry), a new mailbox, a new address, no device cookie.
    const friend = await buy("totally-new-person@example.net", { number: "4242 4242 4242 4242", expMonth: 11, expYear: 2031 }, "99 Other Avenue", `seed_ref=${code}`);
    const [referral] = await db().select().from(referrals).where(eq(referrals.orderId, friend.id));
    expect(referral).toBeDefined();
    expect(referral!.status).toBe("review");
    expect(referral!.flags).toContain("card");
  });

  it("a different card number is not flagged (the fingerprint is of the number, not the brand and last four alone)", async () => {
    const referrer = await buy("lee@example.com", { number: "5555555555554444", expMonth: 12, expYear: 2030 }, "2 Referrer Road");
    const code = await codeOf(db(), referrer.customerId, shop.clock.now());
    // Another Mastercard number; no signal shared.
    const friend = await buy("kim@example.org", { number: "5105105105105100", expMonth: 12, expYear: 2030 }, "77 Far Lane", `seed_ref=${code}`);
    const [referral] = await db().select().from(referrals).where(eq(referrals.orderId, friend.id));
    expect(referral!.status).toBe("pending");
    expect(referral!.flags).toEqual([]);
  });

  it("never stores the card number: the sandbox keeps a keyed hash, and saved cards keep only that hash", async () => {
    const tokens = await db().select().from(sandboxTokens);
    const cards = await db().select().from(paymentMethods);
    const stored = JSON.stringify([tokens, cards]);
    expect(stored).not.toContain("4242424242424242");
    expect(stored).not.toContain("5555555555554444");
    const fingerprints = new Set(tokens.filter((t) => t.last4 === "4242").map((t) => (t as Record<string, unknown>).fingerprint));
    expect(fingerprints.size).toBe(1);
    expect([...fingerprints][0]).toMatch(/^[0-9a-f]{32,}$/);
  });
});
