import { lazy, Suspense } from "react";
import { HEADER_MENUS } from "../../../domain/navigation";
import { DESKTOP_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { ChevronDownIcon } from "../ui/icons";
import type { NavMenusProps } from "./NavMenus";

// The menu library is the largest piece of the shell's JavaScript and phones never show these menus:
// it loads only once the screen is known to be 768px or wider.
const NavMenus = lazy(() => import("./NavMenus"));

/**
 * Same look as the real triggers, shown by the server and until the menus load. A click meanwhile is
 * remembered and opens that menu as soon as it is ready.
 */
function PendingTriggers({ setOpenMenu }: Pick<NavMenusProps, "setOpenMenu">) {
  return (
    <>
      {HEADER_MENUS.map((menu) => (
        <button key={menu.id} type="button" className="nav-trigger" aria-haspopup="menu" aria-expanded="false" onClick={() => setOpenMenu(menu.id)}>
          {menu.label}
          <ChevronDownIcon className="nav-trigger-icon" />
        </button>
      ))}
    </>
  );
}

/** The left side of the desktop header: Shop, Science and Cultured. */
export function MainNav(props: NavMenusProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const pending = <PendingTriggers setOpenMenu={props.setOpenMenu} />;
  return (
    <nav aria-label="Main" className="main-nav hidden md:flex">
      {desktop ? (
        <Suspense fallback={pending}>
          <NavMenus {...props} />
        </Suspense>
      ) : (
        pending
      )}
    </nav>
  );
}
