import { describe, expect, it } from "vitest";
import { addToCart, cartCount, CartError, hasSubscription, parseStoredCart, removeFromCart, replaceCart, type CartCatalog } from "./cart";

const catalog: CartCatalog = new Map([
  ["syn-wk", { isSrp: true, maxQuantity: 1 }],
  ["syn-wk-3mo", { isSrp: true, maxQuantity: 1 }],
  ["pds-wk", { isSrp: true, maxQuantity: 3 }],
  ["syn-gr", { isSrp: false, maxQuantity: 5 }],
  ["pds-gwp", { isSrp: false, maxQuantity: 1 }],
]);

describe("adding (SPEC.md section 4, Cart)", () => {
  it("trims and lowercases the code", () => expect(addToCart({}, "  SYN-GR ", catalog)).toEqual({ "syn-gr": 1 }));
  it("an unknown code fails with 'Product does not exist'", () => {
    expect(() => addToCart({}, "nope", catalog)).toThrow(new CartError("Product does not exist"));
  });
  it("a subscription product removes existing subscription products", () => {
    expect(addToCart({ "syn-wk": 1, "pds-wk": 2, "syn-gr": 1 }, "syn-wk-3mo", catalog)).toEqual({ "syn-gr": 1, "syn-wk-3mo": 1 });
  });
  it("so the cart then holds only that one subscription", () => {
    const cart = addToCart(addToCart({}, "syn-wk", catalog), "pds-wk", catalog);
    expect(Object.keys(cart).filter((c) => catalog.get(c)?.isSrp)).toEqual(["pds-wk"]);
  });
  it("a one-time product keeps subscriptions", () => {
    expect(addToCart({ "syn-wk": 1 }, "syn-gr", catalog)).toEqual({ "syn-wk": 1, "syn-gr": 1 });
  });
  it("adding again increases the quantity", () => expect(addToCart({ "syn-gr": 2 }, "syn-gr", catalog)).toEqual({ "syn-gr": 3 }));
  it("quantity is capped at maxQuantity", () => {
    expect(addToCart({ "syn-gr": 5 }, "syn-gr", catalog)).toEqual({ "syn-gr": 5 });
    expect(addToCart({}, "syn-gr", catalog, 99)).toEqual({ "syn-gr": 5 });
    expect(addToCart({ "syn-wk": 1 }, "syn-wk", catalog)).toEqual({ "syn-wk": 1 });
  });
  it("re-adding the same subscription keeps it (capped)", () => expect(addToCart({ "pds-wk": 1 }, "pds-wk", catalog)).toEqual({ "pds-wk": 2 }));
});

describe("removing", () => {
  it("decrements by one", () => expect(removeFromCart({ "syn-gr": 3 }, "syn-gr", catalog)).toEqual({ cart: { "syn-gr": 2 }, clearPromoCode: false }));
  it("deletes the line at quantity 1", () => expect(removeFromCart({ "syn-gr": 1 }, "syn-gr", catalog).cart).toEqual({}));
  it("deletes the line when forced", () => expect(removeFromCart({ "syn-gr": 4 }, "syn-gr", catalog, true).cart).toEqual({}));
  it("deleting a subscription line clears the promo code", () => {
    expect(removeFromCart({ "syn-wk": 1 }, "syn-wk", catalog)).toEqual({ cart: {}, clearPromoCode: true });
  });
  it("decrementing a subscription line without deleting it keeps the promo code", () => {
    expect(removeFromCart({ "pds-wk": 2 }, "pds-wk", catalog).clearPromoCode).toBe(false);
  });
  it("deleting a one-time line keeps the promo code", () => expect(removeFromCart({ "syn-gr": 1 }, "syn-gr", catalog).clearPromoCode).toBe(false));
  it("removing what is not there changes nothing", () => expect(removeFromCart({ "syn-gr": 1 }, "pds-wk", catalog).cart).toEqual({ "syn-gr": 1 }));
});

describe("replace, count and stored carts", () => {
  it("replace sets a single item with quantity 1", () => expect(replaceCart("PDS-WK", catalog)).toEqual({ "pds-wk": 1 }));
  it("counts items", () => expect(cartCount({ "syn-gr": 2, "syn-wk": 1 })).toBe(3));
  it("knows whether a subscription is in the cart", () => {
    expect(hasSubscription({ "syn-gr": 1 }, catalog)).toBe(false);
    expect(hasSubscription({ "syn-gr": 1, "pds-wk": 1 }, catalog)).toBe(true);
  });
  it("parses a stored cart, dropping junk, unknown codes and non-positive quantities, capping the rest", () => {
    expect(parseStoredCart('{"syn-gr":9,"nope":1,"pds-wk":0,"syn-wk":"1"}', catalog)).toEqual({ "syn-gr": 5 });
    expect(parseStoredCart("not json", catalog)).toEqual({});
    expect(parseStoredCart("[1,2]", catalog)).toEqual({});
    expect(parseStoredCart(null, catalog)).toEqual({});
  });
});
