import { useEffect, useRef, type MouseEvent } from "react";
import { HEADER_MENUS, MOBILE_ACCOUNT_LINKS, type NavMenu } from "../../../domain/navigation";
import { ROUTES } from "../../../domain/routes";
import { ChevronDownIcon, MenuIcon } from "../ui/icons";

/**
 * The header's menus as they work before JavaScript (and while the menu code loads): native <details>
 * disclosures holding plain links, so every entry is one click away on server HTML alone. Once React runs,
 * MainNav swaps these for the keyboard menus and the hamburger opens the drawer instead.
 */

function MenuLinks({ menu }: { menu: NavMenu }) {
  return (
    <>
      {menu.groups.map((group) => (
        <div key={group.title} className="nav-group">
          <p className="nav-group-label">{group.title}</p>
          <ul className="contents">
            {group.links.map((link) => (
              <li key={link.href} className="contents">
                <a href={link.href} className="nav-item">
                  <span className="nav-item-label">{link.label}</span>
                  {link.note && <span className="nav-item-note">{link.note}</span>}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * Shop, Science and Cultured before the menus load. A click is remembered and opens that menu once it is ready; so is
 * one made before React ran (the disclosure opened natively then: ADR 0050).
 */
export function DisclosureMenus({ onOpen }: { onOpen(id: string): void }) {
  const first = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const opened = first.current?.parentElement?.querySelector<HTMLDetailsElement>("details.nav-disclosure[open]");
    if (opened?.dataset.menu) onOpen(opened.dataset.menu);
    // Once, at hydration: later clicks call onOpen themselves.
  }, []);
  return (
    <>
      {HEADER_MENUS.map((menu, index) => (
        <details key={menu.id} ref={index === 0 ? first : undefined} name="main-nav" className="nav-disclosure" data-menu={menu.id}>
          <summary className="nav-trigger" onClick={() => onOpen(menu.id)}>
            {menu.label}
            <ChevronDownIcon className="nav-trigger-icon" />
          </summary>
          <div className="nav-panel nav-disclosure-panel">
            <div className="nav-panel-inner">
              <MenuLinks menu={menu} />
            </div>
          </div>
        </details>
      ))}
    </>
  );
}

interface HamburgerProps {
  signedIn: boolean;
  /** Whether the drawer is open: the disclosure's own open state tells assistive technology (ADR 0050). */
  drawerOpen: boolean;
  onOpen(): void;
  /** A press while the drawer is open (a screen reader can reach the hamburger then) closes it. */
  onClose(): void;
  onPreload(): void;
}

/**
 * The hamburger. Before JavaScript it opens, in place, the drawer's sections as disclosures of plain links (the
 * first expanded, as in the drawer); after, a click opens the real drawer (SPEC.md section 2, Mobile drawer), and the
 * <details> is open exactly while the drawer is, so the <summary> is announced expanded (its panel is hidden then).
 * A tap before hydration opened the disclosure natively: once React runs it becomes the drawer, so it is not lost.
 */
export function HamburgerDisclosure({ signedIn, drawerOpen, onOpen, onClose, onPreload }: HamburgerProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    if (drawerOpen) onClose();
    else onOpen();
  };
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    details.dataset.drawer = "";
    if (details.open) onOpen();
    // Once, at hydration: later presses go through `open`.
  }, []);
  useEffect(() => {
    if (ref.current) ref.current.open = drawerOpen;
  }, [drawerOpen]);
  return (
    <details ref={ref} className="hamburger-disclosure md:hidden">
      {/* aria-live="off" (the default for a button: it announces nothing) keeps the hamburger in the accessibility tree
          while the drawer is open: the drawer's modal dialog hides everything else outside it from assistive technology
          but live regions (Base UI's markOthers), and the hamburger must still say "expanded" then (issue 26, ADR 0050). */}
      <summary
        className="icon-button hamburger"
        aria-label="Open menu"
        aria-live="off"
        onPointerEnter={onPreload}
        onFocus={onPreload}
        onClick={toggle}
      >
        <MenuIcon />
      </summary>
      <div className="hamburger-panel">
        {HEADER_MENUS.map((menu, index) => (
          <details key={menu.id} className="hamburger-section" open={index === 0}>
            <summary className="accordion-trigger">
              {menu.label}
              <ChevronDownIcon className="accordion-icon" />
            </summary>
            <div className="hamburger-links">
              <MenuLinks menu={menu} />
            </div>
          </details>
        ))}
        {signedIn ? (
          <details className="hamburger-section">
            <summary className="accordion-trigger">
              Account
              <ChevronDownIcon className="accordion-icon" />
            </summary>
            <ul className="hamburger-links">
              {MOBILE_ACCOUNT_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="drawer-sublink">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <a href={ROUTES.login} className="accordion-trigger">
            Login
          </a>
        )}
      </div>
    </details>
  );
}
