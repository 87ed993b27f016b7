import { lazy, Suspense } from "react";
import { DESKTOP_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { DisclosureMenus } from "./NavDisclosures";
import type { NavMenusProps } from "./NavMenus";

// The menu library is the largest piece of the shell's JavaScript and phones never show these menus:
// it loads only once the screen is known to be 768px or wider.
const NavMenus = lazy(() => import("./NavMenus"));

/** The left side of the desktop header: Shop, Science and Cultured. */
export function MainNav(props: NavMenusProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // Server HTML and phones: disclosures of plain links, which work before JavaScript (NavDisclosures.tsx).
  const pending = <DisclosureMenus onOpen={props.setOpenMenu} />;
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
