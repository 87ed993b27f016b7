import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHeld } from "../../../domain/subscriptions";
import { emailOutbox, subscriptionCancellations, subscriptions, supplyReports } from "../../db/schema";
import { dbOf } from "../../shop";
import { buySubscription, DE_ADDRESS } from "../../testing/subscriber";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { cancelFromLink, cancelSubscription } from "../../workflows/cancel-subscription";
import { cancelPathForReminderLink, requestCancelLink } from "../../workflows/request-cancel-link";
import { signLink } from "../../lib/signed-links";
import { gateUnconfirmedRenewal } from "../../workflows/skip-unconfirmed-renewal";
import { acceptRetentionOffer } from "../../workflows/keep-with-discount";
import {
  applySubscriptionAction,
  cancellationOptions,
  changeSubscriptionPlan,
  confirmChargeUrl,
  confirmChargeFromLink,
  consumeNextShipmentExtras,
  memberSubscription,
  memberSubscriptions,
  nextShipmentExtras,
  previewPlanChange,
  reactivateSubscription,
} from ".";

const DAY = 86_400_000;
const ORIGIN = "https://shop.test";

describe(`subscription portal (${testDriver()})`, () => {
  let shop: TestShop;
  let n = 0;
  const db = () => dbOf(shop);
  const member = (items?: Record<string, number>, address = undefined as typeof DE_ADDRESS | undefined) =>
    buySubscription(shop, { email: `member${++n}@example.com`, items, address });
  const row = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const emailsTo = async (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, to));

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());

  it("lists held subscriptions with the next charge: the starter renews as its refill", async () => {
    const m = await member({ "syn-wk": 1 });
    const [sub] = await memberSubscriptions(shop, m.customerId);
    expect(sub).toMatchObject({ id: m.subscriptionId, status: "active", held: true, planCode: "syn-rf", quantity: 1, nextBillingAt: "2026-12-22T12:00:00.000Z" });
    expect(sub!.nextCharge).toMatchObject({ currency: "USD", subtotal: 4999, discountTotal: 0, total: 4999, shipping: { amount: 0 } });
  });

  it("delays one and two months, picks a date inside the bounds only, and ships now", async () => {
    const m = await member();
    const act = (a: Parameters<typeof applySubscriptionAction>[3]) => applySubscriptionAction(shop, m.customerId, m.subscriptionId, a);
    expect((await act({ action: "delay", months: 1 })).nextBillingAt).toBe("2027-01-22T12:00:00.000Z");
    expect((await act({ action: "delay", months: 2 })).nextBillingAt).toBe("2027-03-22T12:00:00.000Z");
    await expect(act({ action: "select_date", date: "2026-11-23" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(act({ action: "select_date", date: "2027-06-30" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(act({ action: "select_date", date: "2026-02-30" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await act({ action: "select_date", date: "2026-12-05" })).nextBillingAt).toBe("2026-12-05T12:00:00.000Z");
    expect((await act({ action: "ship_now" })).nextBillingAt).toBe(shop.clock.now().toISOString());
  });

  it("changes plan within the product's refills, never to another product's; the preview prices the next charge and writes nothing", async () => {
    const m = await member();
    const preview = await previewPlanChange(shop, m.customerId, m.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 });
    expect(preview.current.total).toBe(4999);
    expect(preview.proposed.total).toBe(13497);
    expect((await row(m.subscriptionId)).renewalPlanCode).toBe("syn-rf");

    const changed = await changeSubscriptionPlan(shop, m.customerId, m.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 });
    expect(changed).toMatchObject({ planCode: "syn-rf-3mo", billingPeriodMonths: 3, nextCharge: { total: 13497 } });
    // The date of the next charge does not move: the change takes effect on the next billing cycle.
    expect(changed.nextBillingAt).toBe("2026-12-22T12:00:00.000Z");

    // Issue 34, point 12: a DS-01 member is never moved to the VS-01 refill (nor previewed into it).
    await expect(changeSubscriptionPlan(shop, m.customerId, m.subscriptionId, { planCode: "vs-rf", quantity: 1 })).rejects.toMatchObject({ code: "PLAN_NOT_FOUND", status: 404 });
    await expect(previewPlanChange(shop, m.customerId, m.subscriptionId, { planCode: "vs-rf-3mo", quantity: 1 })).rejects.toMatchObject({ code: "PLAN_NOT_FOUND" });
    expect((await row(m.subscriptionId)).renewalPlanCode).toBe("syn-rf-3mo");

    await expect(changeSubscriptionPlan(shop, m.customerId, m.subscriptionId, { planCode: "pds-rf", quantity: 1 })).rejects.toMatchObject({ code: "PLAN_NOT_FOUND" });
    await expect(changeSubscriptionPlan(shop, m.customerId, m.subscriptionId, { planCode: "syn-rf", quantity: 2 })).rejects.toMatchObject({ code: "QUANTITY_NOT_ALLOWED" });
  });

  it("abroad, the 3-month refill ships without the international fee and the monthly one pays it", async () => {
    const m = await member({ "syn-wk": 1 }, DE_ADDRESS);
    const preview = await previewPlanChange(shop, m.customerId, m.subscriptionId, { planCode: "syn-rf-3mo", quantity: 1 });
    expect(preview.current).toMatchObject({ currency: "EUR", subtotal: 4999, shipping: { amount: 1000 }, total: 5999 });
    expect(preview.proposed).toMatchObject({ subtotal: 13497, shipping: { amount: 0 }, total: 13497 });
  });

  it("Sustainable Refills enrolls in the 3-month refill and unenrolls back to monthly", async () => {
    const m = await member();
    expect((await applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "savings", enroll: true })).planCode).toBe("syn-rf-3mo");
    expect((await applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "savings", enroll: false })).planCode).toBe("syn-rf");
  });

  it("adds a one-time item to the next shipment only, and the renewal consumes it once", async () => {
    const m = await member();
    const sub = await applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "add_on", planCode: "syn-gr", quantity: 1 });
    expect(sub.addOns).toMatchObject([{ planCode: "syn-gr", quantity: 1 }]);
    expect(sub.nextCharge).toMatchObject({ subtotal: 4999 + 2999, total: 4999 + 2999 });
    await expect(applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "add_on", planCode: "syn-rf", quantity: 1 })).rejects.toMatchObject({
      code: "ITEM_NOT_AVAILABLE",
    });
    await db().transaction((tx) => consumeNextShipmentExtras(tx, m.subscriptionId, m.orderId, shop.clock.now()));
    expect((await nextShipmentExtras(db(), m.subscriptionId)).addOns).toEqual([]);
    expect((await memberSubscription(shop, m.customerId, m.subscriptionId)).nextCharge!.total).toBe(4999);
  });

  it("'I have too much' moves the date so the next pack arrives as the capsules run out, and keeps the answer", async () => {
    const m = await member();
    // 40 capsules at 2 a day last 20 days; the pack ships 5 days before: in 15 days.
    const sub = await applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "too_much", capsulesLeft: 40 });
    expect(sub.nextBillingAt).toBe(new Date(shop.clock.now().getTime() + 15 * DAY).toISOString());
    const [report] = await db().select().from(supplyReports).where(eq(supplyReports.subscriptionId, m.subscriptionId));
    expect(report).toMatchObject({ capsulesLeft: 40 });
  });

  it("'Ask me before each charge': an unconfirmed renewal is skipped with an email, a confirmed one is charged", async () => {
    const m = await member();
    const email = `member${n}@example.com`;
    await applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "confirm_each_charge", enabled: true });
    const due = (await row(m.subscriptionId)).nextBillingAt;
    const url = new URL(await confirmChargeUrl(shop, ORIGIN, { customerId: m.customerId, subscriptionId: m.subscriptionId, billingAt: due.toISOString() }));
    expect(await confirmChargeFromLink(shop, url.searchParams.get("token")!)).toMatchObject({ ok: true });
    expect(await gateUnconfirmedRenewal(shop, { subscriptionId: m.subscriptionId, dueAt: due, origin: ORIGIN })).toBe("charge");

    const other = await member();
    await applySubscriptionAction(shop, other.customerId, other.subscriptionId, { action: "confirm_each_charge", enabled: true });
    const otherDue = (await row(other.subscriptionId)).nextBillingAt;
    expect(await gateUnconfirmedRenewal(shop, { subscriptionId: other.subscriptionId, dueAt: otherDue, origin: ORIGIN })).toBe("skipped");
    const after = await row(other.subscriptionId);
    expect(after.status).toBe("active");
    expect(after.nextBillingAt.toISOString()).toBe("2027-01-22T12:00:00.000Z");
    const mails = await emailsTo(`member${n}@example.com`);
    expect(mails.map((e) => e.template)).toContain("renewal-skipped-unconfirmed");
    // Run twice: nothing moves again, no second email.
    await gateUnconfirmedRenewal(shop, { subscriptionId: other.subscriptionId, dueAt: otherDue, origin: ORIGIN });
    expect((await row(other.subscriptionId)).nextBillingAt.toISOString()).toBe("2027-01-22T12:00:00.000Z");
    expect((await emailsTo(`member${n}@example.com`)).filter((e) => e.template === "renewal-skipped-unconfirmed")).toHaveLength(1);
    expect(email).not.toBe(`member${n}@example.com`);
  });

  it("the retention offer takes 20% off the next shipment, at most once per 100 days per member", async () => {
    const m = await member();
    const second = await buySubscription(shop, { email: `member${n}@example.com`, items: { "vs-wk": 1 } });
    expect((await cancellationOptions(shop, m.customerId, m.subscriptionId)).retentionOfferAvailable).toBe(true);
    const kept = await acceptRetentionOffer(shop, m.customerId, m.subscriptionId, 1);
    expect(kept.nextCharge).toMatchObject({ subtotal: 4999, discountTotal: 1000, total: 3999 });
    expect((await cancellationOptions(shop, m.customerId, second.subscriptionId)).retentionOfferAvailable).toBe(false);
    expect((await cancellationOptions(shop, m.customerId, second.subscriptionId)).reasons.find((r) => r.id === 1)!.offer).toBe("none");
    await expect(acceptRetentionOffer(shop, m.customerId, second.subscriptionId, 1)).rejects.toMatchObject({ code: "FORBIDDEN" });
    shop.clock.advance(100 * DAY);
    try {
      expect((await cancellationOptions(shop, m.customerId, second.subscriptionId)).retentionOfferAvailable).toBe(true);
    } finally {
      shop.clock.advance(-100 * DAY);
    }
  });

  it("two tabs accepting the offer at once: exactly one wins", async () => {
    const m = await member();
    const results = await Promise.allSettled([
      acceptRetentionOffer(shop, m.customerId, m.subscriptionId, 1),
      acceptRetentionOffer(shop, m.customerId, m.subscriptionId, 1),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("cancels with a reason and a confirmation email with date and time; cancelling twice sends one email; reactivate restores it", async () => {
    const m = await member();
    const email = `member${n}@example.com`;
    const canceled = await cancelSubscription(shop, {
      customerId: m.customerId,
      subscriptionId: m.subscriptionId,
      input: { cancellationReasonId: 4, secondaryReasonId: 42, cancellationReasonText: "" },
      via: "account",
      origin: ORIGIN,
    });
    expect(canceled).toMatchObject({ status: "canceled", held: false, nextCharge: null });
    const [record] = await db().select().from(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, m.subscriptionId));
    expect(record).toMatchObject({ reasonId: 4, secondaryReasonId: 42, reasonText: "I'm not noticing a difference", via: "account" });
    await cancelSubscription(shop, { customerId: m.customerId, subscriptionId: m.subscriptionId, input: {}, via: "account", origin: ORIGIN });
    const mails = (await emailsTo(email)).filter((e) => e.template === "subscription-canceled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("November 22, 2026 at 12:00 PM UTC");
    expect(mails[0]!.text).toContain("February 20, 2027");
    // Declining by cancelling while the discount was on offer starts the cooldown.
    expect((await cancellationOptions(shop, m.customerId, m.subscriptionId)).retentionOfferAvailable).toBe(false);
    await expect(applySubscriptionAction(shop, m.customerId, m.subscriptionId, { action: "delay", months: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });

    shop.clock.advance(DAY);
    try {
      const back = await reactivateSubscription(shop, m.customerId, m.subscriptionId);
      expect(back).toMatchObject({ status: "active", held: true });
      const r = await row(m.subscriptionId);
      expect(isHeld(r)).toBe(true);
      expect(r.canceledAt! < r.activatedAt).toBe(true);
    } finally {
      shop.clock.advance(-DAY);
    }
  });

  it("a cancellation reason must be one of those offered", async () => {
    const m = await member();
    await expect(
      cancelSubscription(shop, { customerId: m.customerId, subscriptionId: m.subscriptionId, input: { cancellationReasonId: 99 }, via: "account", origin: ORIGIN }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await row(m.subscriptionId)).status).toBe("active");
  });

  it("no member can see or act on another member's subscription", async () => {
    const owner = await member();
    const intruder = await member();
    const id = owner.subscriptionId;
    const attempts = [
      () => memberSubscription(shop, intruder.customerId, id),
      () => applySubscriptionAction(shop, intruder.customerId, id, { action: "ship_now" }),
      () => changeSubscriptionPlan(shop, intruder.customerId, id, { planCode: "syn-rf-3mo", quantity: 1 }),
      () => previewPlanChange(shop, intruder.customerId, id, { planCode: "syn-rf-3mo", quantity: 1 }),
      () => cancellationOptions(shop, intruder.customerId, id),
      () => acceptRetentionOffer(shop, intruder.customerId, id, null),
      () => reactivateSubscription(shop, intruder.customerId, id),
      () => cancelSubscription(shop, { customerId: intruder.customerId, subscriptionId: id, input: {}, via: "account", origin: ORIGIN }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND" });
    // An add-on id of someone else's shipment, sent with the intruder's own subscription, is not theirs to remove.
    const owned = await applySubscriptionAction(shop, owner.customerId, id, { action: "add_on", planCode: "syn-gr", quantity: 1 });
    await expect(
      applySubscriptionAction(shop, intruder.customerId, intruder.subscriptionId, { action: "remove_add_on", addOnId: owned.addOns[0]!.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberSubscription(shop, owner.customerId, id)).addOns).toHaveLength(1);
    expect(await memberSubscriptions(shop, intruder.customerId)).toHaveLength(1);
    expect((await row(id)).status).toBe("active");
  });

  it("cancels without signing in: the emailed link cancels the address's own subscriptions only", async () => {
    const m = await member();
    const email = `member${n}@example.com`;
    const stranger = await member();
    await requestCancelLink(shop, { email: `  ${email.toUpperCase()} `, origin: ORIGIN });
    const [mail] = (await emailsTo(email)).filter((e) => e.template === "subscription-cancel-link");
    const link = new URL(/https:\/\/shop\.test\/cancel-subscription\/confirm\?token=\S+/.exec(mail!.text)![0]);
    const token = link.searchParams.get("token")!;
    expect(await cancelFromLink(shop, { token: token + "x", subscriptionId: m.subscriptionId, origin: ORIGIN })).toBeNull();
    await expect(cancelFromLink(shop, { token, subscriptionId: stranger.subscriptionId, origin: ORIGIN })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const done = await cancelFromLink(shop, { token, subscriptionId: m.subscriptionId, origin: ORIGIN });
    expect(done!.status).toBe("canceled");
    const [record] = await db().select().from(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, m.subscriptionId));
    expect(record!.via).toBe("email_link");
    expect((await emailsTo(email)).map((e) => e.template)).toContain("subscription-canceled");
    // Asking again at once sends nothing new (one link per address per ten minutes); an unknown address gets a note.
    await requestCancelLink(shop, { email, origin: ORIGIN });
    expect((await emailsTo(email)).filter((e) => e.template === "subscription-cancel-link")).toHaveLength(1);
    await requestCancelLink(shop, { email: "nobody@example.com", origin: ORIGIN });
    const [note] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, "nobody@example.com")));
    expect(note!.text).toContain("has no active subscription");
  });

  it("the renewal reminder's cancel link lands on the same signed-out cancellation flow", async () => {
    const m = await member();
    const expiresAt = new Date(shop.clock.now().getTime() + DAY);
    const reminderToken = signLink(shop.env.SESSION_SECRET, { purpose: "cancel", subject: m.subscriptionId, scope: null, expiresAt });
    const path = await cancelPathForReminderLink(shop, reminderToken);
    expect(path).toMatch(/^\/cancel-subscription\/confirm\?token=/);
    const token = new URL(path!, ORIGIN).searchParams.get("token")!;
    expect((await cancelFromLink(shop, { token, subscriptionId: m.subscriptionId, origin: ORIGIN }))!.status).toBe("canceled");
    const skipToken = signLink(shop.env.SESSION_SECRET, { purpose: "skip", subject: m.subscriptionId, scope: null, expiresAt });
    expect(await cancelPathForReminderLink(shop, skipToken)).toBeNull();
  });
});
