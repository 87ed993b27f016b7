import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";

/**
 * The SQL statements one order costs, as the bench places it (a new guest, one subscription product, a new card, no
 * coupon), through POST /api/purchase. BEGIN and COMMIT are left out (PGlite runs them outside the query builder).
 * Adding a statement to the order path fails here: if it earns its place, add it to the list below and say why in
 * the commit. Removing one fails too, to keep the list true: take it out here.
 */
const ORDER_STATEMENTS = [
  "insert checkout_attempts", // claim the key
  "select checkout_attempts", // read the claim back for the duplicate check
  "select checkout_attempts", // a completed or earlier same-cart attempt within a minute
  "insert customers", // the customer, created if new
  "select customers",
  "select orders", // paid orders so far: is this their first?
  "select sandbox_tokens", // the card behind the token (gateway.describe)
  "select sandbox_tokens", // the same again (gateway.authorize)
  "insert sandbox_charges",
  "select sandbox_charges",
  "update checkout_attempts", // note the authorization on the claim
  "insert orders",
  "insert order_lines",
  "select payment_methods",
  "update payment_methods",
  "insert payment_methods",
  "insert payments",
  "insert subscriptions",
  "select orders", // the order read back for the confirmation email
  "select order_lines",
  "select payments",
  "select subscriptions",
  "insert email_outbox",
  "update checkout_attempts", // complete the attempt
  "update sandbox_charges", // capture
  "update payments",
  "select orders", // the order read back for the answer
  "select order_lines",
  "select payments",
  "select subscriptions",
];

/** "insert orders", "select order_lines": the verb and the first table a statement names. */
function shapeOf(sql: string): string {
  const text = sql.trim().replace(/\s+/g, " ").toLowerCase();
  const verb = text.split(" ")[0]!;
  const table = (verb === "select" ? / from "?(\w+)"?/.exec(text) : /^(?:insert into|update|delete from) "?(\w+)"?/.exec(text))?.[1];
  return table ? `${verb} ${table}` : verb;
}

describe(`the statements of one order (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let recording: string[] | null = null;
  let n = 0;

  beforeAll(async () => {
    shop = await openTestShop({ onQuery: (sql) => recording?.push(sql) });
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
    });
    return res.status;
  }

  it(`places the bench's order in ${ORDER_STATEMENTS.length} statements and no more`, async () => {
    expect(await purchase()).toBe(201); // the first order may fill caches
    expect(await purchase()).toBe(201);
    const statements = recording!.map(shapeOf).filter((s) => !["begin", "commit", "rollback"].includes(s));
    recording = null;
    // Sorted: reads that run side by side (Promise.all) arrive in either order.
    expect([...statements].sort()).toEqual([...ORDER_STATEMENTS].sort());
  });
});
