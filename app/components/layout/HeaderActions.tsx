import { Link } from "react-router";
import { EVENTS } from "../../../domain/event-names";
import { referralBadge } from "../../../domain/experiments";
import { ROUTES } from "../../../domain/routes";
import { EARN_HREF, type HeaderEntries } from "../../../domain/shell";
import { track } from "../../lib/analytics";
import { preloadAccountDrawer } from "./lazy-drawers";
import type { ShellViewer } from "./shell-data";
import { CartDrawerHost } from "../cart/CartDrawerHost";
import { openCartDrawerOnClick } from "../cart/cart-drawer-events";
import { Badge } from "../ui/Badge";
import { CartIcon } from "../ui/icons";

interface HeaderActionsProps {
  entries: HeaderEntries;
  viewer: ShellViewer;
  cartCount: number;
  accountOpen: boolean;
  onOpenAccount(): void;
}

function AccountEntry({ entries, accountOpen, onOpenAccount }: Pick<HeaderActionsProps, "entries" | "accountOpen" | "onOpenAccount">) {
  if (entries.account === "account") {
    return (
      <button
        type="button"
        className="header-link hidden md:inline-flex"
        aria-haspopup="dialog"
        aria-expanded={accountOpen}
        onPointerEnter={preloadAccountDrawer}
        onFocus={preloadAccountDrawer}
        onClick={onOpenAccount}
      >
        Account
      </button>
    );
  }
  return (
    <Link to={ROUTES.login} className="header-link hidden md:inline-flex" onClick={() => track(EVENTS.loginButtonClicked, { location: "header" })}>
      Login
    </Link>
  );
}

const itemsLabel = (count: number) => `Cart, ${count} ${count === 1 ? "item" : "items"}`;

/** Buy Now when the cart is empty, otherwise the cart with its count. */
function CartOrBuy({ cta, cartCount, className }: { cta: HeaderEntries["cta"]; cartCount: number; className: string }) {
  if (cta === "cart") {
    return (
      <Link to={ROUTES.cart} className={`cart-button ${className}`} aria-label={itemsLabel(cartCount)} aria-haspopup="dialog" onClick={openCartDrawerOnClick} data-testid="cart-button">
        <CartIcon />
        <span className="cart-count" aria-hidden="true">
          {cartCount}
        </span>
      </Link>
    );
  }
  return (
    <Link to={ROUTES.daily_synbiotic} className={`button button--small ${className}`} data-testid="buy-now">
      Buy Now
    </Link>
  );
}

/**
 * The right side of the header (SPEC.md section 2): Login or Account, Earn/Refer with its badge, and the
 * call to action. Below 768px a signed-in member with an empty cart sees Earn instead of Buy Now; that
 * switch is pure CSS so the server's HTML is already right on a phone.
 */
export function HeaderActions({ entries, viewer, cartCount, accountOpen, onOpenAccount }: HeaderActionsProps) {
  const earnOnMobile = entries.mobileCta === "earn";
  return (
    <div className="header-actions">
      <AccountEntry entries={entries} accountOpen={accountOpen} onOpenAccount={onOpenAccount} />
      {entries.refer && (
        <Link to={ROUTES.refer} className="header-link hidden md:inline-flex" data-testid="refer-link">
          Refer <Badge>{entries.refer.badge}</Badge>
        </Link>
      )}
      {earnOnMobile && (
        <Link to={EARN_HREF} className="header-link md:hidden" data-testid="earn-link" onClick={() => track(EVENTS.earn, { location: "header" })}>
          Earn <Badge>{referralBadge(viewer.experiments)}</Badge>
        </Link>
      )}
      <CartOrBuy cta={entries.cta} cartCount={cartCount} className={earnOnMobile ? "hidden md:inline-flex" : ""} />
      <CartDrawerHost />
    </div>
  );
}
