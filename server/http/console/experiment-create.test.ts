import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignVariant, inAudience, REFERRAL_BADGE, LOYALTY_NEW_USER } from "../../../domain/experiments";
import { definitionOf } from "../../../domain/console-experiments";
import { createApp } from "../../app";
import { auditLog, orders } from "../../db/schema";
import { experimentDefinitions, serveExperiments } from "../../modules/analytics";
import { startSession, SESSION_COOKIE } from "../../modules/auth";
import { findOrCreateCustomer } from "../../modules/customers";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import type { DocumentHandler } from "../pages/document";

/**
 * Experiments made in the console (issue 36, ADR 0076): created stopped with validated input, started and stopped as
 * the coded ones, served by the shell exactly like them (audience, traffic, weights), counted only from what the server
 * recorded. And the reported bug: three members' visits show as exposures of both coded experiments.
 */
describe(`console-made experiments (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  let content = "";
  let support = "";
  let finance = "";
  /** A page stub that renders the shell's experiment map, as the real pages' header reads it. */
  const document: DocumentHandler = async (_request, context) =>
    new Response(`<!doctype html><p id="x">${JSON.stringify(context.viewer.experiments)}</p>`, { status: 200, headers: { "content-type": "text/html" } });

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop, { document });
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));
  }, 180_000);
  afterAll(() => shop.cleanup());

  const api = async (method: string, path: string, cookie = owner, body?: unknown) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const valid = (name: string, over: Record<string, unknown> = {}) => ({
    name,
    description: "Does a warmer welcome sell?",
    control: "control",
    variants: [{ name: "control", weight: 1 }, { name: "warm", weight: 3 }],
    trafficPercent: 100,
    audience: "members",
    goalEvent: "Order Completed",
    ...over,
  });
  /** A member's visit to a page: the shell's map as served. */
  const visit = async (email: string) => {
    const member = await findOrCreateCustomer(shop, email);
    const { token } = await startSession(shop, member);
    const html = await (await app.request("/", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).text();
    return { id: member.id, served: JSON.parse(html.match(/<p id="x">(.*)<\/p>/)![1]!) as Record<string, string> };
  };
  const listed = async (name: string) => (await api("GET", "/experiments", content)).body.find((e: any) => e.name === name);

  it("three members' visits show as exposures of both coded experiments (the issue's 0 exposures)", async () => {
    const before = await Promise.all([LOYALTY_NEW_USER, REFERRAL_BADGE].map(async (n) => (await listed(n)).variants.reduce((s: number, v: any) => s + v.exposures, 0)));
    for (const i of [1, 2, 3]) {
      const { served } = await visit(`visitor-${i}-bug@example.com`);
      expect(Object.keys(served)).toEqual(expect.arrayContaining([LOYALTY_NEW_USER, REFERRAL_BADGE]));
    }
    await visit("visitor-1-bug@example.com"); // a second page of the same member counts once
    const after = await Promise.all([LOYALTY_NEW_USER, REFERRAL_BADGE].map(async (n) => (await listed(n)).variants.reduce((s: number, v: any) => s + v.exposures, 0)));
    expect(after).toEqual([before[0] + 3, before[1] + 3]);
  });

  it("refuses bad input with 4xx and a message, never a 500", async () => {
    const cases: [unknown, number, RegExp][] = [
      [valid("Bad Name"), 400, /lower-case/],
      [valid("ab"), 400, /3 to 48/],
      [valid("weights_zero", { variants: [{ name: "control", weight: 0 }, { name: "b", weight: 0 }] }), 400, /more than 0/],
      [valid("negative", { variants: [{ name: "control", weight: -1 }, { name: "b", weight: 2 }] }), 400, /negative/],
      [valid("fraction", { variants: [{ name: "control", weight: 1.5 }, { name: "b", weight: 2 }] }), 400, /whole/],
      [valid("no_control", { control: "base" }), 400, /control must be one of/],
      [valid("twins", { variants: [{ name: "control", weight: 1 }, { name: "control", weight: 1 }] }), 400, /own name/],
      [valid("alone", { variants: [{ name: "control", weight: 1 }] }), 400, /at least one variant/],
      [valid("too_much", { trafficPercent: 101 }), 400, /0 to 100/],
      [valid("audience", { audience: "staff" }), 400, /everyone, visitors or members/],
      [valid("goal", { goalEvent: "Page Viewed" }), 400, /goal/i],
      [valid(REFERRAL_BADGE), 409, /exists already/],
      ["{not json", 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await api("POST", "/experiments", owner, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBeTruthy();
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await listed("weights_zero")).toBeUndefined();
  });

  it("roles: owner and content draft, only the owner starts and stops; support and finance neither; each action audited", async () => {
    expect((await api("POST", "/experiments", support, valid("by_support"))).status).toBe(403);
    expect((await api("POST", "/experiments", finance, valid("by_finance"))).status).toBe(403);
    // Authenticated before validated: a stranger's bad body is a 401, not a 400.
    expect((await app.request("/api/console/experiments", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(401);
    const created = await api("POST", "/experiments", content, valid("welcome_copy"));
    expect(created.status).toBe(200);
    expect((await api("POST", "/experiments", owner, valid("welcome_copy"))).status).toBe(409);
    expect(await listed("welcome_copy")).toMatchObject({ source: "console", state: "stopped", audience: "members", traffic: 1, weights: { control: 1, warm: 3 }, goalEvent: "Order Completed" });
    expect((await api("POST", "/experiments/welcome_copy/start", content)).status).toBe(403);
    expect((await api("PUT", "/experiments/welcome_copy", support, { trafficPercent: 50, audience: "members", goalEvent: "Order Completed", weights: {} })).status).toBe(403);
    expect((await api("PUT", "/experiments/welcome_copy", content, { trafficPercent: 50, audience: "everyone", goalEvent: "Order Completed", weights: { warm: 1 } })).status).toBe(200);
    expect(await listed("welcome_copy")).toMatchObject({ traffic: 0.5, audience: "everyone", weights: { control: 1, warm: 1 } });
    expect((await api("PUT", "/experiments/welcome_copy", owner, { trafficPercent: 50, audience: "members", goalEvent: "Order Completed", weights: { nope: 1 } })).status).toBe(400);
    expect((await api("POST", "/experiments/welcome_copy/start", owner)).status).toBe(200);
    // Running: weights and traffic are fixed until it is stopped.
    const running = await api("PUT", "/experiments/welcome_copy", owner, { trafficPercent: 10, audience: "members", goalEvent: "Order Completed", weights: {} });
    expect(running).toMatchObject({ status: 409, body: { code: "EXPERIMENT_RUNNING" } });
    expect((await api("PUT", `/experiments/${REFERRAL_BADGE}`, owner, { trafficPercent: 10, audience: "members", goalEvent: "Order Completed", weights: {} })).status).toBe(404);
    expect((await api("POST", "/experiments/welcome_copy/stop", owner)).status).toBe(200);
    const entries = await dbOf(shop).select().from(auditLog).where(eq(auditLog.targetId, "welcome_copy")).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(["experiments.draft", "experiments.draft", "experiments.edit", "experiments.edit"]);
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ name: "welcome_copy", state: "stopped", trafficPercent: 100 });
    expect(entries[1]!.before).toMatchObject({ trafficPercent: 100, audience: "members" });
    expect(entries[1]!.after).toMatchObject({ trafficPercent: 50, audience: "everyone" });
  });

  it("a started console experiment is served and counted like a coded one, to its audience only; stopped, to nobody", async () => {
    expect((await api("POST", "/experiments", owner, valid("members_only"))).status).toBe(200);
    expect((await api("POST", "/experiments", owner, valid("visitors_only", { audience: "visitors" }))).status).toBe(200);
    // Created stopped: nobody is drawn in.
    expect((await visit("early-bird@example.com")).served).not.toHaveProperty("members_only");
    for (const name of ["members_only", "visitors_only"]) expect((await api("POST", `/experiments/${name}/start`)).status).toBe(200);
    const members = await Promise.all(Array.from({ length: 40 }, (_, i) => visit(`drawn-${i}@example.com`)));
    for (const m of members) {
      expect(m.served).not.toHaveProperty("visitors_only"); // a member is not in a visitors-only experiment
      expect(["control", "warm"]).toContain(m.served.members_only);
      // The same variant the pure assignment gives (deterministic, per member).
      expect(m.served.members_only).toBe(assignVariant(definitionOf({ name: "members_only", control: "control", variants: [{ name: "control", weight: 1 }, { name: "warm", weight: 3 }], trafficPercent: 100, audience: "members" }), m.id));
    }
    // The same member on another page keeps the variant.
    expect((await visit("drawn-0@example.com")).served.members_only).toBe(members[0]!.served.members_only);
    const report = await listed("members_only");
    const byVariant = Object.fromEntries(report.variants.map((v: any) => [v.variant, v.exposures]));
    expect(byVariant.control + byVariant.warm).toBe(40);
    expect((await listed("visitors_only")).variants.every((v: any) => v.exposures === 0)).toBe(true);

    // Goal: a checkout order after the exposure counts in the member's variant; the report's 95% intervals are there.
    const buyer = members[1]!;
    await dbOf(shop).insert(orders).values({
      customerId: buyer.id, email: "drawn-1@example.com", status: "paid", currency: "USD", country: "US", subtotal: 4999, discountTotal: 0, discounts: [],
      shippingMethod: "standard", shippingLabel: "Standard", shippingAmount: 0, total: 4999, shippingAddress: {}, idempotencyKey: `goal-${buyer.id}`, createdAt: new Date(shop.clock.now().getTime() + 60_000),
    });
    const withGoal = (await listed("members_only")).variants.find((v: any) => v.variant === buyer.served.members_only);
    expect(withGoal.conversions).toBe(1);
    expect(withGoal.rateInterval.low).toBeGreaterThan(0);
    expect(withGoal.rateInterval.high).toBeLessThanOrEqual(1);

    expect((await api("POST", "/experiments/members_only/stop")).status).toBe(200);
    const late = await visit("late-comer@example.com");
    expect(late.served).not.toHaveProperty("members_only");
    expect(byVariant.control + byVariant.warm).toBe((await listed("members_only")).variants.reduce((s: number, v: any) => s + v.exposures, 0));
  });

  it("assignment respects the traffic share and the weights (pure draw, 4,000 units)", () => {
    const definition = definitionOf({ name: "split_check", control: "a", variants: [{ name: "a", weight: 1 }, { name: "b", weight: 3 }], trafficPercent: 50, audience: "everyone" });
    const drawn = Array.from({ length: 4000 }, (_, i) => assignVariant(definition, `unit-${i}`));
    const inIt = drawn.filter((v) => v !== null);
    expect(inIt.length / 4000).toBeGreaterThan(0.46);
    expect(inIt.length / 4000).toBeLessThan(0.54);
    expect(inIt.filter((v) => v === "b").length / inIt.length).toBeGreaterThan(0.71);
    expect(inIt.filter((v) => v === "b").length / inIt.length).toBeLessThan(0.79);
    expect(assignVariant({ ...definition, traffic: 0 }, "unit-1")).toBeNull();
    expect([inAudience({ audience: "members" }, false), inAudience({ audience: "visitors" }, true), inAudience({ audience: "everyone" }, false), inAudience({ audience: "visitors" }, false)]).toEqual([false, false, true, true]);
  });

  it("the definitions list is cached and dropped on a change announced by another process", async () => {
    const first = await experimentDefinitions(shop);
    expect(await experimentDefinitions(shop)).toBe(first); // from memory
    // Another process's insert: announced on the channel, this process's copy is dropped once the notice arrives.
    await dbOf(shop).transaction(async (tx) => {
      const { insertConsoleExperiment } = await import("../../modules/analytics");
      await insertConsoleExperiment(tx, valid("from_elsewhere") as never, "other@seed.test", shop.clock.now());
    });
    await expect.poll(async () => (await experimentDefinitions(shop)).some((d) => d.name === "from_elsewhere"), { timeout: 5_000 }).toBe(true);
    await serveExperiments(shop, (await findOrCreateCustomer(shop, "after-notice@example.com")).id);
  });
});
