import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { analyticsEvents, emailOutbox } from "../../db/schema";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { routeDocument } from "../../testing/route-document";
import * as newsletterPage from "../../../app/routes/content/newsletter";
import * as confirmPage from "../../../app/routes/content/newsletter-confirm";
import * as unsubscribePage from "../../../app/routes/content/newsletter-unsubscribe";
import { messageFor } from "../email/send";
import { newsletterStatusOf } from "./index";

/** The newsletter pages' loaders and actions with the real load context (tests/e2e/newsletter.spec.ts renders them). */
const newsletterPages = routeDocument({
  "/newsletter": newsletterPage,
  "/newsletter/confirm": confirmPage,
  "/newsletter/unsubscribe": unsubscribePage,
});

/** Double opt-in, one-click unsubscribe and the form before JavaScript, through the whole app (PGlite and PostgreSQL). */
describe(`newsletter (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-25T12:00:00Z", env: { PUBLIC_URL: "https://shop.test" } });
    app = createApp(shop, { document: newsletterPages });
  });
  afterAll(() => shop.cleanup());

  const signUp = (email: string) =>
    app.request("/api/newsletter", { method: "POST", body: JSON.stringify({ email, path: "/science" }), headers: { "content-type": "application/json" } });

  const emailsTo = (to: string, template: string) =>
    dbOf(shop).select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template))).orderBy(emailOutbox.createdAt);

  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`https://shop\\.test${path}\\?token=([^\\s"&<]+)`).exec(text);
    expect(match, `a ${path} link`).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };

  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(`https://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  async function confirmTokenFor(email: string) {
    const [mail] = (await emailsTo(email, "newsletter-confirm")).slice(-1);
    return tokenIn(mail!.text, "/newsletter/confirm");
  }

  it("a sign-up is pending, not subscribed, and gets a confirmation email with a signed link", async () => {
    const res = await signUp("Pending@Example.com");
    expect(res.status).toBe(200);
    expect(await newsletterStatusOf(shop, "pending@example.com")).toBe("pending");
    const mails = await emailsTo("pending@example.com", "newsletter-confirm");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your Seed newsletter subscription");
    expect(mails[0]!.html).toContain("https://shop.test/newsletter/confirm?token=");
    expect(await emailsTo("pending@example.com", "newsletter-welcome")).toHaveLength(0);
  });

  it("opening the link shows a button and subscribes nothing (mail scanners fetch links); the button's POST confirms", async () => {
    await signUp("confirm@example.com");
    const token = await confirmTokenFor("confirm@example.com");
    const page = await app.request(`https://shop.test/newsletter/confirm?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ link: { ok: true, email: "confirm@example.com", status: "pending" } });
    expect(await newsletterStatusOf(shop, "confirm@example.com")).toBe("pending");

    const done = await form("/newsletter/confirm", { token });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ outcome: { ok: true, email: "confirm@example.com", status: "subscribed" } });
    expect(await newsletterStatusOf(shop, "confirm@example.com")).toBe("subscribed");
    // Confirming again is harmless and sends no second welcome.
    expect((await form("/newsletter/confirm", { token })).status).toBe(200);
    expect(await emailsTo("confirm@example.com", "newsletter-welcome")).toHaveLength(1);
  });

  it("the welcome email is newsletter-type: an unsubscribe link in both parts and the RFC 8058 headers, handed to the mailer", async () => {
    await signUp("welcome@example.com");
    await form("/newsletter/confirm", { token: await confirmTokenFor("welcome@example.com") });
    const [welcome] = await emailsTo("welcome@example.com", "newsletter-welcome");
    const link = tokenIn(welcome!.text, "/newsletter/unsubscribe");
    expect(welcome!.html).toContain("/newsletter/unsubscribe?token=");
    expect(welcome!.headers).toEqual({
      "List-Unsubscribe": `<https://shop.test/newsletter/unsubscribe?token=${encodeURIComponent(link)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(messageFor(shop, welcome as never).headers).toEqual(welcome!.headers);
  });

  it("one-click unsubscribe: a mail client's POST of List-Unsubscribe=One-Click to the header's address, even from another site", async () => {
    await signUp("leave@example.com");
    await form("/newsletter/confirm", { token: await confirmTokenFor("leave@example.com") });
    const [welcome] = await emailsTo("leave@example.com", "newsletter-welcome");
    const header = welcome!.headers!["List-Unsubscribe"]!.slice(1, -1);
    // Opening the link only shows the button.
    expect(await (await app.request(header)).json()).toMatchObject({ link: { ok: true, status: "subscribed" } });
    expect(await newsletterStatusOf(shop, "leave@example.com")).toBe("subscribed");
    const res = await app.request(header, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
    expect(await newsletterStatusOf(shop, "leave@example.com")).toBe("unsubscribed");
    // The old confirmation link cannot undo it.
    const again = await form("/newsletter/confirm", { token: await confirmTokenFor("leave@example.com") });
    expect(again.status).toBe(400);
    expect(await newsletterStatusOf(shop, "leave@example.com")).toBe("unsubscribed");
    // Signing up again starts a fresh confirmation.
    await signUp("leave@example.com");
    expect(await newsletterStatusOf(shop, "leave@example.com")).toBe("pending");
    expect(await emailsTo("leave@example.com", "newsletter-confirm")).toHaveLength(2);
  });

  it("a forged, altered or expired link does nothing and says so (4xx, never 500)", async () => {
    await signUp("forged@example.com");
    const token = await confirmTokenFor("forged@example.com");
    const [payload, mac] = token.split(".");
    for (const bad of ["", "nonsense", `${payload}.${mac!.slice(0, -2)}xx`, `${payload}x.${mac}`, "a".repeat(5000)]) {
      const res = await form("/newsletter/confirm", { token: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ outcome: { ok: false, reason: "invalid" } });
    }
    const wrongPurpose = await form(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {});
    expect(wrongPurpose.status).toBe(400);
    shop.clock.advance(8 * 24 * 60 * 60 * 1000);
    const expired = await form("/newsletter/confirm", { token });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ outcome: { ok: false, reason: "expired" } });
    expect(await newsletterStatusOf(shop, "forged@example.com")).toBe("pending");
  });

  it("a repeated sign-up sends one email per ten minutes; a subscribed address gets none, with the same answer", async () => {
    await signUp("repeat@example.com");
    await signUp("repeat@example.com");
    expect(await emailsTo("repeat@example.com", "newsletter-confirm")).toHaveLength(1);
    shop.clock.advance(11 * 60 * 1000);
    await signUp("repeat@example.com");
    expect(await emailsTo("repeat@example.com", "newsletter-confirm")).toHaveLength(2);
    await form("/newsletter/confirm", { token: await confirmTokenFor("repeat@example.com") });
    shop.clock.advance(11 * 60 * 1000);
    const res = await signUp("repeat@example.com");
    expect(res.status).toBe(200);
    expect(await emailsTo("repeat@example.com", "newsletter-confirm")).toHaveLength(2);
  });

  describe("the form before JavaScript (POST /newsletter)", () => {
    const ALL = encodeURIComponent(JSON.stringify({ C0001: true, C0002: true, C0003: true, C0004: true, C0005: true }));

    it("signs up (pending, email sent), shows the messages, and records Email Submitted on the server with the shopper's consent", async () => {
      const res = await form("/newsletter", { email: "NoJs@Example.com", path: "/science" }, { cookie: `seed_cookie_consent=${ALL}` });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Email in. Thank you.");
      expect(html).toContain("Check your inbox");
      expect(html).toContain('"back":"/science"');
      expect(await newsletterStatusOf(shop, "nojs@example.com")).toBe("pending");
      expect(await emailsTo("nojs@example.com", "newsletter-confirm")).toHaveLength(1);
      const rows = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, "Email Submitted"));
      const row = rows.find((r) => (r.properties as { email?: string }).email === "nojs@example.com");
      expect(row).toMatchObject({ path: "/science", properties: { email: "nojs@example.com", path: "/science", hashedEmail: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    });

    it("without a consent choice the event is not kept (opt-in); with GPC the advertising hash is dropped", async () => {
      await form("/newsletter", { email: "noconsent@example.com", path: "/" });
      await form("/newsletter", { email: "gpc@example.com", path: "/" }, { cookie: `seed_cookie_consent=${ALL}`, "sec-gpc": "1" });
      const rows = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, "Email Submitted"));
      const of = (email: string) => rows.filter((r) => (r.properties as { email?: string }).email === email);
      expect(of("noconsent@example.com")).toHaveLength(0);
      expect(of("gpc@example.com")).toHaveLength(1);
      expect(of("gpc@example.com")[0]!.properties).not.toHaveProperty("hashedEmail");
      expect(await newsletterStatusOf(shop, "noconsent@example.com")).toBe("pending");
    });

    it("an invalid email answers 400 with the catalogue's words; a post from another site is refused", async () => {
      const bad = await form("/newsletter", { email: "not-an-email" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("Kindly enter a valid email address.");
      const cross = await form("/newsletter", { email: "cross@example.com" }, { origin: "https://evil.example" });
      expect(cross.status).toBe(403);
      expect(await newsletterStatusOf(shop, "cross@example.com")).toBeNull();
    });
  });
});

describe(`newsletter page form rate limit (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ env: { RATE_LIMITS: "on" } });
    app = createApp(shop, { document: newsletterPages });
  });
  afterAll(() => shop.cleanup());

  it("the page form shares the API's limit of ten an hour per address, then answers 429 with words", async () => {
    const post = (i: number) =>
      app.request(
        "http://shop.test/newsletter",
        { method: "POST", body: new URLSearchParams({ email: `limit${i}@example.com` }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } },
        { incoming: { socket: { remoteAddress: "198.51.100.7" } } },
      );
    for (let i = 0; i < 10; i++) expect((await post(i)).status).toBe(200);
    const refused = await post(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests");
    expect(await newsletterStatusOf(shop, "limit10@example.com")).toBeNull();
  });
});
