import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOrderParts, completedAttemptPart, orderConfirmationPart } from "../modules/orders";
import { capturedPart, paymentPart, savedCardParts } from "../modules/payments";
import { orderPointsPart } from "../modules/loyalty";
import { subscriptionsPart } from "../modules/subscriptions";
import { orderAttributionPart } from "../modules/analytics";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { checkoutAttempts, orders } from "./schema";
import { statementPart, type StatementPart } from "./one-statement";
import { statementText } from "./statement-text";

/** Drizzle's own answer for a statement (a dialect of its own: the shop's writes with statementText): what statementText must equal. */
const drizzleDialect = new PgDialect();
function drizzleText(_shop: TestShop, statement: SQL) {
  const { sql: text, params } = drizzleDialect.sqlToQuery(statement);
  return { sql: text, params }; // its typings (for other drivers) are not sent by ours
}

function withParts(parts: StatementPart[]): SQL {
  return sql`with ${sql.join(parts.map((p) => sql`${sql.identifier(p.name)} as (${p.sql})`), sql`, `)} select 1`;
}

describe(`statementText: the same text and parameters as drizzle's (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it("for every part of a checkout order's one statement, and the statement whole", () => {
    const db = dbOf(shop);
    const now = new Date("2026-11-25T10:00:00.000Z");
    const customerId = randomUUID();
    const orderId = randomUUID();
    const quote = {
      currency: "USD", country: "US", subtotal: 4999, discountTotal: 0, discounts: [], total: 4999, preorderMessage: null,
      shipping: { method: "standard", label: "Standard", amount: 0 },
      lines: [{ productCode: "syn-wk", planCode: "syn-wk-3mo", name: "Daily Synbiotic", image: "/a.png", quantity: 1, unitPrice: 4999, listTotal: 4999, discount: 0, total: 4999, bonus: false, isSrp: true, billingPeriodMonths: 3, renewsInto: "syn-wk-3mo" }],
    } as never;
    const address = { firstName: "Ada", lastName: "O'Neil \"Q\"", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };
    const attempt = completedAttemptPart(db, "key-1", "claim-1", orderId, now);
    const saved = savedCardParts({ customerId, gateway: "sandbox", token: "tok_1", card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2035 }, makeDefault: true, now });
    const subscriptions = subscriptionsPart(db, { customerId, orderId, quote, priceList: "default" as never, renewalCouponCode: null, paymentMethodId: saved.id, shippingAddress: address as never, now });
    const order = { id: orderId, number: 7, customerId, email: "ada@example.com", quote, shippingAddress: address as never, idempotencyKey: "key-1", now };
    const summary = { id: orderId, number: "SD-100007", email: "ada@example.com", status: "paid", currency: "USD", lines: [], subtotal: 4999, discounts: [], discountTotal: 0, shipping: { method: "standard", label: "Standard", amount: 0 }, total: 4999, createdAt: now.toISOString(), shippingAddress: address, payment: { brand: "visa", last4: "4242" }, subscriptions: subscriptions.started } as never;
    const parts = [
      attempt.part,
      ...checkoutOrderParts(db, order as never, attempt.gate),
      orderAttributionPart(db, { orderId, attribution: { firstTouch: { utm_source: "news" }, lastTouch: { utm_source: "ad" } }, clickId: "fb.1.2.x", now })!,
      ...saved.parts,
      paymentPart(db, { orderId, customerId, gateway: "sandbox", chargeId: "ch_1", amount: 4999, currency: "USD", card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2035 }, now }).part,
      subscriptions.part!,
      orderConfirmationPart(db, summary, { now }),
      capturedPart(db, randomUUID(), now),
      orderPointsPart({ customerId, orderId, amount: 4999, now })!,
    ];
    for (const part of parts) expect(statementText(part.sql), part.name).toEqual(drizzleText(shop, part.sql));
    const whole = withParts(parts);
    const mine = statementText(whole)!;
    expect(mine).toEqual(drizzleText(shop, whole));
    expect(mine.params.length).toBeGreaterThan(60);
  });

  it("for updates with conditions, selects and raw SQL with identifiers, values and Dates", () => {
    const db = dbOf(shop);
    const now = new Date("2026-11-25T10:00:00.000Z");
    const statements = [
      db.update(checkoutAttempts).set({ status: "failed", updatedAt: now }).where(and(eq(checkoutAttempts.idempotencyKey, "k"), eq(checkoutAttempts.claim, "c"))).getSQL(),
      db.select({ id: orders.id }).from(orders).where(eq(orders.email, "a@example.com")).getSQL(),
      sql`select ${sql.identifier("weird \"name\"")}, ${now}, ${42}, ${"text"}, ${null}, ${true} where 1 in ${[1, 2, sql`3`]}`,
      withParts([statementPart("a", sql`select 1`), statementPart("b", db.insert(orders).values({ customerId: randomUUID(), email: "b@example.com", status: "paid", currency: "USD", country: "US", subtotal: 1, discountTotal: 0, discounts: [], shippingMethod: "standard", shippingLabel: "S", shippingAmount: 0, total: 1, shippingAddress: {}, idempotencyKey: "k2", createdAt: now }).returning({ id: orders.id }))]),
    ];
    for (const s of statements) expect(statementText(s)).toEqual(drizzleText(shop, s));
  });

  it("leaves to drizzle what it does not write itself: inlined values, placeholders, query builders", () => {
    expect(statementText(sql`select ${sql.placeholder("x")}`)).toBeNull();
    expect(statementText(sql`select ${"a"}`.inlineParams())).toBeNull();
    expect(statementText(sql`select * from ${dbOf(shop).select().from(orders)}`)).toBeNull();
  });

  it("is what the shop's databases write with, falling back to drizzle's walk for the rest", async () => {
    const db = dbOf(shop) as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } };
    const mine = sql`select ${1} as one`;
    expect(db.dialect.sqlToQuery(mine)).toEqual(statementText(mine));
    const theirs = sql`select ${"a"} as one`.inlineParams();
    expect(db.dialect.sqlToQuery(theirs)).toEqual(drizzleDialect.sqlToQuery(theirs));
    const rows = await dbOf(shop).select({ n: orders.number }).from(orders).where(eq(orders.email, "nobody@example.com"));
    expect(rows).toEqual([]);
  });

});
