import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { analyticsEvents, orderAttributions } from "../../db/schema";
import { startJobs, type JobQueue } from "../../jobs/queue";
import { startSession } from "../auth";
import { experimentsOf, findOrCreateCustomer, setExperiment } from "../customers";
import { startAnalyticsReceiver } from "../../testing/analytics-receiver";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";
import { waitFor } from "../../testing/wait-for";
import { dbOf } from "../../shop";
import { deadLetters, experimentReport, formatExperimentReport, forwardEvents, recordOrderAttribution, saveUsdRates, serveExperiments } from ".";

const JSON_HEADERS = { "content-type": "application/json" };
const ALL = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };
const HASH = "c".repeat(64);
const RECEIVER_PORT = 3751; // this branch's range (3700-3799)

async function rowsOf(shop: TestShop, res: Response) {
  return dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.requestId, res.headers.get("x-request-id")!)).orderBy(analyticsEvents.id);
}

describe(`the consent-gated event pipeline (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());
  const post = (body: unknown, headers: Record<string, string> = {}) => app.request("/api/events", { method: "POST", body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...headers } });
  const added = { name: "Product Added", properties: { cart_id: "gate", product_id: "syn-wk", price: 49.99, currency: "USD", hashedEmail: HASH, hashedPhone: HASH } };

  it("stores nothing without consent (strictly necessary only) and says so", async () => {
    const res = await post({ events: [added] });
    expect(await res.json()).toEqual({ stored: 0, dropped: 1 });
    expect(await rowsOf(shop, res)).toEqual([]);
  });

  it("stores nothing when performance cookies are refused, whatever else is allowed", async () => {
    const res = await post({ events: [added], consent: { ...ALL, C0002: false } });
    expect(await res.json()).toEqual({ stored: 0, dropped: 1 });
  });

  it("stores measurement without the advertising-match hashes when targeting is refused", async () => {
    const res = await post({ events: [added], consent: { ...ALL, C0004: false } });
    expect(await res.json()).toEqual({ stored: 1, dropped: 0 });
    const [row] = await rowsOf(shop, res);
    expect(row!.properties).toEqual({ cart_id: "gate", product_id: "syn-wk", price: 49.99, currency: "USD" });
  });

  it("keeps the hashes with targeting consent", async () => {
    const [row] = await rowsOf(shop, await post({ events: [added], consent: ALL }));
    expect(row!.properties).toMatchObject({ hashedEmail: HASH, hashedPhone: HASH });
  });

  it("honours Global Privacy Control (Sec-GPC: 1) as a refusal of targeting", async () => {
    const [row] = await rowsOf(shop, await post({ events: [added], consent: ALL }, { "sec-gpc": "1" }));
    expect(row!.properties).not.toHaveProperty("hashedEmail");
    expect(row!.properties).not.toHaveProperty("hashedPhone");
  });

  it("POST /api/errors logs a browser error (202) and answers bad input with 400", async () => {
    const send = (body: unknown) => app.request("/api/errors", { method: "POST", body: JSON.stringify(body), headers: JSON_HEADERS });
    const ok = await send({ errors: [{ kind: "script", message: "Failed to load https://cdn.example/x.js", path: "/" }] });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ logged: 1 });
    const bad = await send({ errors: [{ kind: "oops", message: "" }] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "VALIDATION_ERROR", message: expect.any(String) });
  });

  it("stores a resent event (same message id) once", async () => {
    const event = { name: "Earn", properties: { location: "header" }, messageId: "0f8a4c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b" };
    expect(await (await post({ events: [event], consent: ALL })).json()).toEqual({ stored: 1, dropped: 0 });
    expect(await (await post({ events: [event, event], consent: ALL })).json()).toEqual({ stored: 0, dropped: 2 });
  });

  it("concurrent requests are all stored (group commit), each answered with its own count, a shared message id once", async () => {
    const shared = "5e8a4c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b";
    const requests = Array.from({ length: 30 }, (_, i) =>
      post({ events: [{ name: "Earn", properties: { location: `group-${i}` } }, { name: "Earn", properties: { location: "group-shared" }, messageId: shared }], consent: ALL }),
    );
    const answers = await Promise.all(requests.map(async (r) => (await r).json()));
    expect(answers.reduce((n, a) => n + a.stored, 0)).toBe(31);
    expect(answers.filter((a) => a.stored === 2)).toHaveLength(1);
    const rows = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, "Earn"));
    expect(rows.filter((r) => String((r.properties as { location: string }).location).startsWith("group-"))).toHaveLength(31);
  });

  it("converts amounts to USD with the rate dated on or before the event, keeping the original", async () => {
    // content/analytics-rates.json seeds GBP at 1.27 from 2026-01-01; a newer rate after today must not be used.
    await saveUsdRates(shop, [{ currency: "GBP", effectiveOn: "2026-12-01", usdMicrosPerUnit: 2_000_000 }]);
    const order = { name: "Order Completed", properties: { order_id: "o-gbp", total: 100, discount: 10, currency: "GBP" } };
    const [row] = await rowsOf(shop, await post({ events: [order], consent: ALL }));
    expect(row!.properties).toEqual({ order_id: "o-gbp", currency: "USD", total: 127, discount: 12.7, original_currency: "GBP", original_total: 100, original_discount: 10, usd_rate_date: "2026-01-01" });
  });
});

describe(`forwarding to a destination over HTTP (${testDriver()})`, () => {
  let receiver: Awaited<ReturnType<typeof startAnalyticsReceiver>>;
  let shop: TestShop;
  let jobs: JobQueue | null = null;
  beforeAll(async () => {
    receiver = await startAnalyticsReceiver(RECEIVER_PORT);
    shop = await openTestShop({ env: { ANALYTICS_DESTINATION: "segment", ANALYTICS_DESTINATION_URL: receiver.url, ANALYTICS_WRITE_KEY: "write-key-1" } });
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = null;
  });
  afterAll(async () => {
    await shop?.cleanup();
    await receiver?.close();
  });
  const post = (app: ReturnType<typeof createApp>, body: unknown) => app.request("/api/events", { method: "POST", body: JSON.stringify(body), headers: JSON_HEADERS });

  it("a stored event reaches Segment's batch API once, with the write key and its message id", async () => {
    jobs = await startJobs(shop);
    const messageId = "7d9c2a10-1111-4a2b-9c3d-5e6f7a8b9c0d";
    await post(createApp(shop), { events: [{ name: "Nav Menu Click", properties: { menu: "Shop" }, anonymousId: "anon-f1", messageId }], consent: ALL });
    const request = await waitFor("the destination to receive the batch", async () => receiver.received.find((r) => JSON.stringify(r.body).includes(messageId)));
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/batch");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("write-key-1:").toString("base64")}`);
    expect((request.body as { batch: unknown[] }).batch).toEqual([
      expect.objectContaining({ type: "track", event: "Nav Menu Click", properties: { menu: "Shop" }, anonymousId: "anon-f1", messageId }),
    ]);
  });

  it("a failing destination is retried by the job until it answers", async () => {
    jobs = await startJobs(shop);
    receiver.state.failNext = 1;
    const messageId = "7d9c2a10-2222-4a2b-9c3d-5e6f7a8b9c0d";
    const before = receiver.received.length;
    await post(createApp(shop), { events: [{ name: "Earn", properties: { location: "retry" }, messageId }], consent: ALL });
    await waitFor("a second attempt after the 503", async () => receiver.received.slice(before).filter((r) => JSON.stringify(r.body).includes(messageId)).length >= 2, 30_000);
    expect(await deadLetters(shop)).toEqual([]);
  });

  it("the last failed attempt lands in the dead-letter table; earlier ones throw for pg-boss to retry", async () => {
    const [row] = await dbOf(shop)
      .insert(analyticsEvents)
      .values({ name: "Earn", properties: { location: "dead" }, createdAt: shop.clock.now() })
      .returning({ id: analyticsEvents.id });
    receiver.state.failNext = 2;
    await expect(forwardEvents(shop, { eventIds: [row!.id] }, { retryCount: 0, retryLimit: 3 })).rejects.toThrow(/segment answered 503/);
    await forwardEvents(shop, { eventIds: [row!.id] }, { retryCount: 3, retryLimit: 3 });
    expect(await deadLetters(shop)).toEqual([expect.objectContaining({ destination: "segment", eventIds: [row!.id], attempts: 4, lastError: expect.stringMatching(/503/) })]);
  });

  it("PostHog's capture API gets the project key in the body and a distinct id per event", async () => {
    const posthog = await openTestShop({ env: { ANALYTICS_DESTINATION: "posthog", ANALYTICS_DESTINATION_URL: receiver.url, ANALYTICS_WRITE_KEY: "phc_key" } });
    try {
      const [row] = await dbOf(posthog).insert(analyticsEvents).values({ name: "Earn", properties: { location: "ph" }, anonymousId: "anon-ph", createdAt: posthog.clock.now() }).returning({ id: analyticsEvents.id });
      await forwardEvents(posthog, { eventIds: [row!.id] }, { retryCount: 0, retryLimit: 3 });
      const request = receiver.received.at(-1)!;
      expect(request.path).toBe("/batch/");
      expect(request.body).toEqual({ api_key: "phc_key", batch: [expect.objectContaining({ event: "Earn", properties: expect.objectContaining({ location: "ph", distinct_id: "anon-ph" }) })] });
    } finally {
      await posthog.cleanup();
    }
  });
});

describe(`experiments and attribution (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function signIn(email: string) {
    const customer = await findOrCreateCustomer(shop, email);
    const { token } = await startSession(shop, customer);
    return { customer, cookie: `seed_jwt=${token}` };
  }

  it("PUT /account/user-experiment/{name} without a variant assigns deterministically and keeps it", async () => {
    const { customer, cookie } = await signIn("assign@example.com");
    const put = () => app.request("/provider/account/user-experiment/referral_badge_2", { method: "PUT", body: "{}", headers: { ...JSON_HEADERS, cookie } });
    const first = await (await put()).json();
    expect(first).toEqual({ name: "referral_badge_2", variant: expect.stringMatching(/^(control|new_badge)$/), inExperiment: true });
    expect(await (await put()).json()).toEqual(first);
    expect(await experimentsOf(shop, customer.id)).toEqual({ referral_badge_2: first.variant });
  });

  it("an unknown experiment answers 404 {code, message}", async () => {
    const { cookie } = await signIn("unknown-exp@example.com");
    const res = await app.request("/provider/account/user-experiment/no_such_test", { method: "PUT", body: "{}", headers: { ...JSON_HEADERS, cookie } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "There is no experiment named no_such_test." });
  });

  it("the report counts members the shell served and their later orders by variant, with intervals; client events move nothing", async () => {
    const member = async (unit: string) => (await findOrCreateCustomer(shop, `${unit}-report@example.com`)).id;
    /** The member holds `variant` of loyalty_new_user and the shell serves it (a visit to any page). */
    const serve = async (unit: string, variant: string) => {
      const id = await member(unit);
      await setExperiment(shop, id, "loyalty_new_user", variant);
      await serveExperiments(shop, id);
    };
    /** The member, signed in, places an order at checkout. */
    const buy = async (unit: string, n: number) => {
      const { cookie } = await signIn(`${unit}-report@example.com`);
      await placeTestOrder(app, { email: `${unit}-report@example.com`, address1: `${n} Report Road`, cookie });
    };
    // An order before the member was first served does not count.
    await buy("x9", 9);
    shop.clock.advance(60_000);
    for (let i = 0; i < 10; i++) await serve(`c${i}`, "control");
    for (let i = 0; i < 10; i++) await serve(`x${i}`, "exclude");
    await serveExperiments(shop, await member("c0")); // a second visit is the same exposure
    shop.clock.advance(60_000);
    for (const [n, unit] of ["c0", "x0", "x1", "x2"].entries()) await buy(unit, n);
    // What browsers send is still accepted and stored, and counts for nothing: c1 "orders", x3 "sees" control.
    const events = [
      { name: "Order Completed", properties: { order_id: "made-up", total: 10, currency: "USD" }, anonymousId: "c1" },
      { name: "Experiment Viewed", properties: { experiment: "loyalty_new_user", variant: "control" }, anonymousId: "x3" },
    ];
    expect((await app.request("/api/events", { method: "POST", body: JSON.stringify({ events, consent: ALL }), headers: JSON_HEADERS })).status).toBe(202);

    const report = await experimentReport(shop, "loyalty_new_user");
    expect(report.variants.map(({ variant, exposures, conversions }) => ({ variant, exposures, conversions }))).toEqual([
      { variant: "control", exposures: 10, conversions: 1 },
      { variant: "exclude", exposures: 10, conversions: 3 },
    ]);
    expect(report.variants[1]!.lift!.difference).toBeCloseTo(0.2, 10);
    expect(report.variants[0]!.rateInterval.low).toBeGreaterThanOrEqual(0);
    const text = formatExperimentReport(report);
    expect(text).toMatch(/^control \(control\)\s+10\s+1\s+10\.0%\s+1\.8% to 40\.4%/m);
    expect(text).toMatch(/^exclude\s+10\s+3\s+30\.0%\s+\S+ to \S+\s+\+20\.0\s+/m);
    expect(text).toContain("exclude: no clear difference yet");
  });

  it("copies the visit's campaign values onto an order, once", async () => {
    const orderId = "3f2b8c1e-7d0a-4b7e-9d55-0c1f2a3b4c5d";
    const attribution = { firstTouch: { utm_source: "google" }, lastTouch: { utm_source: "newsletter", utm_campaign: "spring" } };
    await recordOrderAttribution(dbOf(shop), { orderId, attribution, clickId: "fb.1.5.abc", now: shop.clock.now() });
    await recordOrderAttribution(dbOf(shop), { orderId, attribution: { firstTouch: { utm_source: "other" }, lastTouch: {} }, now: shop.clock.now() });
    const rows = await dbOf(shop).select().from(orderAttributions).where(eq(orderAttributions.orderId, orderId));
    expect(rows).toEqual([expect.objectContaining({ firstTouch: { utm_source: "google" }, lastTouch: { utm_source: "newsletter", utm_campaign: "spring" }, clickId: "fb.1.5.abc" })]);
    await recordOrderAttribution(dbOf(shop), { orderId: "4f2b8c1e-7d0a-4b7e-9d55-0c1f2a3b4c5d", attribution: undefined, now: shop.clock.now() });
    expect(await dbOf(shop).select().from(orderAttributions).where(eq(orderAttributions.orderId, "4f2b8c1e-7d0a-4b7e-9d55-0c1f2a3b4c5d"))).toEqual([]);
  });
});
