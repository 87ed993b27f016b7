import type { ReactNode } from "react";

/** The checkout page's frame: its landmark and title around whatever state it is in. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="checkout-page">
      <h1 className="checkout-page__title">Checkout</h1>
      {children}
    </main>
  );
}
