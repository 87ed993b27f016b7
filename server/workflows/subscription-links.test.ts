import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewals, subscriptions } from "../db/schema";
import { dbOf } from "../shop";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { drainDueRenewals, renewalLink } from "./renew-subscription";
import { describeLink, performLink } from "./subscription-links";

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe(`one-click links of the renewal emails (${testDriver()})`, () => {
  let shop: TestShop;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-06-01T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());
  const sub = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  it("skip: one confirmation screen, then the shipment is skipped; the same link cannot skip the next one", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-06-04T12:00:00Z") });
    const token = tokenOf(renewalLink(shop, "skip", s!.id, "2027-06-04", 4));
    const view = await describeLink(shop, "skip", token);
    expect(view).toMatchObject({ action: "skip", closed: null });
    expect(view.summary).toBe("Skip the shipment of June 4, 2027 ($49.99). Your next charge will be on July 4, 2027.");
    expect((await sub(s!.id)).nextBillingAt.toISOString()).toBe("2027-06-04T12:00:00.000Z"); // looking changes nothing
    expect(await performLink(shop, "skip", token, null)).toMatch(/skipped. Your next charge will be on July 4, 2027/);
    expect((await sub(s!.id)).nextBillingAt.toISOString()).toBe("2027-07-04T12:00:00.000Z");
    await expect(performLink(shop, "skip", token, null)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await describeLink(shop, "skip", token)).closed).toMatch(/already/);
  });

  it("refuses a forged, expired or other-purpose token", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-06-20T12:00:00Z") });
    const cancel = tokenOf(renewalLink(shop, "cancel", s!.id, null, 1));
    await expect(describeLink(shop, "skip", cancel)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(describeLink(shop, "cancel", `${cancel}x`)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    shop.clock.advance(2 * 86_400_000);
    await expect(performLink(shop, "cancel", cancel, null)).rejects.toMatchObject({ code: "FORBIDDEN" });
    shop.clock.set("2027-06-01T12:00:00Z");
    expect((await sub(s!.id)).status).toBe("active");
  });

  it("cancel: after confirming, the subscription is canceled and nothing more is charged", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-06-01T11:00:00Z") });
    const token = tokenOf(renewalLink(shop, "cancel", s!.id, null, 30));
    expect(await performLink(shop, "cancel", token, null)).toBe("Your subscription has been canceled.");
    expect(await sub(s!.id)).toMatchObject({ status: "canceled", cancelReason: "customer_request" });
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(await db().select().from(renewals).where(eq(renewals.subscriptionId, s!.id))).toEqual([]);
  });

  it("update-card: a declined renewal is paid at once with the new card; confirm-payment settles an authentication", async () => {
    const [declined] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-06-01T10:00:00Z"), card: "expired_card" });
    const [sca] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-06-01T10:00:00Z"), card: "authentication_required" });
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    const update = tokenOf(renewalLink(shop, "update-card", declined!.id, null, 14));
    expect((await describeLink(shop, "update-card", update)).summary).toMatch(/retry the payment of \$49\.99 at once/);
    await expect(performLink(shop, "update-card", update, { number: "4000000000000002", expMonth: 1, expYear: 2020, cvc: "123" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await performLink(shop, "update-card", update, { number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" })).toMatch(/payment went through/);
    expect((await sub(declined!.id)).status).toBe("active");

    const [r] = await db().select().from(renewals).where(eq(renewals.subscriptionId, sca!.id));
    const confirm = tokenOf(renewalLink(shop, "confirm-payment", r!.id, r!.chargeId, 8));
    expect((await describeLink(shop, "confirm-payment", confirm)).summary).toMatch(/Confirm the payment of \$49\.99/);
    expect(await performLink(shop, "confirm-payment", confirm, null)).toBe("Thank you: your payment is confirmed.");
    expect((await describeLink(shop, "confirm-payment", confirm)).closed).toMatch(/already settled/);
  });
});
