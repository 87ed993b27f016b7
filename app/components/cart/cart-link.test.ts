import { describe, expect, it } from "vitest";
import type { CartCatalog } from "../../../domain/cart";
import { cartLinkAction, GIFT_OFFER_ENDED } from "./cart-link";

const catalog: CartCatalog = new Map([
  ["syn-wk-3mo", { isSrp: true, maxQuantity: 1 }],
  ["syn-wk-duo", { isSrp: true, maxQuantity: 1 }],
]);

describe("cartLinkAction (/cart?cart=<variant>)", () => {
  it("does nothing without a variant", () => {
    expect(cartLinkAction(null, catalog)).toEqual({ kind: "none" });
    expect(cartLinkAction("  ", catalog)).toEqual({ kind: "none" });
  });
  it("replaces the cart with a product, trimmed and lowercased", () => {
    expect(cartLinkAction(" SYN-WK-3MO", catalog)).toEqual({ kind: "replace", code: "syn-wk-3mo" });
  });
  it("accepts any catalogue product, as product pages without JavaScript send them", () => {
    expect(cartLinkAction("syn-wk-duo", catalog)).toEqual({ kind: "replace", code: "syn-wk-duo" });
  });
  it("says the 2020 gift offer has ended", () => {
    expect(cartLinkAction("syn-wk-gift-2020", catalog)).toEqual({ kind: "notice", message: GIFT_OFFER_ENDED });
  });
  it("says an unknown product does not exist", () => {
    expect(cartLinkAction("nope", catalog)).toEqual({ kind: "notice", message: "Product does not exist" });
  });
});
