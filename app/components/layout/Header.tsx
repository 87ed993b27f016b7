import { useRef, useState } from "react";
import { EVENTS } from "../../../domain/event-names";
import { headerEntries, type ChromeVisibility } from "../../../domain/shell";
import { track } from "../../lib/analytics";
import { useCartCount } from "../cart/cart-count";
import { HeaderActions } from "./HeaderActions";
import { Logo } from "./Logo";
import { MainNav } from "./MainNav";
import { HamburgerDisclosure } from "./NavDisclosures";
import { preloadMobileDrawer } from "./lazy-drawers";
import type { ShellViewer } from "./shell-data";

interface HeaderProps {
  pathname: string;
  chrome: ChromeVisibility;
  viewer: ShellViewer;
  mobileOpen: boolean;
  accountOpen: boolean;
  onOpenMobile(): void;
  onCloseMobile(): void;
  onOpenAccount(): void;
}

/** The site header (SPEC.md section 2): hamburger, logo, dropdown menus and the right-hand entries. */
export function Header({ pathname, chrome, viewer, mobileOpen, accountOpen, onOpenMobile, onCloseMobile, onOpenAccount }: HeaderProps) {
  // The dropdown panels hang from the whole header, edge to edge.
  const headerRef = useRef<HTMLElement>(null);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const cartCount = useCartCount();
  const entries = headerEntries({ pathname, signedIn: viewer.signedIn, cartCount, experiments: viewer.experiments });
  return (
    <header ref={headerRef} className="site-header" data-active={openMenu ? "true" : undefined}>
      <div className="header-bar">
        <div className="header-start">
          {chrome.hamburger && (
            <HamburgerDisclosure
              signedIn={viewer.signedIn}
              drawerOpen={mobileOpen}
              onPreload={preloadMobileDrawer}
              onOpen={() => {
                track(EVENTS.hamburgerMenuClick);
                onOpenMobile();
              }}
              onClose={onCloseMobile}
            />
          )}
          {chrome.navLeft && <MainNav openMenu={openMenu} setOpenMenu={setOpenMenu} anchor={headerRef} />}
        </div>
        <div className="header-logo">
          <Logo />
        </div>
        <HeaderActions entries={entries} viewer={viewer} cartCount={cartCount} accountOpen={accountOpen} onOpenAccount={onOpenAccount} />
      </div>
    </header>
  );
}
