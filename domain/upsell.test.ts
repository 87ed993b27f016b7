import { describe, expect, it } from "vitest";
import type { CartCatalog } from "./cart";
import { upsellList } from "./upsell";

const catalog: CartCatalog = new Map([
  ["syn-wk", { isSrp: true, maxQuantity: 1 }],
  ["pds-wk", { isSrp: true, maxQuantity: 3 }],
  ["vs-wk", { isSrp: true, maxQuantity: 1 }],
  ["syn-gr", { isSrp: false, maxQuantity: 5 }],
  ["pds-gwp", { isSrp: false, maxQuantity: 1 }],
]);
const candidates = [
  { code: "vs-wk", displayOrder: 4 },
  { code: "syn-wk", displayOrder: 1 },
  { code: "syn-wk-duo", displayOrder: 2 },
  { code: "pds-wk", displayOrder: 3 },
];
const list = (over: Partial<Parameters<typeof upsellList>[0]>) =>
  upsellList({ pathname: "/cart", country: "US", cart: {}, catalog, candidates, ...over });

describe("upsell list (SPEC.md section 4)", () => {
  it("offers daily, pediatric and vaginal by displayOrder in the US", () => expect(list({})).toEqual(["syn-wk", "pds-wk", "vs-wk"]));
  it("vaginal only in the US", () => expect(list({ country: "DE" })).toEqual(["syn-wk", "pds-wk"]));
  it("is built only on cart and checkout paths", () => {
    expect(list({ pathname: "/daily-synbiotic" })).toEqual([]);
    expect(list({ pathname: "/checkout" })).toEqual(["syn-wk", "pds-wk", "vs-wk"]);
    expect(list({ pathname: "/cart/drawer" })).toHaveLength(3);
  });
  it("leaves out what is in the cart (a one-time item keeps the rest)", () => expect(list({ cart: { "pds-gwp": 1 } })).toEqual(["syn-wk", "pds-wk", "vs-wk"]));
  it("is empty when the cart holds a subscription product", () => expect(list({ cart: { "pds-wk": 1 } })).toEqual([]));
  it("leaves out the three base products when the gut reset is in the cart", () => expect(list({ cart: { "syn-gr": 1 } })).toEqual([]));
  it("never offers anything but the three base products", () => expect(list({})).not.toContain("syn-wk-duo"));
});
