import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { tokenizeCard } from "../integrations/payments/sandbox";
import { orderSummary } from "../modules/orders";
import { dbOf } from "../shop";
import { placeOrder } from "./place-order";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";

/**
 * The SQL statements one order costs, as the bench places it (a new guest, one subscription product, a new card, no
 * coupon), through POST /api/purchase. BEGIN and COMMIT are left out (PGlite runs them outside the query builder).
 * Adding a statement to the order path fails here: if it earns its place, add it to the list below and say why in
 * the commit. Removing one fails too, to keep the list true: take it out here.
 */
const ORDER_STATEMENTS = [
  "insert checkout_attempts", // claim the key (committed before any charge: crash safety)
  "select checkout_attempts", // a completed or earlier same-cart attempt within a minute
  "insert customers", // the customer, created if new, answered either way
  "select sandbox_tokens", // the gateway: the card behind the token
  "insert sandbox_charges", // the gateway: the authorization
  "update checkout_attempts", // note the authorization on the claim (for the settle job, should this process die)
  "insert orders",
  "insert order_lines",
  "with", // the saved card: made default when it should be, the others cleared, in one statement
  "insert payments",
  "insert subscriptions",
  "insert email_outbox",
  "update checkout_attempts", // complete the attempt, only if this claim still holds it
  "update sandbox_charges", // the gateway: capture
  "update payments", // the payment captured
  "insert member_ledger", // the loyalty points of the paid order (one INSERT … SELECT, ADR 0037)
];

/** "insert orders", "select order_lines": the verb and the first table a statement names. */
function shapeOf(sql: string): string {
  const text = sql.trim().replace(/\s+/g, " ").toLowerCase();
  const verb = text.split(" ")[0]!;
  const table = (verb === "select" ? / from "?(\w+)"?/.exec(text) : /^(?:insert into|update|delete from) "?(\w+)"?/.exec(text))?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * With the rate limits on (issue 10), a purchase pays two statements more: the card behind the token, for its
 * fingerprint, and one statement that counts the purchase against its address's limit and reads the address's, email's
 * and card's declines (purchaseStanding).
 */
const LIMITER_STATEMENTS = ["select sandbox_tokens", "with"];

describe.each([
  { limits: "off", extra: [] as string[] },
  { limits: "on", extra: LIMITER_STATEMENTS },
])(`the statements of one order with rate limits $limits (${testDriver()})`, ({ limits, extra }) => {
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

  async function purchase(): Promise<number> {
    const tokenized = await app.request("/api/payments/sandbox/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" }),
    });
    const { token } = (await tokenized.json()) as { token: string };
    const body = {
      email: `statements-${++n}@example.com`,
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
      items: { "syn-wk-3mo": 1 },
      couponCodes: [],
      payment: { token },
      healthCertification: true,
    };
    recording = [];
    const res = await app.request("/api/purchase", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: JSON.stringify(body),
    }, { incoming: { socket: { remoteAddress: "203.0.113.40" } } }); // the peer a real connection has: limits count per address
    return res.status;
  }

  it(`places the bench's order in ${ORDER_STATEMENTS.length} statements (and the limiter's) and no more`, async () => {
    expect(await purchase()).toBe(201); // the first order may fill caches
    expect(await purchase()).toBe(201);
    const statements = recording!.map(shapeOf).filter((s) => !["begin", "commit", "rollback"].includes(s));
    recording = null;
    // Sorted: reads that run side by side (Promise.all) arrive in either order.
    expect([...statements].sort()).toEqual([...ORDER_STATEMENTS, ...extra].sort());
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
      };
      const answer = await placeOrder(shop, request as Parameters<typeof placeOrder>[1], { idempotencyKey: randomUUID(), sessionCustomerId: null, ip: null, addressKey: null });
      expect(JSON.parse(JSON.stringify(answer))).toEqual(JSON.parse(JSON.stringify(await orderSummary(dbOf(shop), answer.id))));
    }
  });
});
