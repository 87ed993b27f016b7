import { describe, expect, it } from "vitest";
import type { CartCatalog } from "./cart";
import { applyCartIntent, cartFromCookies, cartSetCookie, parseCartIntent, rawCartFromCookies } from "./cart-cookie";

const catalog: CartCatalog = new Map([
  ["syn-wk", { isSrp: true, maxQuantity: 1 }],
  ["syn-gr", { isSrp: false, maxQuantity: 3 }],
  ["pds-wk", { isSrp: true, maxQuantity: 3 }],
]);

describe("the cart cookie", () => {
  it("round-trips a cart through Set-Cookie and Cookie", () => {
    const set = cartSetCookie({ "syn-gr": 2, "pds-wk": 1 }, "http:");
    expect(set).toMatch(/^seed_cart_items=.*; Path=\/; Max-Age=2592000; SameSite=Lax$/);
    expect(cartSetCookie({}, "https:")).toMatch(/; SameSite=Lax; Secure$/);
    const header = `seed_cart_id=abc; ${set.split(";")[0]}; other=1`;
    expect(cartFromCookies(header, catalog)).toEqual({ "syn-gr": 2, "pds-wk": 1 });
  });
  it("drops unknown codes, bad numbers and unreadable values", () => {
    expect(cartFromCookies(`seed_cart_items=${encodeURIComponent('{"nope":1,"syn-gr":-1,"syn-wk":5}')}`, catalog)).toEqual({ "syn-wk": 1 });
    expect(cartFromCookies("seed_cart_items=%E0%A4%A", catalog)).toEqual({});
    expect(cartFromCookies("seed_cart_items=not-json", catalog)).toEqual({});
    expect(rawCartFromCookies(undefined)).toBeNull();
  });
});

describe("cart form intents", () => {
  it("parses only the three actions on a product code", () => {
    expect(parseCartIntent("increase:syn-gr")).toEqual({ action: "increase", code: "syn-gr" });
    expect(parseCartIntent("remove:pds-wk")).toEqual({ action: "remove", code: "pds-wk" });
    expect(parseCartIntent("drop:syn-gr")).toBeNull();
    expect(parseCartIntent("increase:<script>")).toBeNull();
    expect(parseCartIntent(undefined)).toBeNull();
  });
  it("follows the cart rules: capped, decrement, forced removal; unknown products refused", () => {
    expect(applyCartIntent({ "syn-gr": 3 }, { action: "increase", code: "syn-gr" }, catalog)).toEqual({ "syn-gr": 3 });
    expect(applyCartIntent({ "syn-gr": 2 }, { action: "decrease", code: "syn-gr" }, catalog)).toEqual({ "syn-gr": 1 });
    expect(applyCartIntent({ "syn-gr": 2 }, { action: "remove", code: "syn-gr" }, catalog)).toEqual({});
    expect(applyCartIntent({ "syn-wk": 1 }, { action: "increase", code: "pds-wk" }, catalog)).toEqual({ "pds-wk": 1 });
    expect(() => applyCartIntent({}, { action: "increase", code: "vs-zz" }, catalog)).toThrow("Product does not exist");
  });
});
