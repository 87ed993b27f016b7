import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { ledgerEntries, paymentEvents, paymentMethods, payments, renewals, subscriptions } from "../../db/schema";
import { dbOf } from "../../shop";
import { startStripeStandIn, type StandInCard, type StripeStandIn } from "../../testing/stripe-stand-in";
import { seedSubscriptions } from "../../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { processPaymentEvents } from "../../workflows/process-payment-events";
import { reconcileLedger } from "../../workflows/reconcile-ledger";
import { refundRenewal } from "../../workflows/refund-renewal";
import { drainDueRenewals } from "../../workflows/renew-subscription";
import { gatewayOf } from ".";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";

describe(`Stripe adapter against a local stand-in (${testDriver()})`, () => {
  let shop: TestShop;
  let stripe: StripeStandIn;
  let app: ReturnType<typeof createApp>;
  let webhook: string;
  let server: { close(): void };
  const db = () => dbOf(shop);

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    shop = await openTestShop({
      now: "2027-05-01T08:00:00Z",
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_PUBLISHABLE_KEY: "pk_test_standin", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
    });
    app = createApp(shop);
    // The webhook is posted over real HTTP, as Stripe would.
    const { serve } = await import("@hono/node-server");
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
        webhook = `http://127.0.0.1:${info.port}/api/payments/stripe/webhook`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    server.close();
    await shop.cleanup();
    await stripe.close();
  });

  /** A subscription whose saved card is a Stripe PaymentMethod, saved at checkout on a Stripe Customer. */
  async function stripeSubscription(card: StandInCard) {
    const pm = stripe.paymentMethod("succeed");
    const auth = await gatewayOf(shop).authorize({ token: pm, amount: 5999, currency: "USD", idempotencyKey: `checkout-${pm}` });
    expect(auth.status).toBe("authorized");
    if (auth.status === "authorized") await gatewayOf(shop).capture(auth.chargeId);
    stripe.setBehavior(pm, card);
    const [s] = await seedSubscriptions(shop, { count: 1, nextBillingAt: shop.clock.now() });
    await db().update(paymentMethods).set({ token: pm, gateway: "stripe" }).where(eq(paymentMethods.customerId, s!.customerId));
    return { ...s!, pm };
  }
  const renewalOf = async (subId: string) => (await db().select().from(renewals).where(eq(renewals.subscriptionId, subId)))[0]!;

  it("checkout: describes the card, authorizes with manual capture and the shop's key, captures; a retry with the key answers the same intent", async () => {
    const pm = stripe.paymentMethod("succeed", "1881");
    expect(await gatewayOf(shop).describe(pm)).toEqual({ brand: "visa", last4: "1881", expMonth: 12, expYear: 2034, fingerprint: "fp1881" });
    expect(await gatewayOf(shop).describe("pm_missing")).toBeNull();
    const a = await gatewayOf(shop).authorize({ token: pm, amount: 4999, currency: "USD", idempotencyKey: "order:abc:1" });
    const b = await gatewayOf(shop).authorize({ token: pm, amount: 4999, currency: "USD", idempotencyKey: "order:abc:1" });
    expect(a).toEqual(b);
    expect(a.status).toBe("authorized");
    const id = (a as { chargeId: string }).chargeId;
    expect(stripe.intents.get(id)).toMatchObject({ capture_method: "manual", status: "requires_capture" });
    expect(stripe.requests.filter((r) => r.path === "/v1/payment_intents" && r.idempotencyKey === "order:abc:1")).toHaveLength(2);
    await gatewayOf(shop).capture(id);
    expect(await gatewayOf(shop).retrieveCharge(id)).toMatchObject({ status: "captured", amount: 4999, amountRefunded: 0, currency: "USD" });
    const declined = await gatewayOf(shop).authorize({ token: stripe.paymentMethod("insufficient_funds"), amount: 4999, currency: "USD", idempotencyKey: "order:def:1" });
    expect(declined).toMatchObject({ status: "declined", code: "insufficient_funds" });
  });

  /** What Stripe.js's card frame posts with the publishable key: the card becomes a PaymentMethod (or a 402 card_error). */
  async function browserPaymentMethod(number: string) {
    const body = new URLSearchParams({ type: "card", key: "pk_test_standin", "card[number]": number, "card[exp_month]": "12", "card[exp_year]": "2030", "card[cvc]": "123" });
    const res = await fetch(`${stripe.url}/v1/payment_methods`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
    return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: string } } };
  }

  async function purchase(token: string, key = crypto.randomUUID()) {
    const body = { email: `stripe-${key}@example.com`, shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" }, items: { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true };
    const res = await app.request("/api/purchase", { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string; order?: { id: string } } };
  }

  it("POST /api/purchase takes the pm_... Stripe.js made from Stripe's test numbers: 4242 is ordered, 0002 declined, 3155 asks for another card", async () => {
    expect(await browserPaymentMethod("4242424242424241")).toMatchObject({ status: 402, body: { error: { code: "incorrect_number" } } });
    // Only PaymentMethods may be made with the publishable key.
    expect((await fetch(`${stripe.url}/v1/customers`, { method: "POST", body: new URLSearchParams({ key: "pk_test_standin" }) })).status).toBe(401);

    const ok = await browserPaymentMethod("4242424242424242");
    const bought = await purchase(ok.body.id!);
    expect(bought.status).toBe(201);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, bought.body.order!.id));
    expect(stripe.intents.get(payment!.gatewayChargeId!)).toMatchObject({ capture_method: "manual", payment_method: ok.body.id, status: "succeeded" });

    const declined = await purchase((await browserPaymentMethod("4000000000000002")).body.id!);
    expect(declined).toMatchObject({ status: 402, body: { code: "PAYMENT_DECLINED", message: "Your card was declined." } });
    const needsAuth = await purchase((await browserPaymentMethod("4000002500003155")).body.id!);
    expect(needsAuth).toMatchObject({ status: 402, body: { code: "PAYMENT_DECLINED", message: expect.stringMatching(/confirm this payment.*use another card/) } });
  });

  it("checkout: a card that needs 3-D Secure is declined as authentication_required and its intent released (ADR 0019)", async () => {
    const result = await gatewayOf(shop).authorize({ token: stripe.paymentMethod("authentication_required"), amount: 4999, currency: "USD", idempotencyKey: "order:3ds:1" });
    expect(result).toMatchObject({ status: "declined", code: "authentication_required" });
    const intent = [...stripe.intents.values()].find((pi) => stripe.requests.some((r) => r.idempotencyKey === `cancel:${pi.id}`));
    expect(intent?.status).toBe("canceled");
  });

  it("renews off-session, refunds, and the ledger reconciles with Stripe's records", async () => {
    const s = await stripeSubscription("succeed");
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    const r = await renewalOf(s.id);
    expect(r).toMatchObject({ status: "paid", amount: 4999 });
    expect(stripe.intents.get(r.chargeId!)).toMatchObject({ status: "succeeded", amount: 4999, customer: expect.stringMatching(/^cus_/) });
    await refundRenewal(shop, r.id, 1000, "goodwill-1");
    await refundRenewal(shop, r.id, 1000, "goodwill-1"); // the same refund again: once
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, s.id));
    expect(ledger.map((l) => [l.kind, l.amount]).sort()).toEqual([["charge", 4999], ["refund", -1000]].sort());
    expect((await reconcileLedger(shop)).mismatches).toBe(0);
    // A refund made at Stripe behind the ledger's back is found.
    const { stripeClient } = await import("./stripe");
    await stripeClient({ secretKey: "sk_test_standin", apiBase: stripe.url }).refunds.create({ payment_intent: r.chargeId!, amount: 500 });
    const report = await reconcileLedger(shop);
    expect(report.mismatches).toBe(1);
  });

  it("soft and hard declines follow dunning", async () => {
    const soft = await stripeSubscription("insufficient_funds");
    const hard = await stripeSubscription("stolen_card");
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(await renewalOf(soft.id)).toMatchObject({ status: "retrying", lastDeclineCode: "insufficient_funds", lastDeclineKind: "soft" });
    expect(await renewalOf(hard.id)).toMatchObject({ status: "card_needed", lastDeclineCode: "stolen_card", lastDeclineKind: "hard" });
  });

  it("requires_action: the customer authenticates, Stripe's signed webhook is stored once (a replay is not worked twice) and a job pays the renewal", async () => {
    const s = await stripeSubscription("authentication_required");
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    const r = await renewalOf(s.id);
    expect(r.status).toBe("action_needed");
    const pi = stripe.authenticate(r.chargeId!);

    const forged = await fetch(webhook, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" }, body: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: pi } }) });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "VALIDATION_ERROR" });

    const first = await stripe.sendEvent(webhook, WEBHOOK_SECRET, "payment_intent.succeeded", pi);
    expect(first.response.status).toBe(200);
    expect(await first.response.json()).toEqual({ received: true, replay: false });
    // Only stored: nothing paid until the job works it.
    expect((await renewalOf(s.id)).status).toBe("action_needed");
    const replay = await stripe.sendEvent(webhook, WEBHOOK_SECRET, "payment_intent.succeeded", pi, first.eventId);
    expect(await replay.response.json()).toEqual({ received: true, replay: true });
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, first.eventId))).toHaveLength(1);

    expect(await processPaymentEvents(shop)).toBeGreaterThanOrEqual(1);
    expect(await renewalOf(s.id)).toMatchObject({ status: "paid" });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, s.id)))[0]!.status).toBe("active");
    expect(await processPaymentEvents(shop)).toBe(0);
  });
});
