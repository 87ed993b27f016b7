import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewals } from "../db/schema";
import { dbOf } from "../shop";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { drainDueRenewals } from "./renew-subscription";

/**
 * The SQL statements a batch of renewals costs (ADR 0029), so the round trips per renewal cannot creep back (they were
 * about 27 per renewal, one renewal at a time). A batch of paid renewals (sandbox cards, no coupon, no credit, no
 * add-ons) is read in a few set-based statements, charged in three, and written with multi-row statements in one
 * transaction. BEGIN and COMMIT are left out. Adding a statement to the batch fails here: if it earns its place, add
 * it below and say why in the commit.
 */
const BATCH_STATEMENTS = [
  "insert renewals", // claim: open the renewals of due subscriptions (SKIP LOCKED, unique per subscription and period)
  "select renewals", // the claimed renewals
  "select subscriptions",
  "select subscription_add_ons", // the portal's one-time add-ons and "ask me before each charge" (one UNION ALL)
  "select customers", // the emails
  "select subscription_prices", // the prices agreed
  "select price_notices", // and the notices of new ones
  "select retention_offers",
  "select member_ledger", // the credit balances (referral rewards, points redeemed)
  "select payment_methods",
  "update renewals", // freeze the quotes (one UPDATE … FROM VALUES)
  "select sandbox_tokens", // the gateway: the cards
  "insert sandbox_charges", // the gateway: the charges, one per key
  "select sandbox_charges", // the gateway: its answers
  "update renewals", // paid, guarded by the attempt number (one UPDATE … FROM VALUES)
  "insert renewal_attempts",
  "insert orders",
  "insert order_lines",
  "update renewals", // the orders named
  "insert ledger_entries",
  "insert member_ledger", // the points earned (one INSERT … SELECT over VALUES)
  "insert subscription_prices", // the prices agreed (one upsert)
  "insert payments",
  "update subscriptions", // the next billing dates (one UPDATE … FROM VALUES)
  "insert email_outbox", // the receipts
];
const BATCH = 50;

function shapeOf(text: string): string {
  const t = text.trim().replace(/\s+/g, " ").toLowerCase();
  const verb = t.split(" ")[0]!;
  const table = (verb === "select" || verb === "(select" ? / from "?(\w+)"?/.exec(t) : /^(?:insert into|update|delete from) "?(\w+)"?/.exec(t))?.[1];
  return table ? `${verb.replace("(", "")} ${table}` : verb;
}

describe(`the statements of a batch of renewals (${testDriver()})`, () => {
  let shop: TestShop;
  let recording: string[] | null = null;
  const T0 = new Date("2027-02-01T09:00:00Z");

  beforeAll(async () => {
    shop = await openTestShop({ now: T0.toISOString(), onQuery: (text) => recording?.push(text) });
  });
  afterAll(() => shop.cleanup());

  it(`renews ${BATCH} due subscriptions in ${BATCH_STATEMENTS.length} statements (under one round trip per renewal)`, async () => {
    // A first renewal fills the caches (catalogue snapshot).
    await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(T0.getTime() - 60_000) });
    await drainDueRenewals(shop, { batch: BATCH, concurrency: 1, ratePerSecond: 1e6 });

    await seedSubscriptions(shop, { count: BATCH, nextBillingAt: T0 });
    recording = [];
    const report = await drainDueRenewals(shop, { batch: BATCH, concurrency: 1, ratePerSecond: 1e6 });
    const all = recording.map(shapeOf).filter((s) => !["begin", "commit", "rollback"].includes(s));
    recording = null;
    expect(report.outcomes).toEqual({ paid: BATCH });

    // The batch itself: from the claim that returned the renewals to the receipts.
    const start = all.indexOf("insert renewals");
    const end = all.lastIndexOf("insert email_outbox");
    const batch = all.slice(start, end + 1);
    expect([...batch].sort()).toEqual([...BATCH_STATEMENTS].sort());
    // The whole sweep: the batch, one empty claim (two statements), and the look for renewals waiting in vain.
    expect(all.length).toBeLessThanOrEqual(BATCH_STATEMENTS.length + 4);
    expect(all.length / BATCH).toBeLessThan(1);

    const paid = await dbOf(shop).select({ n: sql<number>`count(*)::int` }).from(renewals).where(eq(renewals.status, "paid"));
    expect(Number(paid[0]!.n)).toBe(BATCH + 1);
  });
});
