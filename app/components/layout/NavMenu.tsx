import { Menu } from "@base-ui/react/menu";
import { useRef, type MouseEvent, type RefObject } from "react";
import { Link } from "react-router";
import { EVENTS } from "../../../domain/event-names";
import type { NavMenu as NavMenuData } from "../../../domain/navigation";
import { track } from "../../lib/analytics";
import { ChevronDownIcon } from "../ui/icons";

interface NavMenuProps {
  menu: NavMenuData;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header bar: the panel spans its full width, right under it. */
  anchor: RefObject<HTMLElement | null>;
}

/** True when the pointer moved from one part of the menu (trigger, panel) to the other. */
function staysInside(event: MouseEvent, parts: (HTMLElement | null)[]): boolean {
  const to = event.relatedTarget;
  return to instanceof Node && parts.some((part) => part?.contains(to));
}

/**
 * One header dropdown (SPEC.md section 4): Base UI Menu opens it on click or Enter, moves between items
 * with the arrow keys, closes on Escape with focus back on the trigger and, being modal, locks page
 * scroll. The pointer leaving both trigger and panel closes it too.
 */
export function NavMenu({ menu, open, onOpenChange, anchor }: NavMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const closeOnLeave = (event: MouseEvent) => {
    if (!staysInside(event, [triggerRef.current, popupRef.current])) onOpenChange(false);
  };
  return (
    <Menu.Root
      open={open}
      onOpenChange={(next, details) => {
        if (next && details.reason === "trigger-press") track(EVENTS.navMenuClick, { menu: menu.label });
        onOpenChange(next);
      }}
    >
      <Menu.Trigger ref={triggerRef} className="nav-trigger" onMouseLeave={open ? closeOnLeave : undefined}>
        {menu.label}
        <ChevronDownIcon className="nav-trigger-icon" />
      </Menu.Trigger>
      {/* The panel is portaled to the end of the body: a navigation landmark keeps it among the page's landmarks. */}
      <Menu.Portal render={<nav aria-label={`${menu.label} menu`} />}>
        <Menu.Positioner anchor={anchor} side="bottom" align="start" collisionPadding={0} className="nav-positioner">
          <Menu.Popup ref={popupRef} className="nav-panel" data-menu={menu.id} onMouseLeave={closeOnLeave}>
            <div className="nav-panel-inner">
              {menu.groups.map((group) => (
                <Menu.Group key={group.title} className="nav-group">
                  <Menu.GroupLabel className="nav-group-label">{group.title}</Menu.GroupLabel>
                  {group.links.map((link) => (
                    <Menu.LinkItem
                      key={link.href}
                      closeOnClick
                      className="nav-item"
                      render={<Link to={link.href} />}
                      onClick={() => track(EVENTS.navSubmenuClick, { menu: menu.label, group: group.title, label: link.label })}
                    >
                      <span className="nav-item-label">{link.label}</span>
                      {link.note && <span className="nav-item-note">{link.note}</span>}
                    </Menu.LinkItem>
                  ))}
                </Menu.Group>
              ))}
            </div>
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}
