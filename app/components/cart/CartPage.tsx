import { useCallback, useRef } from "react";
import { ROUTES } from "../../../domain/routes";
import { ProductPhotos } from "../product/product-photos";
import { CartContents } from "./CartContents";
import { useCartView, type CartCatalogData } from "./cart-view";
import { useCartLink } from "./use-cart-link";
import { useCartViewed } from "./use-cart-viewed";
import { CART_FORM_ID } from "./QuantityStepper";
import { useFlags } from "../../lib/use-flags";
import { cartDesignFor } from "./cart-design";


/** The cart page (/cart). */
export function CartPage({ data, problem = null }: { data: CartCatalogData; problem?: string | null }) {
  const view = useCartView(data);
  const notice = useCartLink(view.rules);
  useCartViewed(view, true, "page");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const design = cartDesignFor(useFlags());
  return (
    <main id="main" className="cart-page">
      <h1 ref={heading} tabIndex={-1} className="cart-page__title">
        Your cart
      </h1>
      {/* The cart's buttons post this form before JavaScript (they name it with form=); after, they act in place. */}
      <form id={CART_FORM_ID} method="post" action={ROUTES.cart} hidden />
      {(notice ?? problem) && (
        <p className="cart-notice" role="status">
          {notice ?? problem}
        </p>
      )}
      <ProductPhotos photos={data.photos}>
        <CartContents view={view} focusHeading={focusHeading} layout="page" design={design} />
      </ProductPhotos>
    </main>
  );
}
