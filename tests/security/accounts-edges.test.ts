import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { emailOutbox } from "../../server/db/schema";
import { readSocialFlow, SOCIAL_FLOW_COOKIE } from "../../server/modules/auth";
import { findOrCreateCustomer } from "../../server/modules/customers";
import { dbOf } from "../../server/shop";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { lastEmailTo, requester, sessionCookieOf } from "../../server/testing/accounts";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";
import { eq } from "drizzle-orm";

/**
 * Issue 24, points 4, 5, 10 and 11: redirects after sign-in that leave the shop, an email change that tells who has an
 * account and mails anyone without limit, CMS button links that look like paths but leave the site, and member routes
 * that validate a stranger's input before asking who they are. Each test failed on the code before the fix.
 */
const ESCAPES = ["/\t/evil.example", "/\\evil.example", "/\n/x", "/\r\n/x", "//evil.example", "https://evil.example", "/.//evil.example"];

describe(`accounts at the edges (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let http: ReturnType<typeof requester>;

  async function member(email: string, ip = "192.0.2.50") {
    const client = requester(app, ip, shop);
    await client.post("/api/auth/register", { email, password: "member-pass" });
    await client.get(new URL((await lastEmailTo(shop, email)).link!).pathname);
    return sessionCookieOf(await client.post("/provider/account/login", { email, password: "member-pass" }));
  }

  beforeAll(async () => {
    shop = await openTestShop({
      env: { PUBLIC_URL: "http://localhost", RATE_LIMITS: "on", GOOGLE_CLIENT_ID: "seed-shop", GOOGLE_CLIENT_SECRET: "x".repeat(24), GOOGLE_ISSUER: "http://127.0.0.1:9/", FACEBOOK_CLIENT_ID: "fb", FACEBOOK_CLIENT_SECRET: "fb-secret" },
    });
    app = createApp(shop);
    http = requester(app, "192.0.2.40", shop);
  });
  afterAll(() => shop.cleanup());

  describe("point 4: the way back after sign-in stays on the shop", () => {
    it("social start keeps only a same-origin path in its flow, and never answers 4xx or 500 for a bad one", async () => {
      for (const redirectTo of [...ESCAPES, "/account/orders?page=2"]) {
        const start = await http.get(`/api/auth/social/facebook/start?${new URLSearchParams({ redirectTo })}`);
        expect(start.status, redirectTo).toBe(302);
        const cookie = start.headers.getSetCookie().find((c) => c.startsWith(`${SOCIAL_FLOW_COOKIE}=`))!.split(";")[0]!.split("=")[1];
        const flow = await readSocialFlow(shop, cookie);
        expect(flow?.redirectTo, redirectTo).toBe(redirectTo === "/account/orders?page=2" ? redirectTo : null);
      }
    });

    it("a magic link carries only a same-origin path back", async () => {
      for (const [i, redirectTo] of ESCAPES.entries()) {
        const email = `magic${i}@example.com`;
        await findOrCreateCustomer(shop, email);
        expect((await requester(app, `192.0.2.${60 + i}`, shop).post("/api/mail/magic", { email, redirectTo })).status, redirectTo).toBe(200);
        const link = new URL((await lastEmailTo(shop, email)).link!);
        expect(link.searchParams.get("redirectTo"), redirectTo).toBeNull();
      }
    });
  });

  describe("point 5: the email change tells nobody which addresses have accounts, and is throttled", () => {
    it("a taken address and a free one get the same answer; the taken one gets a note, not a link", async () => {
      const alice = await member("alice@example.com");
      await member("bob@example.com", "192.0.2.51");
      await findOrCreateCustomer(shop, "guest-buyer@example.com");
      const change = async (email: string) => {
        const res = await requester(app, "192.0.2.52", shop).put("/api/user", { firstName: "Alice", lastName: "A", email }, alice);
        return { status: res.status, body: await res.json() };
      };
      const taken = await change("bob@example.com");
      const guest = await change("guest-buyer@example.com");
      const free = await change("nobody-yet@example.com");
      expect(taken.status).toBe(200);
      expect(taken).toEqual(free);
      expect(guest).toEqual(free);
      const note = await lastEmailTo(shop, "bob@example.com");
      expect(note.subject).toBe("Someone tried to use your email address at Seed");
      expect(note.text).not.toContain("confirmEmail");
      expect((await lastEmailTo(shop, "nobody-yet@example.com")).text).toContain("confirmEmail=");
    });

    it("the 6th change in 15 minutes from one member is refused with 429 and Retry-After, and queues no mail", async () => {
      const carol = await member("carol@example.com", "192.0.2.53");
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await requester(app, `198.51.100.${i + 1}`, shop).put("/api/user", { firstName: "Carol", lastName: "C", email: `probe${i}@example.com` }, carol);
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const queued = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.to, "probe6@example.com"));
      expect(queued).toEqual([]);
    });
  });

  describe("point 10: CMS links are paths of this site, anchors, https or mailto", () => {
    it("the console refuses a button link that looks like a path but leaves the site", async () => {
      const cookie = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await app.request(`/api/console${path}`, { method, headers: { Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
        return { status: res.status, body: (await res.json()) as any };
      };
      const { page } = (await api("GET", "/content/pages/careers")).body;
      for (const link of ["/\\evil.example", "/\t/evil.example", "/.//evil.example", "//evil.example"]) {
        const blocks = [{ type: "button", label: "Go", link }, ...page.blocks];
        const res = await api("POST", "/content/pages/careers/versions", { baseVersion: page.version, title: page.title, intro: page.intro, description: page.description, blocks });
        expect(res.status, JSON.stringify(link)).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
      }
    });
  });

  describe("point 11: authenticate before validating", () => {
    it.each([
      ["GET", "/provider/ecommerce/invoice/1/"],
      ["GET", "/provider/ecommerce/invoice/not-an-id"],
      ["PUT", "/api/user"],
      ["PUT", "/api/shipping-address"],
      ["PUT", "/api/billing"],
      ["PUT", "/api/user/password"],
      ["PUT", "/api/subscription/x/change"],
      ["PUT", "/provider/ecommerce/subscription/billing-date"],
      ["DELETE", "/api/auth/sessions/not-a-uuid"],
    ])("%s %s without a session, with bad input, is 401", async (method, path) => {
      const res = await app.request(path, { method, headers: { "Content-Type": "application/json", Origin: "http://localhost" }, body: method === "GET" || method === "DELETE" ? undefined : "{\"nonsense\":" });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });
});
