import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, renewals, subscriptions } from "../db/schema";
import { grantCredit } from "../modules/loyalty";
import { agreePrice, claimDueRenewals } from "../modules/renewals";
import { applySubscriptionAction, changeSubscriptionPlan, memberSubscription, previewPlanChange, reactivateSubscription } from "../modules/subscriptions";
import { cancelSubscription } from "./cancel-subscription";
import { dbOf } from "../shop";
import { buySubscription, DE_ADDRESS } from "../testing/subscriber";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { acceptRetentionOffer } from "./keep-with-discount";
import { renewSubscription } from "./renew-subscription";

const DAY = 86_400_000;

/**
 * The portal's price of the next charge (the Next Shipment view, include_renewal_preview and the change preview) is the
 * renewal engine's own quote: for each case the member reads a total, then the renewal runs on its date and charges
 * exactly that total (ADR 0030).
 */
describe(`the portal's preview is what the renewal charges (${testDriver()})`, () => {
  let shop: TestShop;
  let n = 0;
  const db = () => dbOf(shop);
  const member = (items?: Record<string, number>, address?: typeof DE_ADDRESS) => buySubscription(shop, { email: `preview${++n}@example.com`, items, address });

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    await db()
      .insert(coupons)
      .values([
        { code: "FOREVER10", type: "percent", value: "10", currency: null, plans: "all", duration: "forever", active: true, firstOrderOnly: false, createdAt: shop.clock.now() },
        { code: "ONCE15", type: "percent", value: "15", currency: null, plans: "all", duration: "once", active: true, firstOrderOnly: false, createdAt: shop.clock.now() },
      ] as any)
      .onConflictDoNothing();
  });
  afterAll(() => shop.cleanup());

  it("for every case, the total shown before the renewal equals the amount the renewal charges", async () => {
    const cases: { name: string; customerId: string; subscriptionId: string; shown: number; preview?: number }[] = [];
    const shownOf = async (m: { customerId: string; subscriptionId: string }) => (await memberSubscription(shop, m.customerId, m.subscriptionId)).nextCharge!.total;
    const add = async (name: string, m: { customerId: string; subscriptionId: string }, preview?: number) => cases.push({ name, ...m, shown: await shownOf(m), preview });
    const useCoupon = (id: string, code: string) => db().update(subscriptions).set({ couponCode: code }).where(eq(subscriptions.id, id));

    await add("US monthly refill", await member());

    const coupon = await member();
    await useCoupon(coupon.subscriptionId, "FOREVER10");
    await add("forever coupon", coupon);

    const once = await member();
    await useCoupon(once.subscriptionId, "ONCE15");
    await add("a once coupon does not reach a renewal", once);

    const kept = await member();
    await useCoupon(kept.subscriptionId, "FOREVER10");
    await acceptRetentionOffer(shop, kept.customerId, kept.subscriptionId, 1);
    await add("retention 20% after the forever coupon", kept);

    await add("Germany, monthly refill: the international fee", await member(undefined, DE_ADDRESS));

    const de3 = await member(undefined, DE_ADDRESS);
    const de3Preview = (await previewPlanChange(shop, de3.customerId, de3.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 })).proposed.total;
    await changeSubscriptionPlan(shop, de3.customerId, de3.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 });
    await add("Germany, changed to the 3-month refill: no fee", de3, de3Preview);

    const de3Extra = await member(undefined, DE_ADDRESS);
    await changeSubscriptionPlan(shop, de3Extra.customerId, de3Extra.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 });
    await applySubscriptionAction(shop, de3Extra.customerId, de3Extra.subscriptionId, { action: "add_on", planCode: "syn-wk-gift-2020", quantity: 1 });
    await add("Germany, 3-month refill with a one-time item: the fee comes back", de3Extra);

    const extra = await member();
    await applySubscriptionAction(shop, extra.customerId, extra.subscriptionId, { action: "add_on", planCode: "syn-gr", quantity: 1 });
    await add("US, one-time item", extra);

    // The subscription already agreed to the monthly price (a reminder went out); a plan change must not keep it.
    const agreed = await member();
    await agreePrice(db(), agreed.subscriptionId, 4999, "USD", shop.clock.now());
    const agreedPreview = (await previewPlanChange(shop, agreed.customerId, agreed.subscriptionId, { planCode: "syn-rf-6mo", quantity: 1 })).proposed.total;
    await changeSubscriptionPlan(shop, agreed.customerId, agreed.subscriptionId, { planCode: "syn-rf-6mo", quantity: 1 });
    await add("plan change after a price was agreed", agreed, agreedPreview);

    const back = await member();
    await applySubscriptionAction(shop, back.customerId, back.subscriptionId, { action: "savings", enroll: true });
    const backPreview = (await previewPlanChange(shop, back.customerId, back.subscriptionId, { planCode: "syn-rf-6mo", quantity: 1 })).proposed.total;
    await changeSubscriptionPlan(shop, back.customerId, back.subscriptionId, { planCode: "syn-rf-6mo", quantity: 1 });
    await add("Sustainable Refills, then the 6-month refill", back, backPreview);

    const credit = await member();
    await grantCredit(db(), { customerId: credit.customerId, amount: 1500, currency: "USD", reason: "referral", key: `test-credit:${credit.customerId}`, now: shop.clock.now() });
    await acceptRetentionOffer(shop, credit.customerId, credit.subscriptionId, 1);
    await add("credit after the retention discount", credit);


    // Every case is due on the same day: run each renewal on its date.
    shop.clock.advance(30 * DAY);
    const charged: Record<string, number> = {};
    for (const c of cases) {
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId));
      expect(sub!.nextBillingAt.getTime()).toBeLessThanOrEqual(shop.clock.now().getTime());
      const [id] = await claimDueRenewals(db(), shop.clock.now(), 1, c.subscriptionId);
      expect(await renewSubscription(shop, id!)).toBe("paid");
      const [renewal] = await db().select().from(renewals).where(eq(renewals.id, id!));
      charged[c.name] = renewal!.amount;
    }
    const shown = Object.fromEntries(cases.map((c) => [c.name, c.shown]));
    expect(charged).toEqual(shown);
    for (const c of cases.filter((c) => c.preview !== undefined)) expect([c.name, c.preview]).toEqual([c.name, charged[c.name]]);
    // Spot checks that the cases are the ones named (section 9 rules).
    expect(charged).toMatchObject({
      "US monthly refill": 4999,
      "forever coupon": 4499,
      "a once coupon does not reach a renewal": 4999,
      "retention 20% after the forever coupon": 4499 - 900,
      "Germany, changed to the 3-month refill: no fee": 13497,
      "plan change after a price was agreed": expect.any(Number),
    });
    expect(charged["Germany, monthly refill: the international fee"]! - 1000).toBe(4999);
    expect(charged["Germany, 3-month refill with a one-time item: the fee comes back"]).toBe(13497 + 4999 + 1000);
    expect(charged["plan change after a price was agreed"]).not.toBe(4999);
  });

  it("a retention discount not used when the member cancels is gone after a reactivation, in the preview and the charge", async () => {
    const m = await member();
    expect((await acceptRetentionOffer(shop, m.customerId, m.subscriptionId, 1)).nextCharge!.total).toBe(3999);
    await cancelSubscription(shop, { customerId: m.customerId, subscriptionId: m.subscriptionId, input: {}, via: "account", origin: "https://shop.test" });
    const back = await reactivateSubscription(shop, m.customerId, m.subscriptionId);
    expect(back.nextCharge!.total).toBe(4999);
    expect(back.retentionPercentOff).toBeNull();
    shop.clock.set(new Date(back.nextBillingAt));
    const [id] = await claimDueRenewals(db(), shop.clock.now(), 1, m.subscriptionId);
    expect(await renewSubscription(shop, id!)).toBe("paid");
    expect((await db().select().from(renewals).where(eq(renewals.id, id!)))[0]!.amount).toBe(4999);
  });
});
