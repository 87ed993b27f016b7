import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planPrices, renewalAttempts, renewals, sandboxTokens, subscriptionCancellations, subscriptions, paymentMethods } from "../db/schema";
import { PAYMENT_FAILED_REASON } from "../modules/subscriptions";
import { completeSandboxAuthentication, setSandboxCardBehavior } from "../integrations/payments/sandbox";
import { verifyLink } from "../lib/signed-links";
import { sendDueEmails } from "../modules/email";
import { agreePrice } from "../modules/renewals";
import { dbOf } from "../shop";
import { parseMail, startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { drainDueRenewals, retryWithNewCard, settleAuthenticatedRenewal } from "./renew-subscription";
import { sendPriceNotices, sendRenewalReminders } from "./send-renewal-reminders";

const DAY = 86_400_000;
const T0 = "2027-03-01T10:00:00Z";

describe(`dunning and reminders by moving the clock, emails through a real SMTP peer (${testDriver()})`, () => {
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

  const deliver = async () => {
    await sendDueEmails(shop);
    return peer.received.map((m) => {
      const mail = parseMail(m.raw);
      return { to: m.to[0], ...mail, subject: subjectOf(mail.headers) };
    });
  };
  const mailsTo = async (email: string) => (await deliver()).filter((m) => m.to === email);
  const sub = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const renewal = async (id: string) => (await db().select().from(renewals).where(eq(renewals.subscriptionId, id)))[0]!;
  const attempts = async (renewalId: string) => db().select().from(renewalAttempts).where(eq(renewalAttempts.renewalId, renewalId)).orderBy(renewalAttempts.number);
  const sweepAt = async (at: number) => {
    shop.clock.set(new Date(new Date(T0).getTime() + at));
    return drainDueRenewals(shop, { ratePerSecond: 1000 });
  };
  const linkIn = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  it("a soft decline is retried on day 1 and 3; funds arrive and the renewal is paid, the subscription active again", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "insufficient_funds" });
    await sweepAt(0);
    let r = await renewal(s!.id);
    expect(r).toMatchObject({ status: "retrying", attempts: 1, lastDeclineKind: "soft", lastDeclineCode: "insufficient_funds" });
    expect(r.nextAttemptAt!.getTime()).toBe(new Date(T0).getTime() + DAY);
    expect((await sub(s!.id)).status).toBe("past_due");
    const [mail] = await mailsTo(s!.email);
    expect(mail!.subject).toMatch(/^We could not charge your card/);
    expect(mail!.text).toMatch(/insufficient funds/);
    const update = linkIn(mail!.text, "Update my card");
    expect(update).toMatch(/^https:\/\/shop\.example\/subscription-link\?action=update-card&token=/);
    expect(verifyLink(shop.env.SESSION_SECRET, tokenOf(update), "update-card", shop.clock.now())).toMatchObject({ ok: true, link: { subject: s!.id } });

    await sweepAt(DAY / 2); // not yet
    expect((await renewal(s!.id)).attempts).toBe(1);
    await sweepAt(DAY);
    expect((await renewal(s!.id)).attempts).toBe(2);
    await setSandboxCardBehavior(shop, s!.token, "succeed");
    await sweepAt(3 * DAY);
    r = await renewal(s!.id);
    expect(r).toMatchObject({ status: "paid", attempts: 3 });
    expect((await sub(s!.id)).status).toBe("active");
    expect((await sub(s!.id)).nextBillingAt.toISOString()).toBe("2027-04-01T10:00:00.000Z");
    expect((await attempts(r.id)).map((a) => a.outcome)).toEqual(["declined", "declined", "succeeded"]);
    const mails = await mailsTo(s!.email);
    expect(mails.at(-1)!.subject).toMatch(/^Your renewal SD-\d+ is on its way$/);
  });

  it("after the last soft decline (day 7) the subscription is cancelled with a reason and an email; never a 6th try", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "processing_error" });
    for (const day of [0, 1, 3, 5, 7, 9, 30]) await sweepAt(day * DAY);
    const r = await renewal(s!.id);
    expect(r.status).toBe("canceled");
    expect((await attempts(r.id)).map((a) => a.at.toISOString().slice(0, 10))).toEqual(["2027-03-01", "2027-03-02", "2027-03-04", "2027-03-06", "2027-03-08"]);
    expect(await sub(s!.id)).toMatchObject({ status: "canceled", cancelReason: "payment_failed" });
    const mails = await mailsTo(s!.email);
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((x) => x!.startsWith("We could not charge"))).toHaveLength(4);
    // The portal's cancellation email, saying why; the cancellation is in the portal's record (via "dunning").
    expect(subjects.at(-1)).toBe("Your Seed subscription has been canceled");
    expect(mails.at(-1)!.text).toMatch(/We could not collect the payment for your renewal/);
    const record = await db().select().from(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, s!.id));
    expect(record).toMatchObject([{ via: "dunning", reasonText: PAYMENT_FAILED_REASON, reactivatedAt: null }]);
  });

  it("a hard decline is never retried; a new card retries at once", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "stolen_card" });
    await sweepAt(0);
    await sweepAt(1 * DAY);
    await sweepAt(3 * DAY);
    let r = await renewal(s!.id);
    expect(r).toMatchObject({ status: "card_needed", attempts: 1, lastDeclineKind: "hard" });
    expect((await mailsTo(s!.email))[0]!.text).toMatch(/cannot try this card again/);
    // The customer adds a working card.
    await db().insert(sandboxTokens).values({ token: `${s!.token}_new`, brand: "visa", last4: "1111", expMonth: 1, expYear: 2031, behavior: "succeed", createdAt: shop.clock.now() });
    const [method] = await db().insert(paymentMethods).values({ customerId: s!.customerId, gateway: "sandbox", token: `${s!.token}_new`, brand: "visa", last4: "1111", expMonth: 1, expYear: 2031, createdAt: shop.clock.now() }).returning();
    expect(await retryWithNewCard(shop, s!.id, method!.id)).toBe("paid");
    r = await renewal(s!.id);
    expect(r).toMatchObject({ status: "paid", attempts: 2 });
    expect(await sub(s!.id)).toMatchObject({ status: "active", paymentMethodId: method!.id });
  });

  it("a hard decline without a new card cancels after 7 days", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "expired_card" });
    await sweepAt(0);
    await sweepAt(6 * DAY);
    expect((await sub(s!.id)).status).toBe("past_due");
    await sweepAt(7 * DAY);
    expect(await sub(s!.id)).toMatchObject({ status: "canceled", cancelReason: "payment_failed" });
  });

  it("a renewal that needs authentication sends a confirm link; once confirmed it is paid", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0), card: "authentication_required" });
    await sweepAt(0);
    const r = await renewal(s!.id);
    expect(r.status).toBe("action_needed");
    const [mail] = await mailsTo(s!.email);
    expect(mail!.subject).toMatch(/^Please confirm your payment/);
    const check = verifyLink(shop.env.SESSION_SECRET, tokenOf(linkIn(mail!.text, "Confirm my payment")), "confirm-payment", shop.clock.now());
    expect(check).toMatchObject({ ok: true, link: { subject: r.id } });
    expect(await settleAuthenticatedRenewal(shop, r.id)).toBe("action_needed");
    await completeSandboxAuthentication(shop, r.chargeId!, true);
    expect(await settleAuthenticatedRenewal(shop, r.id)).toBe("paid");
    expect(await settleAuthenticatedRenewal(shop, r.id)).toBe("skipped");
    expect((await sub(s!.id)).status).toBe("active");
  });

  it("the reminder goes 3 days before, once, with what ships, when, for how much and three signed one-click links", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(new Date(T0).getTime() + 3 * DAY - 3_600_000), quantity: 2 });
    const [later] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(new Date(T0).getTime() + 3 * DAY + 3_600_000) });
    await sendRenewalReminders(shop);
    await sendRenewalReminders(shop);
    const mails = await deliver();
    expect(mails.filter((m) => m.to === later!.email)).toHaveLength(0);
    const mine = mails.filter((m) => m.to === s!.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toMatch(/On March 4, 2027 we will charge \$99\.98 to your saved card and ship 2 × /);
    for (const [label, purpose] of [["Skip this shipment", "skip"], ["Manage my subscription", "manage"], ["Cancel my subscription", "cancel"]] as const) {
      const check = verifyLink(shop.env.SESSION_SECRET, tokenOf(linkIn(mine[0]!.text, label)), purpose, shop.clock.now());
      expect(check).toMatchObject({ ok: true, link: { subject: s!.id } });
    }
    const skip = verifyLink(shop.env.SESSION_SECRET, tokenOf(linkIn(mine[0]!.text, "Skip this shipment")), "skip", shop.clock.now());
    expect(skip.ok && skip.link.scope).toBe("2027-03-04");
  });

  it("a price change is noticed by email and charged only from the first renewal 7+ days after the notice", async () => {
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(new Date(T0).getTime() + 5 * DAY), planCode: "vs-rf", productCode: "vs-rf" });
    await agreePrice(db(), s!.id, 3999, "USD", shop.clock.now());
    await db().update(planPrices).set({ amount: 4299 }).where(and(eq(planPrices.planCode, "vs-rf"), eq(planPrices.currency, "USD")));
    try {
      expect(await sendPriceNotices(shop)).toBeGreaterThanOrEqual(1);
      expect(await sendPriceNotices(shop)).toBe(0);
      const [notice] = await mailsTo(s!.email);
      expect(notice!.text).toMatch(/changes from \$39\.99 to \$42\.99/);
      expect(notice!.text).toMatch(/until April 6, 2027/);
      await sweepAt(5 * DAY);
      expect((await renewal(s!.id)).amount).toBe(3999);
      await sweepAt(36 * DAY); // April 6: the next period
      const all = await db().select().from(renewals).where(eq(renewals.subscriptionId, s!.id)).orderBy(renewals.dueAt);
      expect(all.map((x) => [x.period, x.amount])).toEqual([["2027-03-06", 3999], ["2027-04-06", 4299]]);
    } finally {
      await db().update(planPrices).set({ amount: 3999 }).where(and(eq(planPrices.planCode, "vs-rf"), eq(planPrices.currency, "USD")));
    }
  });
});

/** The Subject header, with RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) decoded. */
function subjectOf(headers: string): string {
  const raw = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
  return raw
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, body: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(body, "base64").toString("utf8")
        : Buffer.from(body.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
    );
}
