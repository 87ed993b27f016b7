import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerEntries, orderLines, orders, renewals, sandboxCharges, subscriptionAddOns, subscriptions } from "../db/schema";
import { sendDueEmails } from "../modules/email";
import { applySubscriptionAction, confirmChargeFromLink } from "../modules/subscriptions";
import { dbOf } from "../shop";
import { parseMail, startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { drainDueRenewals } from "./renew-subscription";
import { sendRenewalReminders } from "./send-renewal-reminders";

/**
 * The seams between the renewal engine and the subscription portal (issue 13), by moving the clock: "ask me before each
 * charge" (the reminder's confirm button; unconfirmed means skipped, not cancelled), one-time add-ons on the next
 * renewal order only. The dunning cancellation's portal record is in dunning-and-reminders.test.ts.
 */
const DAY = 86_400_000;
const T0 = "2027-05-01T10:00:00Z";

describe(`the renewal engine and the portal (${testDriver()})`, () => {
  let shop: TestShop;
  let peer: SmtpPeer;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    peer = await startSmtpPeer();
    shop = await openTestShop({ now: T0, env: { SMTP_URL: peer.url, MAIL_FROM: "Seed Care <care@seed.example>", PUBLIC_URL: "https://shop.example" } });
  });
  afterAll(async () => {
    await shop.cleanup();
    await peer.close();
  });
  beforeEach(() => {
    shop.clock.set(T0);
    peer.received.length = 0;
  });

  const at = (ms: number) => shop.clock.set(new Date(new Date(T0).getTime() + ms));
  const mailsTo = async (email: string) => {
    await sendDueEmails(shop);
    return peer.received.filter((m) => m.to[0] === email).map((m) => parseMail(m.raw));
  };
  const subjectOf = (headers: string) => {
    const raw = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
    return raw
      .replace(/\?=\s+=\?/g, "?==?")
      .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, body: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(body, "base64").toString("utf8")
          : Buffer.from(body.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
      );
  };
  const linkIn = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";
  const sub = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const renewalsOf = async (id: string) => db().select().from(renewals).where(eq(renewals.subscriptionId, id)).orderBy(renewals.dueAt);
  const chargesOf = async (token: string) => db().select().from(sandboxCharges).where(eq(sandboxCharges.token, token));

  it("'ask me before each charge': the reminder carries the confirm button; unconfirmed is skipped (not cancelled, no charge, an email); confirmed is charged", async () => {
    const due = new Date(new Date(T0).getTime() + 3 * DAY);
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: due });
    await applySubscriptionAction(shop, s!.customerId, s!.id, { action: "confirm_each_charge", enabled: true });

    // The reminder, 3 days before: the confirm button first, a signed link that needs no sign-in.
    expect(await sendRenewalReminders(shop)).toBe(1);
    const [reminder] = await mailsTo(s!.email);
    expect(subjectOf(reminder!.headers)).toMatch(/^Please confirm your next shipment/);
    expect(reminder!.text).toMatch(/If we do not hear from you, we skip this shipment, charge nothing and keep your subscription/);
    const confirm = linkIn(reminder!.text, "Yes, charge and ship it");
    expect(confirm).toMatch(/^https:\/\/shop\.example\/account\/subscriptions\/confirm-charge\?token=/);
    expect(linkIn(reminder!.text, "Skip this shipment")).toMatch(/subscription-link\?action=skip/);

    // Not confirmed by the date: nothing charged, the renewal skipped, the date one period on, an email says so.
    at(3 * DAY);
    const report = await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(report.outcomes).toMatchObject({ skipped: 1 });
    expect(await chargesOf(s!.token)).toHaveLength(0);
    const [skipped] = await renewalsOf(s!.id);
    expect(skipped).toMatchObject({ status: "skipped", attempts: 0 });
    expect(await sub(s!.id)).toMatchObject({ status: "active" });
    expect((await sub(s!.id)).nextBillingAt.toISOString()).toBe("2027-06-04T10:00:00.000Z");
    const mails = await mailsTo(s!.email);
    expect(mails.map((m) => subjectOf(m.headers))).toContain("We skipped this shipment: you had not confirmed it");
    // A second sweep does nothing more.
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(await renewalsOf(s!.id)).toHaveLength(1);

    // The next period: the member presses the button of the new reminder, and that charge goes ahead, once.
    peer.received.length = 0;
    at(31 * DAY);
    expect(await sendRenewalReminders(shop)).toBe(1);
    const [next] = await mailsTo(s!.email);
    const token = new URL(linkIn(next!.text, "Yes, charge and ship it")).searchParams.get("token")!;
    expect(await confirmChargeFromLink(shop, token)).toMatchObject({ ok: true });
    at(34 * DAY);
    expect((await drainDueRenewals(shop, { ratePerSecond: 1000 })).outcomes).toMatchObject({ paid: 1 });
    expect((await chargesOf(s!.token)).map((c) => c.status)).toEqual(["captured"]);
    expect((await renewalsOf(s!.id)).map((r) => r.status)).toEqual(["skipped", "paid"]);

    // A member who did not ask gets the usual reminder, without the button.
    peer.received.length = 0;
    const [plain] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(new Date(T0).getTime() + 36 * DAY) });
    await sendRenewalReminders(shop);
    const [usual] = await mailsTo(plain!.email);
    expect(subjectOf(usual!.headers)).toMatch(/^Your next shipment/);
    expect(usual!.text).not.toMatch(/Yes, charge and ship it/);
  });

  it("a one-time add-on ships on the next renewal order only, charged with it, consumed once", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0) });
    at(-DAY);
    await applySubscriptionAction(shop, s!.customerId, s!.id, { action: "add_on", planCode: "syn-gr", quantity: 2 });
    at(0);
    expect((await drainDueRenewals(shop, { ratePerSecond: 1000 })).outcomes).toMatchObject({ paid: 1 });
    const [first] = await renewalsOf(s!.id);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, first!.orderId!)).orderBy(orderLines.position);
    expect(lines.map((l) => [l.planCode, l.quantity])).toEqual([
      ["syn-rf", 1],
      ["syn-gr", 2],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.id, first!.orderId!));
    const addOnTotal = lines[1]!.total;
    expect(addOnTotal).toBeGreaterThan(0);
    expect(order!.total).toBe(lines[0]!.total + addOnTotal + order!.shippingAmount);
    const [charge] = await chargesOf(s!.token);
    expect(charge!.amount).toBe(order!.total);
    const [ledger] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.renewalId, first!.id));
    expect(ledger!.amount).toBe(order!.total);
    const [addOn] = await db().select().from(subscriptionAddOns).where(eq(subscriptionAddOns.subscriptionId, s!.id));
    expect(addOn).toMatchObject({ consumedByOrderId: first!.orderId });
    const receipt = (await mailsTo(s!.email)).at(-1)!;
    expect(receipt.text).toMatch(/Also in this shipment, as you asked: 2 × /);

    // The next renewal carries the subscription only.
    at(31 * DAY);
    expect((await drainDueRenewals(shop, { ratePerSecond: 1000 })).outcomes).toMatchObject({ paid: 1 });
    const second = (await renewalsOf(s!.id))[1]!;
    const secondLines = await db().select().from(orderLines).where(eq(orderLines.orderId, second.orderId!));
    expect(secondLines.map((l) => l.planCode)).toEqual(["syn-rf"]);
  });

  it("an add-on added after the renewal was priced (a retry days later) waits for the next order", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "insufficient_funds" });
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect((await renewalsOf(s!.id))[0]).toMatchObject({ status: "retrying" });
    await db().insert(subscriptionAddOns).values({ subscriptionId: s!.id, planCode: "syn-gr", quantity: 1, addedAt: shop.clock.now() });
    const { setSandboxCardBehavior } = await import("../integrations/payments/sandbox");
    await setSandboxCardBehavior(shop, s!.token, "succeed");
    at(DAY);
    expect((await drainDueRenewals(shop, { ratePerSecond: 1000 })).outcomes).toMatchObject({ paid: 1 });
    const [r] = await renewalsOf(s!.id);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, r!.orderId!));
    expect(lines.map((l) => l.planCode)).toEqual(["syn-rf"]);
    const [addOn] = await db().select().from(subscriptionAddOns).where(eq(subscriptionAddOns.subscriptionId, s!.id));
    expect(addOn!.consumedAt).toBeNull();
  });
});
