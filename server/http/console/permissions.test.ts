import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, CONSOLE_PAGES, PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from "../../../domain/console-access";
import { createApp } from "../../app";
import { auditLog, contentPages, emailOutbox } from "../../db/schema";
import { readSession, SESSION_COOKIE, startSession } from "../../modules/auth";
import { findOrCreateCustomer } from "../../modules/customers";
import { insertReferral } from "../../modules/referrals";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";
import { seedSubscriptions } from "../../testing/subscriptions";
import { createConsoleApi } from "./index";
import { ingestImage } from "../../modules/media";
import { samplePhoto } from "../../testing/media-files";

/**
 * The permission walker: every console endpoint (read from the console's OpenAPI document, so a new endpoint is
 * walked without editing this file) and every console page refuses a signed-out visitor, a shopper's session and
 * each role without its permission; every action leaves an audit entry.
 */
type Operation = { method: string; path: string; access: string };

const operations: Operation[] = Object.entries(createConsoleApi().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "c", version: "1" } }).paths ?? {}).flatMap(
  ([path, item]) =>
    Object.entries(item as Record<string, { "x-permission"?: string }>).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op["x-permission"] ?? "MISSING" })),
);

const PUBLIC = ["POST /auth/sign-in", "POST /auth/setup"];
const ANY_STAFF = ["GET /auth/me", "POST /auth/sign-out"];

// The walk grows with every endpoint and signs in four roles (scrypt): it gets more than the default 30 s.
describe(`console permissions (${testDriver()})`, { timeout: 600_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const cookies = {} as Record<StaffRole, string>;
  let customerCookie = "";
  let fixtures: Record<string, string> = {};

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    const order = await placeTestOrder(app, { email: "walker@example.com", firstName: "Grace", lastName: "Hopper" });
    const customer = await findOrCreateCustomer(shop, "walker@example.com");
    const session = await startSession(shop, customer);
    customerCookie = `${SESSION_COOKIE}=${session.token}`;
    const [failed] = await dbOf(shop)
      .insert(emailOutbox)
      .values({ to: "x@example.com", subject: "s", text: "t", html: "h", template: "test", idempotencyKey: "walker-failed", status: "failed", createdAt: shop.clock.now() })
      .returning({ id: emailOutbox.id });
    const [subscription] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(shop.clock.now().getTime() + 20 * 86_400_000) });
    const [due] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(shop.clock.now().getTime() - 3_600_000) });
    const image = await ingestImage(shop, { bytes: await samplePhoto(400, 300), filename: "walker.jpg", alt: "The walker's picture", source: "upload" });
    fixtures = { number: order.number, id: customer.id, code: "WELCOME10", name: "data-redesign", emailId: failed!.id, subscription: subscription!.id, subscriptionEmail: subscription!.email, dueSubscription: due!.id, orderId: order.id, hash: image.hash };
    for (const role of STAFF_ROLES) cookies[role] = await signInTestStaff(app, shop, await createTestStaff(shop, role));
  }, 240_000);
  afterAll(() => shop.cleanup());

  const newCustomerSessionId = async () => {
    const { token } = await startSession(shop, await findOrCreateCustomer(shop, "walker@example.com"));
    return (await readSession(shop, token))!.sessionId;
  };

  function urlOf(op: Operation, params: Record<string, string> = {}): string {
    const values: Record<string, string> = { number: fixtures.number!, id: op.path.startsWith("/emails") ? fixtures.emailId! : op.path.startsWith("/subscriptions") ? fixtures.subscription! : fixtures.id!, code: fixtures.code!, name: fixtures.name!, routeName: "careers", version: "1", hash: fixtures.hash!, sessionId: "00000000-0000-4000-8000-000000000000", ...params };
    return `/api/console${op.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(values[key]!))}`;
  }

  // A sample's FormData (the media upload) goes as multipart; every other body as JSON.
  const call = (op: Operation, cookie: string | null, body: unknown = {}, params?: Record<string, string>) =>
    app.request(urlOf(op, params), {
      method: op.method,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(op.method === "GET" || body instanceof FormData ? {} : { "Content-Type": "application/json" }) },
      body: op.method === "GET" ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });

  it("finds the endpoints, and each names a permission of the table (or is one of the two public ones)", () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (op.access === "public") expect(PUBLIC).toContain(key);
      else if (op.access === "signed-in") expect(ANY_STAFF).toContain(key);
      else expect(Object.keys(PERMISSIONS), key).toContain(op.access);
    }
  });

  it("every endpoint refuses a signed-out visitor and a shopper's session (401), and each role without its permission (403)", async () => {
    for (const op of operations.filter((o) => o.access !== "public")) {
      const key = `${op.method} ${op.path}`;
      expect((await call(op, null)).status, `${key} signed out`).toBe(401);
      expect((await call(op, customerCookie)).status, `${key} as a shopper`).toBe(401);
      if (op.access === "signed-in") continue;
      for (const role of STAFF_ROLES.filter((r) => !can(r, op.access as Permission))) {
        const res = await call(op, cookies[role]);
        expect(res.status, `${key} as ${role}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
      }
    }
  });

  it("every role holding a read permission can read", async () => {
    for (const op of operations.filter((o) => o.method === "GET" && o.access in PERMISSIONS)) {
      for (const role of STAFF_ROLES.filter((r) => can(r, op.access as Permission))) {
        expect((await call(op, cookies[role])).status, `${op.method} ${op.path} as ${role}`).toBe(200);
      }
    }
  });

  /** The careers page as published now, for the content samples (ADR 0041). */
  const careersPage = async () => (await dbOf(shop).select().from(contentPages).where(eq(contentPages.routeName, "careers")))[0]!;

  /** A valid request for each action; a new action without a sample fails the next test. */
  const ACTIONS: Record<string, () => Promise<{ body?: unknown; params?: Record<string, string> }>> = {
    "POST /orders/{number}/shipments": async () => ({ body: { carrier: "ups", trackingNumber: "1Z999AA10123456784" } }),
    "POST /orders/{number}/confirmation": async () => ({ body: {} }),
    "POST /subscriptions/{id}/charge-now": async () => ({ params: { id: fixtures.dueSubscription! }, body: { reason: "Walker: missed renewal" } }),
    "POST /subscriptions/{id}/pause": async () => ({ params: { id: fixtures.subscription! }, body: { months: 1, reason: "Walker: travelling" } }),
    "POST /subscriptions/{id}/skip": async () => ({ params: { id: fixtures.subscription! }, body: { reason: "Walker: too much left" } }),
    "POST /subscriptions/{id}/cancel": async () => ({ params: { id: fixtures.subscription! }, body: { reason: "Walker: asked by phone", confirmation: fixtures.subscriptionEmail! } }),
    "POST /orders/{number}/refunds": async () => ({ body: { amount: 100, confirmedAmount: 100, reason: "Walker refund", idempotencyKey: randomUUID() } }),
    "POST /customers/{id}/sessions/{sessionId}/revoke": async () => ({ params: { sessionId: await newCustomerSessionId() } }),
    "PUT /customers/{id}/fraud-status": async () => ({ body: { fraudulentStatus: "suspected fraud" } }),
    "POST /customers/{id}/notes": async () => ({ body: { body: "Walker: called about a parcel" } }),
    "POST /coupons": async () => ({ body: { code: "WALKER5", type: "percent", value: 5 } }),
    "PUT /coupons/{code}": async () => ({ body: { type: "percent", value: 12 } }),
    "POST /emails/{id}/requeue": async () => ({}),
    "POST /emails/{id}/resend": async () => ({ body: {} }),
    "PUT /flags/{name}": async () => ({ body: { enabled: true } }),
    "POST /staff": async () => ({ body: { email: "invited@seed.test", role: "support" } }),
    "POST /auth/sign-out": async () => ({}),
    "POST /content/pages/{routeName}/versions": async () => {
      const page = await careersPage();
      return { body: { baseVersion: page.version, title: page.title, intro: "Walker: a published edit.", description: page.description, blocks: page.blocks } };
    },
    "POST /content/pages/{routeName}/versions/{version}/restore": async () => {
      // Version 1 (the content file's) enters the history with the first publish; make sure there was one.
      let page = await careersPage();
      if (page.version === 1) {
        await app.request("/api/console/content/pages/careers/versions", { method: "POST", headers: { Cookie: cookies.owner, "Content-Type": "application/json" }, body: JSON.stringify({ baseVersion: 1, title: page.title, intro: "Walker: first edit.", description: page.description, blocks: page.blocks }) });
        page = await careersPage();
      }
      return { params: { version: "1" }, body: { baseVersion: page.version } };
    },
    "POST /content/pages/{routeName}/schedules": async () => {
      const page = await careersPage();
      return { body: { baseVersion: page.version, title: page.title, intro: "Walker: a scheduled edit.", description: page.description, blocks: page.blocks, publishAt: new Date(shop.clock.now().getTime() + 3_600_000).toISOString() } };
    },
    "POST /content/pages/{routeName}/schedules/{id}/cancel": async () => {
      const page = await careersPage();
      const res = await app.request("/api/console/content/pages/careers/schedules", {
        method: "POST",
        headers: { Cookie: cookies.owner, "Content-Type": "application/json" },
        body: JSON.stringify({ baseVersion: page.version, title: page.title, intro: page.intro, description: page.description, blocks: page.blocks, publishAt: new Date(shop.clock.now().getTime() + 3_600_000).toISOString() }),
      });
      return { params: { id: ((await res.json()) as { id: string }).id } };
    },
    "POST /experiments/{name}/stop": async () => ({ params: { name: "referral_badge_2" } }),
    "POST /experiments/{name}/start": async () => ({ params: { name: "referral_badge_2" } }),
    "POST /experiments": async () => ({ body: { name: `walker_${randomUUID().slice(0, 8)}`, control: "control", variants: [{ name: "control", weight: 1 }, { name: "b", weight: 1 }], trafficPercent: 10, audience: "members", goalEvent: "Order Completed" } }),
    // A console experiment of its own, created stopped (only a stopped one may change).
    "PUT /experiments/{name}": async () => {
      const name = `walker_${randomUUID().slice(0, 8)}`;
      const created = await app.request("/api/console/experiments", { method: "POST", headers: { Cookie: cookies.owner, "Content-Type": "application/json" }, body: JSON.stringify({ name, control: "control", variants: [{ name: "control", weight: 1 }, { name: "b", weight: 1 }], trafficPercent: 10, audience: "members", goalEvent: "Order Completed" }) });
      expect(created.status).toBe(200);
      return { params: { name }, body: { trafficPercent: 20, audience: "everyone", goalEvent: "Order Completed", weights: { b: 2 } } };
    },
    "POST /customers/{id}/deletion-requests": async () => ({ body: { note: "Walker: asked by email" } }),
    // A customer of its own without a subscription: erasing the walker's customer would change later samples.
    "POST /customers/{id}/erasure": async () => ({ params: { id: (await findOrCreateCustomer(shop, `walker-erase-${randomUUID()}@example.com`)).id }, body: { note: "Walker: asked by phone", confirmation: "DELETE" } }),
    "POST /media": async () => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(await samplePhoto(300, 200, 10))], "walker-upload.jpg"));
      form.append("alt", "A picture the walker uploaded");
      return { body: form };
    },
    "PATCH /media/{hash}": async () => ({ body: { alt: "The walker's picture, described again" } }),
    "POST /referrals/{id}/decision": async () => {
      const referrer = await findOrCreateCustomer(shop, "walker-referrer@example.com");
      const now = shop.clock.now();
      const held = await insertReferral(dbOf(shop), { referrerId: referrer.id, friendId: fixtures.id!, orderId: fixtures.orderId!, code: "WALKER00", status: "review", flags: ["device"], paidAt: now, rewardDueAt: now, now });
      return { params: { id: held!.id }, body: { decision: "reject" } };
    },
  };

  it("every action, done by an owner, answers 200 and leaves one audit entry naming it", async () => {
    const actions = operations.filter((o) => o.method !== "GET" && o.access !== "public");
    for (const op of actions) {
      const key = `${op.method} ${op.path}`;
      const sample = ACTIONS[key];
      expect(sample, `${key} has no sample in ACTIONS`).toBeDefined();
      const { body, params } = await sample!();
      const owner = op.path === "/auth/sign-out" ? await signInTestStaff(app, shop, await createTestStaff(shop, "owner")) : cookies.owner;
      const before = (await dbOf(shop).select({ n: count() }).from(auditLog))[0]!.n;
      const res = await call(op, owner, body ?? {}, params);
      expect(res.status, `${key}: ${await res.clone().text()}`).toBe(200);
      const entries = await dbOf(shop).select().from(auditLog).orderBy(auditLog.id);
      expect(entries.length - before, key).toBe(1);
      const entry = entries.at(-1)!;
      expect(entry.action, key).toBe(op.access === "signed-in" ? "staff.sign-out" : op.access);
      expect(entry.createdAt.toISOString()).toBe(shop.clock.now().toISOString());
    }
  });

  it("a refused action leaves no entry and changes nothing", async () => {
    const op = operations.find((o) => o.method === "PUT" && o.path === "/flags/{name}")!;
    const before = (await dbOf(shop).select({ n: count() }).from(auditLog))[0]!.n;
    expect((await call(op, cookies.support, { enabled: false })).status).toBe(403);
    expect((await dbOf(shop).select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
    const flags = (await (await call(operations.find((o) => o.path === "/flags")!, cookies.owner)).json()) as { name: string; console: boolean | null }[];
    expect(flags.find((f) => f.name === "data-redesign")!.console).toBe(true);
  });

  describe("pages", () => {
    const pageUrl = (path: string) =>
      path.replace(":number", fixtures.number!).replace(":id", path.startsWith("/console/subscriptions") ? fixtures.subscription! : path.startsWith("/console/emails") ? fixtures.emailId! : fixtures.id!).replace(":code", fixtures.code!).replace(":page", "careers");
    const get = (url: string, cookie: string | null) => app.request(url, { headers: cookie ? { Cookie: cookie } : {} });

    it("every page sends a signed-out visitor and a shopper to sign in, and refuses each role without its permission", async () => {
      for (const page of CONSOLE_PAGES) {
        const url = pageUrl(page.path);
        for (const cookie of [null, customerCookie]) {
          const res = await get(url, cookie);
          expect(res.status, `${url} ${cookie ? "as a shopper" : "signed out"}`).toBe(303);
          expect(res.headers.get("location")).toMatch(/^\/console\/sign-in\?next=/);
          const data = await get(`${url}.data`, cookie);
          expect(data.status, `${url}.data`).toBe(401);
        }
        for (const role of STAFF_ROLES) {
          const res = await get(url, cookies[role]);
          if (can(role, page.permission)) expect([401, 403, 303], `${url} as ${role}`).not.toContain(res.status);
          else expect(res.status, `${url} as ${role}`).toBe(403);
        }
      }
    });

    it("a console path that is not in the page table is not served, even to an owner", async () => {
      expect((await get("/console/secret-report", cookies.owner)).status).toBe(404);
    });
  });

  it("the shopper's cookie is a different cookie: a staff token in seed_jwt opens nothing", async () => {
    const token = cookies.owner.split("=")[1]!;
    const op = operations.find((o) => o.path === "/orders" && o.method === "GET")!;
    expect((await call(op, `${SESSION_COOKIE}=${token}`)).status).toBe(401);
  });
});
