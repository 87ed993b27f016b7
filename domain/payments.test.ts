import { describe, expect, it } from "vitest";
import { cardBrandName } from "./payments";

describe("cardBrandName: card networks as people write them", () => {
  it.each([
    ["visa", "Visa"],
    ["mastercard", "Mastercard"],
    ["amex", "American Express"],
    ["jcb", "JCB"],
    ["Visa", "Visa"],
    ["elo", "Elo"],
    ["", "Card"],
    [null, "Card"],
  ])("%s reads %s", (brand, name) => expect(cardBrandName(brand)).toBe(name));
});
