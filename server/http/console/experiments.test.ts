import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REFERRAL_BADGE, LOYALTY_NEW_USER } from "../../../domain/experiments";
import { createApp } from "../../app";
import { analyticsEvents, auditLog } from "../../db/schema";
import { assignExperiment, EXPERIMENT_STATE_CACHE_MS, experimentReport, formatExperimentReport, servedExperimentsOf, forgetExperimentStateCache, setExperimentState, stoppedExperiments } from "../../modules/analytics";
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

  /** The seeded fixture: exposures and orders of referral_badge_2 with known answers. */
  async function seedEvents() {
    const t = shop.clock.now().getTime() - 48 * HOUR;
    const at = (h: number) => new Date(t + h * HOUR);
    const viewed = (unit: { user?: string; anon?: string }, experiment: string, variant: string, h: number) => ({
      name: "Experiment Viewed",
      properties: { experiment, variant },
      userId: unit.user ?? null,
      anonymousId: unit.anon ?? null,
      createdAt: at(h),
    });
    const order = (unit: { user?: string; anon?: string }, h: number) => ({ name: "Order Completed", properties: { order_id: `o-${h}` }, userId: unit.user ?? null, anonymousId: unit.anon ?? null, createdAt: at(h) });
    const ids = await Promise.all(["c1", "c2", "c3", "c4", "n1", "n2"].map((n) => findOrCreateCustomer(shop, `${n}-exp@example.com`).then((c) => c.id)));
    const [c1, c2, c3, c4, n1, n2] = ids.map((id) => ({ user: id }));
    const anon = { anon: "anon-visitor-1" };
    await dbOf(shop)
      .insert(analyticsEvents)
      .values([
        // control: 4 units, c1 (seen twice: counted once, in its first variant) and c2 convert; c3 ordered before
        // its exposure (not a conversion); c4 never orders.
        viewed(c1!, REFERRAL_BADGE, "control", 1),
        viewed(c1!, REFERRAL_BADGE, "new_badge", 2),
        viewed(c2!, REFERRAL_BADGE, "control", 1),
        viewed(c3!, REFERRAL_BADGE, "control", 5),
        viewed(c4!, REFERRAL_BADGE, "control", 1),
        order(c1!, 3),
        order(c2!, 4),
        order(c3!, 2),
        // new_badge: 3 units (one an anonymous visitor), the visitor converts.
        viewed(n1!, REFERRAL_BADGE, "new_badge", 1),
        viewed(n2!, REFERRAL_BADGE, "new_badge", 1),
        viewed(anon, REFERRAL_BADGE, "new_badge", 1),
        order(anon, 6),
        // Another experiment's exposure of the same unit counts only there.
        viewed(n2!, LOYALTY_NEW_USER, "exclude", 1),
        order(n2!, 0),
      ]);
  }

  it("reads exposures and conversions by variant on a seeded fixture, the same numbers as the report command", async () => {
    await seedEvents();
    const { status, body } = await api("GET", "/experiments", content);
    expect(status).toBe(200);
    const badge = body.find((e: any) => e.name === REFERRAL_BADGE);
    expect(badge).toMatchObject({ state: "running", control: "control" });
    const byVariant = Object.fromEntries(badge.variants.map((v: any) => [v.variant, v]));
    expect(byVariant.control).toMatchObject({ exposures: 4, conversions: 2, rate: 0.5, lift: null });
    expect(byVariant.new_badge).toMatchObject({ exposures: 3, conversions: 1 });
    expect(byVariant.new_badge.rate).toBeCloseTo(1 / 3, 10);
    expect(byVariant.new_badge.lift.difference).toBeCloseTo(1 / 3 - 0.5, 10);
    const loyalty = body.find((e: any) => e.name === LOYALTY_NEW_USER);
    expect(Object.fromEntries(loyalty.variants.map((v: any) => [v.variant, [v.exposures, v.conversions]]))).toEqual({ control: [0, 0], exclude: [1, 0] });
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
