import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenizeCard } from "../integrations/payments/sandbox";
import { findOrCreateCustomer } from "../modules/customers";
import { memberSubscription } from "../modules/subscriptions";
import { buySubscription, DE_ADDRESS, US_ADDRESS } from "../testing/subscriber";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { replaceCard, saveShippingAddress } from "./account-data";
import { settingsAddressOf } from "./settings-address";

/** Issue 34, points 7 and 8: settings start from the last order, and what settings change is what the subscriptions use. */
describe(`settings address and the subscription's ship-to and card (${testDriver()})`, () => {
  let shop: TestShop;
  let n = 0;
  const buyer = (address = US_ADDRESS, email = `settings${++n}@example.com`) => buySubscription(shop, { email, address });

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());

  it("before an address is saved, settings start from the newest order's address and say which order; after, from the saved one", async () => {
    const m = await buyer({ ...US_ADDRESS, phone: "+1 512 555 0100" });
    const first = await settingsAddressOf(shop, m.customerId);
    expect(first).toMatchObject({ source: "last_order", address: { address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" } });
    expect(first.source === "last_order" && first.orderNumber).toMatch(/^SD-\d+$/);
    expect(first.address).not.toHaveProperty("phone");

    await saveShippingAddress(shop, m.customerId, { ...US_ADDRESS, address1: "9 Elm St", city: "Portland", region: "OR", postalCode: "97201" });
    expect(await settingsAddressOf(shop, m.customerId)).toMatchObject({ source: "saved", address: { address1: "9 Elm St", region: "OR" } });
  });

  it("a member with no order and no address starts from an empty form", async () => {
    const customer = await findOrCreateCustomer(shop, `noorder${++n}@example.com`);
    expect(await settingsAddressOf(shop, customer.id)).toEqual({ source: "none", address: null });
  });

  it("the subscription shows where it ships and which card pays; a saved address and a new card apply to it from the next shipment", async () => {
    const m = await buyer({ ...US_ADDRESS, phone: "+1 512 555 0100" });
    const before = await memberSubscription(shop, m.customerId, m.subscriptionId);
    expect(before.shipTo).toMatchObject({ firstName: "Ada", address1: "1 Main St", city: "Austin", region: "TX", country: "US" });
    expect(before.payment).toMatchObject({ brand: expect.stringMatching(/visa/i), last4: "4242" });

    const result = await saveShippingAddress(shop, m.customerId, { ...US_ADDRESS, address1: "9 Elm St", city: "Portland", region: "OR", postalCode: "97201" });
    expect(result).toEqual({ moved: 1, elsewhere: 0 });
    const moved = await memberSubscription(shop, m.customerId, m.subscriptionId);
    expect(moved.shipTo).toMatchObject({ address1: "9 Elm St", city: "Portland", region: "OR", postalCode: "97201", address2: "" });

    const { token } = await tokenizeCard(shop, { number: "5555555555554444", expMonth: 1, expYear: 2031, cvc: "123" });
    await replaceCard(shop, m.customerId, token);
    expect((await memberSubscription(shop, m.customerId, m.subscriptionId)).payment).toMatchObject({ last4: "4444", expYear: 2031 });
  });

  it("an address in another country is saved but leaves a subscription priced for its own country where it is", async () => {
    const m = await buyer();
    const result = await saveShippingAddress(shop, m.customerId, DE_ADDRESS);
    expect(result).toEqual({ moved: 0, elsewhere: 1 });
    expect((await memberSubscription(shop, m.customerId, m.subscriptionId)).shipTo).toMatchObject({ country: "US", city: "Austin" });
    expect(await settingsAddressOf(shop, m.customerId)).toMatchObject({ source: "saved", address: { country: "DE" } });
  });
});
