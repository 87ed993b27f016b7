import { Dialog } from "@base-ui/react/dialog";
import { useCallback, useEffect, useRef, type Ref, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { readStorage } from "../../lib/storage";
import { CloseIcon } from "../ui/icons";
import { ProductPhotos } from "../product/product-photos";
import { CartContents, checkoutBlocked } from "./CartContents";
import { CheckoutButton } from "./CheckoutButton";
import { Money } from "./Money";
import type { CartQuote } from "./cart-quote";
import { useCartView, type CartCatalogData, type CartView } from "./cart-view";
import { useCartViewed } from "./use-cart-viewed";
import "./cart.css";
import { COUNTRY_STORAGE_KEY } from "../../../domain/storage-keys";

interface CartDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The cart drawer: the cart page's contents in a Base UI Dialog from the right. It traps focus, closes on Escape and
 * on the overlay, and hands focus back to what opened it. Prices come from the cart route's loader (same data, same
 * quoteCart), fetched on first open.
 */
export default function CartDrawer({ open, onOpenChange }: CartDrawerProps) {
  const fetcher = useFetcher<CartCatalogData>({ key: "cart-drawer" });
  const { load, state, data } = fetcher;
  useEffect(() => {
    // Load on first open, and again when the shopper has picked another country since (prices change currency).
    const stale = data && readStorage(COUNTRY_STORAGE_KEY) !== null && readStorage(COUNTRY_STORAGE_KEY) !== data.country;
    if (open && (!data || stale) && state === "idle") void load(ROUTES.cart);
  }, [open, data, state, load]);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  // Focus starts on the heading (Add to cart opens the drawer: the shopper hears what opened) and the heading stays the
  // same element while the cart loads, so focus is not lost when the lines arrive.
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="drawer-backdrop" data-testid="cart-overlay" />
        <Dialog.Popup className="drawer drawer--right cart-drawer" data-drawer="cart" initialFocus={title}>
          <DrawerHead titleRef={title} />
          {data ? <DrawerCart data={data} open={open} close={close} title={title} /> : <DrawerLoading />}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerHead({ titleRef }: { titleRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="drawer-head">
      <Dialog.Title className="drawer-title cart-drawer__title" ref={titleRef} tabIndex={-1}>
        Your cart
      </Dialog.Title>
      <Dialog.Close className="icon-button" aria-label="Close cart">
        <CloseIcon />
      </Dialog.Close>
    </div>
  );
}

function DrawerLoading() {
  return (
    <div className="drawer-body">
      <p className="cart-loading" aria-busy="true">
        Loading your cart…
      </p>
    </div>
  );
}

function DrawerCart({ data, open, close, title }: { data: CartCatalogData; open: boolean; close(): void; title: RefObject<HTMLHeadingElement | null> }) {
  const view = useCartView(data);
  useCartViewed(view, open, "drawer");
  const focusHeading = useCallback(() => title.current?.focus(), [title]);
  return (
    <>
      <div className="drawer-body">
        <ProductPhotos photos={data.photos}>
          <CartContents view={view} focusHeading={focusHeading} onNavigate={close} layout="drawer" />
        </ProductPhotos>
      </div>
      {view.cart && view.priced && Object.keys(view.cart).length > 0 && <DrawerFooter view={view} priced={view.priced} close={close} />}
    </>
  );
}

/** Total and Checkout stay in view below the scrolling lines, with a way to the full cart page. */
function DrawerFooter({ view, priced, close }: { view: CartView; priced: CartQuote; close(): void }) {
  const { quote } = priced;
  return (
    <div className="cart-drawer__footer">
      {quote && (
        <p className="cart-drawer__total">
          <span>Total</span>
          <Money amount={quote.total} currency={quote.currency} country={view.country} />
        </p>
      )}
      <CheckoutButton view={view} blocked={checkoutBlocked(priced)} onNavigate={close} />
      <div className="cart-drawer__ways">
        <Dialog.Close className="cart-drawer__continue">Continue shopping</Dialog.Close>
        <Link to={ROUTES.cart} className="cart-drawer__view" onClick={close}>
          View cart
        </Link>
      </div>
    </div>
  );
}
