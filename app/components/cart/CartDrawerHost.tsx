import { lazy, Suspense, useEffect, useState } from "react";
import { parsePopupDetail, POPUP_OPEN_EVENT } from "../../lib/popups";
import { CART_DRAWER_ID } from "./cart-drawer-events";

// The drawer, its dialog code and its styles load on the first request to open it.
const CartDrawer = lazy(() => import("./CartDrawer"));

/**
 * Listens for popup_open "cart" and shows the cart drawer. Until then it renders nothing; once used, the drawer
 * stays mounted so it can slide out.
 */
export function CartDrawerHost() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onOpen = (event: Event) => {
      if (parsePopupDetail((event as CustomEvent<unknown>).detail)?.id !== CART_DRAWER_ID) return;
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener(POPUP_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(POPUP_OPEN_EVENT, onOpen);
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
