import type { RefObject } from "react";
import { HEADER_MENUS } from "../../../domain/navigation";
import { NavMenu } from "./NavMenu";

export interface NavMenusProps {
  openMenu: string | null;
  setOpenMenu(id: string | null): void;
  anchor: RefObject<HTMLElement | null>;
}

/** The interactive desktop dropdowns; at most one is open. Loaded only on screens at or above 768px. */
export default function NavMenus({ openMenu, setOpenMenu, anchor }: NavMenusProps) {
  return (
    <div className="contents" data-menus-ready="">
      {HEADER_MENUS.map((menu) => (
        <NavMenu
          key={menu.id}
          menu={menu}
          anchor={anchor}
          open={openMenu === menu.id}
          onOpenChange={(open) => setOpenMenu(open ? menu.id : openMenu === menu.id ? null : openMenu)}
        />
      ))}
    </div>
  );
}
