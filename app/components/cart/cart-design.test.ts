import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS } from "../../../domain/flags";
import { cartDesignFor } from "./cart-design";

describe("cartDesignFor", () => {
  it("standard by default, one variant per flag, and the first variant when both are on", () => {
    expect(cartDesignFor(DEFAULT_FLAGS)).toBe("standard");
    expect(cartDesignFor({ ...DEFAULT_FLAGS, "data-cart-redesign-variant-1": true })).toBe("summary-first");
    expect(cartDesignFor({ ...DEFAULT_FLAGS, "data-cart-redesign-variant-2": true })).toBe("compact");
    expect(cartDesignFor({ ...DEFAULT_FLAGS, "data-cart-redesign-variant-1": true, "data-cart-redesign-variant-2": true })).toBe("summary-first");
  });
});
