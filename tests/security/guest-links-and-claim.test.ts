import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createApp } from "../../server/app";
import { emailOutbox, orders } from "../../server/db/schema";
import { signLink } from "../../server/lib/signed-links";
import { findCustomerByEmail, setReferralShowsName } from "../../server/modules/customers";
import { staffViewOf } from "../../server/modules/email/staff-view";
import { renewalConsentOf } from "../../server/modules/orders";
import { codeOf } from "../../server/modules/referrals";
import { dbOf } from "../../server/shop";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { lastEmailTo, requester, sessionCookieOf } from "../../server/testing/accounts";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";
import { claimAccountOfOrder, invoiceOfLink, invoicePdfOfLink, ORDER_LINK_DAYS, orderOfLink } from "../../server/workflows/guest-links";
import { RENEWAL_TERMS_VERSION } from "../../server/workflows/place-order";
import { priceCart } from "../../server/workflows/price-cart";
import { REFERRAL_PRODUCT_CODE, referralLanding } from "../../server/workflows/referral-landing";
import { describeLink, describeManageLink } from "../../server/workflows/subscription-links";

/**
 * Issue 34, "welcomed after" (ADR 0063): the confirmation email's signed links read one order, its invoice and manage
 * one subscription without a password; staff never see their tokens; a guest claims the account with one email,
 * rate limited like other account mail; the renewal consent is stored with the order; the referral landing names the
 * member only when they allow it.
 */
describe(`guest links, claim, consent and referral landing (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const DAY = 86_400_000;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-03-01T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const confirmationOf = async (orderId: string) => {
    const [row] = await dbOf(shop).select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, `order-confirmation:${orderId}`));
    return row!;
  };
  const linkIn = (text: string, label: string) => text.match(new RegExp(`${label}: (https?://\\S+)`))?.[1] ?? null;
  const tokenIn = (url: string) => new URL(url).searchParams.get("token")!;

  it("the confirmation links the order, its invoice and the subscription's page; each token reads only its own order", async () => {
    const a = await placeTestOrder(app, { email: "guest-a@example.com" });
    const b = await placeTestOrder(app, { email: "guest-b@example.com" });
    const email = await confirmationOf(a.id);
    const orderUrl = linkIn(email.text, "View your order")!;
    const invoiceUrl = linkIn(email.text, "Invoice")!;
    const manageUrl = email.text.match(/Manage it \(skip a shipment, cancel\), no password needed: (\S+)/)?.[1];
    expect(new URL(orderUrl).pathname).toBe("/your-order");
    expect(new URL(invoiceUrl).pathname).toBe("/your-order/invoice");
    expect(manageUrl).toMatch(/\/subscription-link\?action=manage&token=/);
    expect(email.html).toContain("Create your account");

    const token = tokenIn(orderUrl);
    expect((await orderOfLink(shop, token)).number).toBe(a.number);
    expect((await invoiceOfLink(shop, token)).number).toBe(a.number);
    const pdf = await invoicePdfOfLink(shop, token);
    expect(Buffer.from(pdf.pdf.subarray(0, 5)).toString()).toBe("%PDF-");

    // Order B's id under A's signature: the signature covers the subject, so the token is refused, never B's order.
    const [payloadA, macA] = token.split(".");
    const payloadB = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payloadA!, "base64url").toString()), s: b.id })).toString("base64url");
    await expect(orderOfLink(shop, `${payloadB}.${macA}`)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });

    // A read-only order token neither manages nor cancels a subscription; a manage token reads no order.
    await expect(describeLink(shop, "cancel", token)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(describeManageLink(shop, token)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const manageToken = tokenIn(manageUrl!);
    await expect(orderOfLink(shop, manageToken)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const view = await describeManageLink(shop, manageToken);
    expect(view).toMatchObject({ status: "active" });
    expect(view.nextCharge).toMatch(/^\$[\d.,]+ on /);
    expect(view.skipPath).toMatch(/^\/subscription-link\?action=skip&token=/);
    expect(view.cancelPath).toMatch(/^\/subscription-link\?action=cancel&token=/);
  });

  it("the staff view of the confirmation hides every token of its links", async () => {
    const order = await placeTestOrder(app, { email: "guest-staff@example.com" });
    const email = await confirmationOf(order.id);
    const tokens = [...email.text.matchAll(/token=([^&\s#]+)/g)].map((m) => decodeURIComponent(m[1]!));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const view = staffViewOf({ template: email.template, subject: email.subject, text: email.text, html: email.html });
    for (const token of tokens) {
      expect(view.text).not.toContain(token);
      expect(view.html).not.toContain(token);
      expect(view.html).not.toContain(encodeURIComponent(token));
    }
    expect(view.text).toContain("View your order");
  });

  it("the claim sends one set-password email to a new guest, a sign-in link to an address with a password, and is rate limited", async () => {
    // The shop's limits as in production (tests otherwise run with RATE_LIMITS=off), in a shop of its own.
    const shop = await openTestShop({ now: "2027-03-01T12:00:00Z", env: { RATE_LIMITS: "on" } });
    const app = createApp(shop);
    onTestFinished(() => shop.cleanup());
    const client = { ip: "192.0.2.90", userAgent: "test", origin: "http://shop.test" };
    const order = await placeTestOrder(app, { email: "claim-guest@example.com" });
    const before = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.to, "claim-guest@example.com"));
    shop.clock.advance(1000);
    expect(await claimAccountOfOrder(shop, { id: order.id, email: "claim-guest@example.com" }, client)).toBe("set_password");
    const after = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.to, "claim-guest@example.com"));
    expect(after.length - before.length).toBe(1);
    expect((await lastEmailTo(shop, "claim-guest@example.com")).template).toBe("account-set_password");

    // The account emails' limit per (account, address): 5 in 15 minutes, then 429.
    for (let i = 0; i < 4; i++) await claimAccountOfOrder(shop, { id: order.id, email: "claim-guest@example.com" }, client);
    await expect(claimAccountOfOrder(shop, { id: order.id, email: "claim-guest@example.com" }, client)).rejects.toMatchObject({ code: "RATE_LIMITED" });

    // An address that already has a password gets a sign-in link instead (its held order is claimed by opening it).
    const http = requester(app, "192.0.2.91", shop);
    await http.post("/api/auth/register", { email: "claim-member@example.com", password: "member-secret-1" });
    await http.get(new URL((await lastEmailTo(shop, "claim-member@example.com")).link!).pathname);
    const memberCookie = sessionCookieOf(await http.post("/provider/account/login", { email: "claim-member@example.com", password: "member-secret-1" }));
    // The member's own signed-in order links the order but does not offer an account they have.
    const own = await placeTestOrder(app, { email: "claim-member@example.com", cookie: memberCookie });
    const [ownMail] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, `order-confirmation:${own.id}`));
    expect(ownMail!.text).toContain("View your order: ");
    expect(ownMail!.html).not.toContain("Create your account");
    shop.clock.advance(5 * 60_000); // past the duplicate-order guard (same email and cart within minutes)
    const held = await placeTestOrder(app, { email: "claim-member@example.com" });
    shop.clock.advance(1000);
    expect(await claimAccountOfOrder(shop, { id: held.id, email: "claim-member@example.com" }, { ...client, ip: "192.0.2.92" })).toBe("sign_in");
    const mail = await lastEmailTo(shop, "claim-member@example.com");
    expect(mail.template).toBe("account-magic_link");
    expect(mail.link).toContain("redirectTo=%2Faccount%2Forders");
  });

  it("the renewal consent is written once, with the order that starts a subscription, and not for a one-time order", async () => {
    const sub = await placeTestOrder(app, { email: "consent@example.com" });
    const consent = await renewalConsentOf(dbOf(shop), sub.id);
    const [row] = await dbOf(shop).select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, sub.id));
    expect(consent).toEqual({ at: row!.createdAt, termsVersion: RENEWAL_TERMS_VERSION });
    expect(RENEWAL_TERMS_VERSION).toMatch(/^v1-[0-9a-f]{16}$/);
    const oneTime = await placeTestOrder(app, { email: "consent-once@example.com", items: { "syn-gr": 1 } });
    expect(await renewalConsentOf(dbOf(shop), oneTime.id)).toBeNull();
    const rows = await dbOf(shop).select({ id: orders.id }).from(orders).where(and(eq(orders.email, "consent@example.com")));
    expect(rows).toHaveLength(1);

    // Staff see it on the order's console page.
    const staff = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    const detail = (await (await app.request(`/api/console/orders/${sub.number}`, { headers: { Cookie: staff } })).json()) as { renewalConsent: unknown };
    expect(detail.renewalConsent).toEqual({ at: row!.createdAt.toISOString(), termsVersion: RENEWAL_TERMS_VERSION });
    const once = (await (await app.request(`/api/console/orders/${oneTime.number}`, { headers: { Cookie: staff } })).json()) as { renewalConsent: unknown };
    expect(once.renewalConsent).toBeNull();
  });

  it("the referral landing prices the product as checkout does, and names the member only when they allow it", async () => {
    await placeTestOrder(app, { email: "referrer-name@example.com", firstName: "Ann" });
    const referrer = (await findCustomerByEmail(dbOf(shop), "referrer-name@example.com"))!;
    const code = await codeOf(dbOf(shop), referrer.id, shop.clock.now());
    const landing = (await referralLanding(shop, code, "US"))!;
    expect(landing.referrerFirstName).toBeNull();
    const checkout = await priceCart(shop, { items: { [REFERRAL_PRODUCT_CODE]: 1 }, couponCodes: ["FRIEND15"], country: "US", customerId: null, shopperId: null, isFirstOrder: true });
    expect(landing.friendPrice).toBe(checkout.quote.subtotal - checkout.quote.discountTotal);
    expect(landing.friendPrice).toBeLessThan(landing.listPrice);
    expect(landing.product.name).toMatch(/DS-01/);

    await setReferralShowsName(dbOf(shop), referrer.id, true);
    expect((await referralLanding(shop, code, "US"))!.referrerFirstName).toBe("Ann");
    await setReferralShowsName(dbOf(shop), referrer.id, false);
    expect((await referralLanding(shop, code, "US"))!.referrerFirstName).toBeNull();
    expect(await referralLanding(shop, "ZZZZZZZZ", "US")).toBeNull();
  });
  // Last: it moves the shop's clock 400 days on.
  it("an order link works for its validity and not a day after", async () => {
    const order = await placeTestOrder(app, { email: "guest-expiry@example.com" });
    const token = tokenIn(linkIn((await confirmationOf(order.id)).text, "View your order")!);
    shop.clock.advance((ORDER_LINK_DAYS - 1) * DAY);
    expect((await orderOfLink(shop, token)).id).toBe(order.id);
    shop.clock.advance(2 * DAY);
    await expect(orderOfLink(shop, token)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // A token that was never signed by the shop reads nothing.
    const forged = signLink("another-secret-entirely-32-characters", { purpose: "order", subject: order.id, scope: null, expiresAt: new Date(shop.clock.now().getTime() + DAY) });
    await expect(orderOfLink(shop, forged)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

});
