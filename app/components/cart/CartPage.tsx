import { useCallback, useRef } from "react";
import { CartContents } from "./CartContents";
import { useCartView, type CartCatalogData } from "./cart-view";
import { useCartLink } from "./use-cart-link";
import { useCartViewed } from "./use-cart-viewed";

/** The cart page (/cart). */
export function CartPage({ data }: { data: CartCatalogData }) {
  const view = useCartView(data);
  const notice = useCartLink(view.rules);
  useCartViewed(view, true, "page");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  return (
    <main id="main" className="cart-page">
      <h1 ref={heading} tabIndex={-1} className="cart-page__title">
        Your cart
      </h1>
      {notice && (
        <p className="cart-notice" role="status">
          {notice}
        </p>
      )}
      <CartContents view={view} focusHeading={focusHeading} layout="page" />
    </main>
  );
}
