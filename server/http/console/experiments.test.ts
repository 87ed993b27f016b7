import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REFERRAL_BADGE, LOYALTY_NEW_USER } from "../../../domain/experiments";
import { createApp } from "../../app";
import { analyticsEvents, auditLog, orders } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { assignExperiment, EXPERIMENT_STATE_CACHE_MS, experimentReport, formatExperimentReport, servedExperimentsOf, serveExperiments, forgetExperimentStateCache, setExperimentState, stoppedExperiments } from "../../modules/analytics";
import { SESSION_COOKIE, startSession } from "../../modules/auth";
import { findOrCreateCustomer, setExperiment } from "../../modules/customers";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const HOUR = 3_600_000;

describe(`console experiments (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  let content = "";
  let support = "";

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
  });
  afterAll(() => shop.cleanup());

  const api = async (method: string, path: string, cookie = owner, body?: unknown) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  /**
   * The seeded fixture, with known answers: members served variants by the shell at known hours and orders the shop
   * recorded for them (ADR 0056), plus analytics events that must move nothing.
   */
  async function seedExposuresAndOrders() {
    const t = shop.clock.now().getTime() - 48 * HOUR;
    const at = (h: number) => new Date(t + h * HOUR);
    const atHour = (h: number) => ({ ...shop, clock: fixedClock(at(h)) });
    const names = ["c1", "c2", "c3", "c4", "n1", "n2", "n3", "n4", "s1", "u1"] as const;
    const ids = Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await findOrCreateCustomer(shop, `${n}-exp@example.com`)).id] as const))) as Record<(typeof names)[number], string>;
    /** The member holds these variants and the shell serves them at hour h (a visit to any page). */
    const serve = async (id: string, h: number, badge?: string, loyalty = "control") => {
      if (badge) await setExperiment(atHour(h), id, REFERRAL_BADGE, badge);
      await setExperiment(atHour(h), id, LOYALTY_NEW_USER, loyalty);
      await serveExperiments(atHour(h), id);
    };
    const order = (customerId: string, h: number, { status = "paid", key = randomUUID(), heldAt = null as Date | null } = {}) => ({
      customerId, email: "exp@example.com", status, currency: "USD", country: "US", subtotal: 4999, discountTotal: 0, discounts: [],
      shippingMethod: "standard", shippingLabel: "Standard", shippingAmount: 0, total: 4999, shippingAddress: {}, idempotencyKey: key, heldAt, createdAt: at(h),
    });
    // control: 4 members. c1 (served twice: counted once) and c2 convert; c3 ordered before it was served; c4's only
    // orders are a renewal (the subscription's, not a choice) and a canceled one.
    await serve(ids.c1, 1, "control");
    await serveExperiments(atHour(2), ids.c1);
    await serve(ids.c2, 1, "control");
    await serve(ids.c3, 5, "control");
    await serve(ids.c4, 1, "control");
    // new_badge: 5 members. n3 converts (a paid order refunded later still was one); n1's only order is held (a
    // signed-out checkout under its email, not its own until the address is proven); n2 ordered before it was served
    // (and is in loyalty_new_user's exclude); s1 was served the control, then switched to new_badge (PUT
    // user-experiment) and served that: it counts there, from then on. u1 holds a variant the experiment does not
    // have: shown, never counted.
    await serve(ids.n1, 1, "new_badge");
    await serve(ids.n2, 1, "new_badge", "exclude");
    await serve(ids.n3, 1, "new_badge");
    await serve(ids.n4, 1, "new_badge");
    await serve(ids.s1, 1, "control");
    await serve(ids.s1, 3, "new_badge");
    await serve(ids.u1, 1, "zzz");
    await dbOf(shop)
      .insert(orders)
      .values([
        order(ids.c1, 3),
        order(ids.c2, 4),
        order(ids.c3, 2),
        order(ids.c4, 6, { key: `renewal:${randomUUID()}:2026-11` }),
        order(ids.c4, 6, { status: "canceled" }),
        order(ids.n2, 0),
        order(ids.n3, 6, { status: "refunded" }),
        order(ids.n1, 6, { heldAt: at(6) }),
        order(ids.s1, 4),
      ]);
    // What any browser may post: exposures and orders of its own making, for members and for anonymous ids.
    const forged = (userId: string | null, anonymousId: string | null, h: number) => [
      { name: "Experiment Viewed", properties: { experiment: REFERRAL_BADGE, variant: "new_badge" }, userId, anonymousId, createdAt: at(h) },
      { name: "Order Completed", properties: { order_id: `made-up-${h}` }, userId, anonymousId, createdAt: at(h + 1) },
    ];
    await dbOf(shop).insert(analyticsEvents).values([...forged(ids.c4, null, 7), ...forged(null, "anon-visitor-1", 7), ...forged(ids.n1, null, 7)]);
  }

  it("reads exposures and conversions by variant on a seeded fixture, the same numbers as the report command", async () => {
    await seedExposuresAndOrders();
    const { status, body } = await api("GET", "/experiments", content);
    expect(status).toBe(200);
    const badge = body.find((e: any) => e.name === REFERRAL_BADGE);
    expect(badge).toMatchObject({ state: "running", control: "control" });
    const byVariant = Object.fromEntries(badge.variants.map((v: any) => [v.variant, v]));
    expect(Object.keys(byVariant)).toEqual(["control", "new_badge"]);
    expect(byVariant.control).toMatchObject({ exposures: 4, conversions: 2, rate: 0.5, lift: null });
    expect(byVariant.new_badge).toMatchObject({ exposures: 5, conversions: 2 });
    expect(byVariant.new_badge.rate).toBeCloseTo(2 / 5, 10);
    expect(byVariant.new_badge.lift.difference).toBeCloseTo(2 / 5 - 0.5, 10);
    // loyalty_new_user: everyone served above holds control but n2 (exclude, ordered before); c1, c2, s1 and n3 converted.
    const loyalty = body.find((e: any) => e.name === LOYALTY_NEW_USER);
    expect(Object.fromEntries(loyalty.variants.map((v: any) => [v.variant, [v.exposures, v.conversions]]))).toEqual({ control: [9, 4], exclude: [1, 0] });
    // One implementation: the console reads what `npm run experiments:report` prints.
    const report = await experimentReport(shop, REFERRAL_BADGE);
    expect(badge.variants).toEqual(JSON.parse(JSON.stringify(report.variants)));
    expect(formatExperimentReport(report)).toMatch(/control \(control\)\s+4\s+2\s+50\.0%/);
  });

  it("stopping serves the control to everyone (assignment, provider API, shell map); starting brings the variant back", async () => {
    const member = await findOrCreateCustomer(shop, "stopped-exp@example.com");
    await setExperiment(shop, member.id, REFERRAL_BADGE, "new_badge");
    const { token } = await startSession(shop, member);
    const provider = (method: string) =>
      app.request(`/provider/account/user-experiment/${REFERRAL_BADGE}`, { method, headers: { Cookie: `${SESSION_COOKIE}=${token}`, "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
    expect(await (await provider("GET")).json()).toMatchObject({ variant: "new_badge" });

    const stop = await api("POST", `/experiments/${REFERRAL_BADGE}/stop`);
    expect(stop).toEqual({ status: 200, body: { name: REFERRAL_BADGE, state: "stopped" } });
    expect(await (await provider("GET")).json()).toMatchObject({ variant: "control" });
    expect(await (await provider("PUT")).json()).toEqual({ name: REFERRAL_BADGE, variant: "control", inExperiment: false });
    expect(await assignExperiment(shop, member.id, REFERRAL_BADGE)).toEqual({ name: REFERRAL_BADGE, variant: "control", inExperiment: false });
    // The shell's map leaves the stopped experiment out: its control shows and no exposure is sent.
    expect(await servedExperimentsOf(shop, member.id)).not.toHaveProperty(REFERRAL_BADGE);
    const user = await (await app.request("/api/user", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).json();
    expect(user.experiments).not.toHaveProperty(REFERRAL_BADGE);
    // A new member is not assigned while it is stopped.
    const fresh = await findOrCreateCustomer(shop, "fresh-exp@example.com");
    expect((await assignExperiment(shop, fresh.id, REFERRAL_BADGE)).inExperiment).toBe(false);
    expect((await api("GET", "/experiments")).body.find((e: any) => e.name === REFERRAL_BADGE).state).toBe("stopped");

    expect((await api("POST", `/experiments/${REFERRAL_BADGE}/start`)).body).toEqual({ name: REFERRAL_BADGE, state: "running" });
    expect(await (await provider("GET")).json()).toMatchObject({ variant: "new_badge" });
    expect(await servedExperimentsOf(shop, member.id)).toMatchObject({ [REFERRAL_BADGE]: "new_badge" });

    const entries = await dbOf(shop).select().from(auditLog).where(eq(auditLog.targetId, REFERRAL_BADGE)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["experiments.edit", { state: "running" }, { state: "stopped" }],
      ["experiments.edit", { state: "stopped" }, { state: "running" }],
    ]);
  });

  it("another process (its own cache) honours a stop within the cache's few seconds", async () => {
    const db = dbOf(shop);
    // From a known start whatever the earlier tests left: running, and no copy in this process.
    await setExperimentState(db, LOYALTY_NEW_USER, "running", shop.clock.now());
    forgetExperimentStateCache(db);
    let now = performance.now();
    const clock = vi.spyOn(performance, "now").mockImplementation(() => now);
    try {
      expect((await stoppedExperiments(db)).has(LOYALTY_NEW_USER)).toBe(false);
      // Another process writes the stop; this process has not forgotten its copy yet.
      await setExperimentState(db, LOYALTY_NEW_USER, "stopped", shop.clock.now());
      expect((await stoppedExperiments(db)).has(LOYALTY_NEW_USER)).toBe(false);
      now += EXPERIMENT_STATE_CACHE_MS + 1; // + 1: (t + 5000) - t can come out a hair under 5000 in floating point
      expect((await stoppedExperiments(db)).has(LOYALTY_NEW_USER)).toBe(true);
      await setExperimentState(db, LOYALTY_NEW_USER, "running", shop.clock.now());
      now += EXPERIMENT_STATE_CACHE_MS + 1; // + 1: (t + 5000) - t can come out a hair under 5000 in floating point
      expect((await stoppedExperiments(db)).has(LOYALTY_NEW_USER)).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it("refuses roles without the permission, unknown experiments and bad names", async () => {
    expect((await api("POST", `/experiments/${REFERRAL_BADGE}/stop`, content)).status).toBe(403);
    expect((await api("POST", `/experiments/${REFERRAL_BADGE}/stop`, support)).status).toBe(403);
    expect((await api("GET", "/experiments", support)).status).toBe(403);
    const unknown = await api("POST", "/experiments/no_such_test/stop");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "NOT_FOUND" });
    expect((await api("POST", `/experiments/${"x".repeat(65)}/stop`)).status).toBe(400);
    expect((await api("PUT", `/experiments/${REFERRAL_BADGE}/stop`)).status).toBe(404);
    expect((await stoppedExperiments(dbOf(shop))).has(REFERRAL_BADGE)).toBe(false);
  });
});
