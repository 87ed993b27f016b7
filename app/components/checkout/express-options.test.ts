import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS } from "../../../domain/flags";
import { expressButtonOptions, expressPlacement } from "./express-options";

describe("express checkout flags", () => {
  it("data-ape-checkout puts the wallets at the top of checkout; by default they sit before Payment", () => {
    expect(expressPlacement(DEFAULT_FLAGS)).toBe("before-payment");
    expect(expressPlacement({ ...DEFAULT_FLAGS, "data-ape-checkout": true })).toBe("top");
  });

  it("data-is-apple-pay-variant-2 switches only Apple Pay's button to its second style", () => {
    expect(expressButtonOptions(DEFAULT_FLAGS)).toEqual({ buttonHeight: 48, buttonType: { googlePay: "checkout", applePay: "check-out" }, buttonTheme: { applePay: "black" } });
    expect(expressButtonOptions({ ...DEFAULT_FLAGS, "data-is-apple-pay-variant-2": true })).toEqual({
      buttonHeight: 48,
      buttonType: { googlePay: "checkout", applePay: "subscribe" },
      buttonTheme: { applePay: "white-outline" },
    });
  });
});
