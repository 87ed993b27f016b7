import type { Flags } from "../../../domain/flags";

/** Where checkout shows the wallet buttons (ADR 0044, 0062): at the top with data-ape-checkout, else before Payment. */
export type ExpressPlacement = "top" | "before-payment";

export const expressPlacement = (flags: Pick<Flags, "data-ape-checkout">): ExpressPlacement => (flags["data-ape-checkout"] ? "top" : "before-payment");

/**
 * The Express Checkout Element's button options (Stripe's documented buttonType and buttonTheme). The second Apple Pay
 * style (data-is-apple-pay-variant-2) is Apple's "Subscribe with Apple Pay" in the white outline theme, against the
 * default black "Check out with Apple Pay"; Google Pay and the other wallets stay as they are.
 */
export function expressButtonOptions(flags: Pick<Flags, "data-is-apple-pay-variant-2">) {
  const variant2 = flags["data-is-apple-pay-variant-2"];
  return {
    buttonHeight: 48,
    buttonType: { googlePay: "checkout", applePay: variant2 ? "subscribe" : "check-out" },
    buttonTheme: { applePay: variant2 ? "white-outline" : "black" },
  } as const;
}
