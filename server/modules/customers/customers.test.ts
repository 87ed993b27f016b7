import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerExperiments, customers } from "../../db/schema";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { experimentsOf, findCustomerById, findOrCreateCustomer, setExperiment } from "./customers";

describe(`customers (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it("findOrCreate stores the email trimmed and lowercased", async () => {
    const customer = await findOrCreateCustomer(shop, "  Ana.Lopez@Example.COM ", { firstName: "Ana", lastName: "Lopez" });
    expect(customer).toMatchObject({ email: "ana.lopez@example.com", firstName: "Ana", lastName: "Lopez" });
  });

  it("finds the same customer whatever the case of the email", async () => {
    const a = await findOrCreateCustomer(shop, "Case@Example.com");
    const b = await findOrCreateCustomer(shop, "case@example.com");
    const c = await findOrCreateCustomer(shop, " CASE@EXAMPLE.COM");
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await dbOf(shop).select().from(customers).where(eq(customers.email, "case@example.com"))).toHaveLength(1);
  });

  it("finding an existing customer does not overwrite the names", async () => {
    await findOrCreateCustomer(shop, "names@example.com", { firstName: "First" });
    const again = await findOrCreateCustomer(shop, "NAMES@example.com", { firstName: "Second" });
    expect(again.firstName).toBe("First");
  });

  it("concurrent findOrCreate for one email makes one customer", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => findOrCreateCustomer(shop, "race@example.com")));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it("findCustomerById gives the summary the shell needs, or null", async () => {
    const customer = await findOrCreateCustomer(shop, "summary@example.com", { firstName: "Sam" });
    expect(await findCustomerById(shop, customer.id)).toEqual({
      id: customer.id,
      email: "summary@example.com",
      firstName: "Sam",
      fraudulentStatus: null,
      subscriptionCount: 0,
    });
    expect(await findCustomerById(shop, "00000000-0000-0000-0000-000000000000")).toBeNull();
  });

  it("experiments are per customer and start empty", async () => {
    const a = await findOrCreateCustomer(shop, "exp-a@example.com");
    const b = await findOrCreateCustomer(shop, "exp-b@example.com");
    expect(await experimentsOf(shop, a.id)).toEqual({});
    await setExperiment(shop, a.id, "loyalty_new_user", "exclude");
    await setExperiment(shop, a.id, "referral_badge_2", "new_badge");
    expect(await experimentsOf(shop, a.id)).toEqual({ loyalty_new_user: "exclude", referral_badge_2: "new_badge" });
    expect(await experimentsOf(shop, b.id)).toEqual({});
  });

  it("setting an experiment again replaces the variant and its assignment time", async () => {
    const customer = await findOrCreateCustomer(shop, "exp-change@example.com");
    const start = shop.clock.now();
    await setExperiment(shop, customer.id, "referral_badge_2", "control");
    shop.clock.advance(60_000);
    try {
      await setExperiment(shop, customer.id, "referral_badge_2", "new_badge");
      expect(await experimentsOf(shop, customer.id)).toEqual({ referral_badge_2: "new_badge" });
      const [row] = await dbOf(shop).select().from(customerExperiments).where(eq(customerExperiments.customerId, customer.id));
      expect(row!.assignedAt.getTime()).toBe(start.getTime() + 60_000);
    } finally {
      shop.clock.set(start);
    }
  });
});
