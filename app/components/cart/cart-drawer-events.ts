import type { MouseEvent } from "react";
import { openPopup } from "../../lib/popups";

/** The cart drawer opens like any popup (SPEC.md section 2): a popup_open window event naming it. */
export const CART_DRAWER_ID = "cart";

export function openCartDrawer(): void {
  openPopup(CART_DRAWER_ID);
}

/**
 * For a link to /cart: a plain click opens the drawer instead; a modified click (new tab, new window) and the page
 * without JavaScript still follow the link.
 */
export function openCartDrawerOnClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openCartDrawer();
}
