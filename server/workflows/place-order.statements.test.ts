import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { tokenizeCard } from "../integrations/payments/sandbox";
import { startSession } from "../modules/auth/sessions";
import { findOrCreateCustomer } from "../modules/customers";
import { creditBalance, grantCredit } from "../modules/loyalty";
import { orderSummary } from "../modules/orders";
import { dbOf } from "../shop";
import { placeOrder } from "./place-order";
import { countDecline } from "../modules/rate-limit";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";

/**
 * The SQL statements one order costs, as the bench places it (a new guest, one subscription product, a new card, no
 * coupon), through POST /api/purchase. BEGIN and COMMIT are left out (PGlite runs them outside the query builder).
 * Adding a statement to the order path fails here: if it earns its place, add it to the list below and say why in
 * the commit. Removing one fails too, to keep the list true: take it out here.
 */
const ORDER_STATEMENTS = [
  "with", // claim the key and reserve the order's number, before any charge; with limits on, the purchase counted (ADR 0047)
  "select checkout_attempts", // a completed or earlier same-cart attempt within a minute (after the claim commits)
  "insert customers", // the customer, created if new, answered either way
  "with", // the gateway (sandbox): the card behind the token and its authorization, one statement
  "update checkout_attempts", // note the authorization on the claim (for the settle job, should this process die)
  "with", // ADR 0046: the attempt completed, order, lines, saved card, payment, subscription and email: one statement
  "update sandbox_charges", // the gateway: capture
  "with", // ADR 0046: the payment captured and the order's loyalty points (ADR 0037), one statement
];

/** The parts of the order's one statement, in the order they run (later parts read earlier ones). */
const ORDER_PARTS = ["attempt_done", "order_row", "order_lines", "cards_cleared", "saved_card", "payment", "subscriptions_started", "order_confirmation"];

/**
 * A signed-in member's order (their second, a new card, no credit): the member is read rather than made, their paid
 * orders are counted (first-order rules), and one statement reads their credit and spends it at once (ADR 0040): an
 * INSERT … SELECT that, with no credit, inserts nothing. With credit it is the same one statement.
 */
const MEMBER_ORDER_STATEMENTS = [
  ...ORDER_STATEMENTS.filter((s) => s !== "insert customers"),
  "select customers", // the signed-in member (before ADR 0040 too)
  "select subscriptions", // … and how many subscriptions they hold, read with them (before ADR 0040 too)
  "select orders", // their paid orders: is this a first order? (before ADR 0040 too)
  "with", // ADR 0040: their credit in the order's currency, read and spent in one INSERT … SELECT (none here: inserts nothing)
  "select customer_experiments", // ADR 0062: the member's served experiment variants, which may set a money flag (the fee table)
];

/** "insert orders", "select order_lines": the verb and the first table a statement names. */
function shapeOf(sql: string): string {
  const text = sql.trim().replace(/\s+/g, " ").toLowerCase();
  const verb = text.split(" ")[0]!;
  const table = (verb === "select" ? / from "?(\w+)"?/.exec(text) : /^(?:insert into|update|delete from) "?(\w+)"?/.exec(text))?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * With the rate limits on (issue 10), a purchase costs no statement more (ADR 0047): the card behind the token is known
 * from tokenising it (server/integrations/payments/known-cards.ts), and the claim's one statement also counts the
 * purchase against its address's limit and reads the address's, email's and card's declines.
 */
const CLAIM_PARTS = { off: ["commit_without_waiting", "attempt_claimed"], on: ["commit_without_waiting", "limit_hit", "limit_reads", "attempt_claimed"] };

describe.each([
  { limits: "off" as const },
  { limits: "on" as const },
])(`the statements of one order with rate limits $limits (${testDriver()})`, ({ limits }) => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let recording: string[] | null = null;
  let n = 0;

  beforeAll(async () => {
    const env: Record<string, string> = limits === "on" ? { RATE_LIMITS: "purchase-per-address=1000/1h" } : {};
    shop = await openTestShop({ env, onQuery: (sql) => recording?.push(sql) });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function purchase(cookie?: string, email?: string): Promise<number> {
    const tokenized = await app.request("/api/payments/sandbox/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" }),
    });
    const { token } = (await tokenized.json()) as { token: string };
    const body = {
      email: email ?? `statements-${++n}@example.com`,
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
      items: { "syn-wk-3mo": 1 },
      couponCodes: [],
      payment: { token },
      healthCertification: true,
      renewalConsent: true,
    };
    recording = [];
    const res = await app.request("/api/purchase", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    }, { incoming: { socket: { remoteAddress: "203.0.113.40" } } }); // the peer a real connection has: limits count per address
    return res.status;
  }

  it(`places the bench's order in ${ORDER_STATEMENTS.length} statements, limits on or off, and no more`, async () => {
    expect(await purchase()).toBe(201); // the first order may fill caches
    expect(await purchase()).toBe(201);
    const recorded = recording!;
    const statements = recorded.map(shapeOf).filter((s) => !["begin", "commit", "rollback"].includes(s));
    recording = null;
    // Sorted: reads that run side by side (Promise.all) arrive in either order.
    expect([...statements].sort()).toEqual([...ORDER_STATEMENTS].sort());
    const partsOf = (sql: string) => [...sql.matchAll(/"(\w+)" as \(/g)].map((m) => m[1]);
    expect(partsOf(recorded.find((sql) => sql.includes('"attempt_done" as ('))!)).toEqual(ORDER_PARTS);
    expect(partsOf(recorded.find((sql) => sql.includes('"attempt_claimed" as ('))!)).toEqual(CLAIM_PARTS[limits]);
  });

  it.runIf(limits === "on")("weighs a decline on record before claiming: the claim is then a statement of its own, one more", async () => {
    const email = `statements-declined-${++n}@example.com`;
    await countDecline(shop, { address: null, email, card: null });
    expect(await purchase(undefined, email)).toBe(201);
    const statements = recording!.map(shapeOf).filter((s) => !["begin", "commit", "rollback"].includes(s));
    recording = null;
    expect([...statements].sort()).toEqual([...ORDER_STATEMENTS, "with"].sort());
  });

  it.runIf(limits === "off")(`places a signed-in member's order without credit in ${MEMBER_ORDER_STATEMENTS.length} statements: four more than a guest's`, async () => {
    const member = await findOrCreateCustomer(shop, `statements-member-${++n}@example.com`, { firstName: "Ada", lastName: "Lovelace" });
    const cookie = `seed_jwt=${(await startSession(shop, member)).token}`;
    expect(await purchase(cookie, member.email)).toBe(201); // their first order
    shop.clock.advance(120_000); // past the same-cart-within-a-minute check
    expect(await purchase(cookie, member.email)).toBe(201);
    const statements = recording!.map(shapeOf).filter((s) => !["begin", "commit", "rollback", "select sessions", "update sessions"].includes(s));
    recording = null;
    expect([...statements].sort()).toEqual([...MEMBER_ORDER_STATEMENTS].sort());
    // With $5 of credit the same statement spends it: no statement more.
    await grantCredit(dbOf(shop), { customerId: member.id, amount: 500, currency: "USD", reason: "referral", key: `statements:${member.id}`, now: shop.clock.now() });
    shop.clock.advance(120_000);
    expect(await purchase(cookie, member.email)).toBe(201);
    const withCredit = recording!.map(shapeOf).filter((s) => !["begin", "commit", "rollback", "select sessions", "update sessions"].includes(s));
    recording = null;
    expect([...withCredit].sort()).toEqual([...MEMBER_ORDER_STATEMENTS].sort());
    expect(await creditBalance(dbOf(shop), member.id, "USD")).toBe(0);
  });

  it.runIf(limits === "off")("answers with the order built from what it wrote, the same as the order read back", async () => {
    for (const [items, couponCodes] of [[{ "syn-wk-3mo": 1 }, ["welcome10"]], [{ "syn-wk": 1, "syn-gr": 1 }, []]] as const) {
      const { token } = await tokenizeCard(shop, { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" });
      const request = {
        email: `written-${++n}@example.com`,
        shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", address2: "Apt 2", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
        items: { ...items },
        couponCodes: [...couponCodes],
        payment: { token },
        healthCertification: true,
        renewalConsent: true,
      };
      const answer = await placeOrder(shop, request as Parameters<typeof placeOrder>[1], { idempotencyKey: randomUUID(), sessionCustomerId: null, ip: null, addressKey: null });
      expect(JSON.parse(JSON.stringify(answer))).toEqual(JSON.parse(JSON.stringify(await orderSummary(dbOf(shop), answer.id))));
    }
  });
});
