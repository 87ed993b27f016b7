import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERRAL_BADGE } from "../../domain/experiments";
import { createApp } from "../../server/app";
import { analyticsEvents, customerExperiments } from "../../server/db/schema";
import { SESSION_COOKIE, startSession } from "../../server/modules/auth";
import { experimentsOf, findOrCreateCustomer } from "../../server/modules/customers";
import { dbOf } from "../../server/shop";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

const ALL = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };
type Counts = Record<string, [exposures: number, conversions: number]>;

/**
 * Issue 33, point 4: the console counted "Experiment Viewed" and "Order Completed" events that any browser posts to
 * /api/events, so 20 requests with made-up order ids gave a variant 20 exposures and 20 conversions. The numbers now
 * come from the server (ADR 0056): an exposure is a member the server served a variant to, a conversion an order the
 * shop recorded for that member after it. The events are still accepted, stored and forwarded, and move nothing.
 */
describe(`experiment results cannot be forged through analytics events (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner: string;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-03-01T12:00:00Z" });
    // Every page the shop renders builds this load context; the shell's experiments are what the header shows.
    app = createApp(shop, { document: async (_request, context) => Response.json(context.viewer.experiments) });
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
  });
  afterAll(() => shop.cleanup());

  async function consoleCounts(): Promise<Counts> {
    const res = await app.request("/api/console/experiments", { headers: { Cookie: owner } });
    expect(res.status).toBe(200);
    const badge = ((await res.json()) as { name: string; variants: { variant: string; exposures: number; conversions: number }[] }[]).find((e) => e.name === REFERRAL_BADGE)!;
    return Object.fromEntries(badge.variants.map((v) => [v.variant, [v.exposures, v.conversions]]));
  }

  /** One request of the attack: a "visitor" sees new_badge and completes a made-up order. */
  function forge(cookie?: string) {
    const anonymousId = `forger-${randomUUID()}`;
    return app.request("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        consent: ALL,
        events: [
          { name: "Experiment Viewed", properties: { experiment: REFERRAL_BADGE, variant: "new_badge" }, anonymousId },
          { name: "Order Completed", properties: { order_id: `made-up-${randomUUID()}`, total: 49.99, currency: "USD" }, anonymousId },
        ],
      }),
    });
  }

  it("20 forged exposures and orders, anonymous and from a signed-in member, move no number; the events are still tracked", async () => {
    const member = await findOrCreateCustomer(shop, "forger@example.com");
    const memberCookie = `${SESSION_COOKIE}=${(await startSession(shop, member)).token}`;
    const before = await consoleCounts();
    expect(before).toEqual({ control: [0, 0], new_badge: [0, 0] });

    // The attack (20 requests, each its own visitor), then the same from a signed-in member's browser.
    for (let i = 0; i < 20; i++) expect((await forge()).status).toBe(202);
    for (let i = 0; i < 5; i++) expect((await forge(memberCookie)).status).toBe(202);
    shop.clock.advance(60_000);

    expect(await consoleCounts()).toEqual(before);
    // "Experiment Viewed" is still one of the shop's analytics events: stored for the destination as before.
    const tracked = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, "Experiment Viewed"));
    expect(tracked).toHaveLength(25);
    // The events neither assigned nor exposed the member.
    expect(await experimentsOf(shop, member.id)).toEqual({});
  });

  it("a member served a variant counts one exposure, however often they come back; their real order counts one conversion", async () => {
    const before = await consoleCounts();
    const member = await findOrCreateCustomer(shop, "real-member@example.com");
    const cookie = `${SESSION_COOKIE}=${(await startSession(shop, member)).token}`;

    const served = (await (await app.request("/", { headers: { cookie } })).json()) as Record<string, string>;
    const variant = served[REFERRAL_BADGE]!;
    expect(["control", "new_badge"]).toContain(variant);
    const exposedAt = () => dbOf(shop).select({ at: customerExperiments.exposedAt }).from(customerExperiments).where(and(eq(customerExperiments.customerId, member.id), eq(customerExperiments.name, REFERRAL_BADGE)));
    const first = await exposedAt();
    shop.clock.advance(60_000);
    for (const path of ["/", "/daily-synbiotic", "/account"]) expect(await (await app.request(path, { headers: { cookie } })).json()).toEqual(served);
    expect(await exposedAt()).toEqual(first); // the first exposure stays; later pages wrote nothing

    const exposed = await consoleCounts();
    expect(exposed[variant]).toEqual([before[variant]![0] + 1, before[variant]![1]]);

    // Forged orders for the exposed member still count nothing.
    for (let i = 0; i < 5; i++) await forge(cookie);
    expect(await consoleCounts()).toEqual(exposed);

    shop.clock.advance(60_000);
    await placeTestOrder(app, { email: "real-member@example.com", cookie });
    const converted = await consoleCounts();
    expect(converted[variant]).toEqual([before[variant]![0] + 1, before[variant]![1] + 1]);
    // A second order (after the duplicate-order minute) is the same conversion.
    shop.clock.advance(120_000);
    await placeTestOrder(app, { email: "real-member@example.com", cookie, address1: "2 Main St" });
    expect(await consoleCounts()).toEqual(converted);
  });

  it("an order placed before the member was first served a variant is no conversion", async () => {
    const before = await consoleCounts();
    const member = await findOrCreateCustomer(shop, "ordered-first@example.com");
    const cookie = `${SESSION_COOKIE}=${(await startSession(shop, member)).token}`;
    await placeTestOrder(app, { email: "ordered-first@example.com", cookie, address1: "3 Main St" });
    shop.clock.advance(60_000);
    const variant = ((await (await app.request("/", { headers: { cookie } })).json()) as Record<string, string>)[REFERRAL_BADGE]!;
    expect((await consoleCounts())[variant]).toEqual([before[variant]![0] + 1, before[variant]![1]]);
  });
});
