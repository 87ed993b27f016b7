import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { chromeFor, layoutFor } from "../../../domain/shell";
import { PopupHost } from "../ui/PopupHost";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LazyAccountDrawer, LazyMobileDrawer } from "./lazy-drawers";
import { PromoBanner } from "./PromoBanner";
import type { ShellData } from "./shell-data";
import { usePageLayout } from "./use-page-layout";

interface SiteShellProps {
  data: ShellData;
  pathname: string;
  children: ReactNode;
}

/** A drawer's open state, plus whether it was ever opened: it mounts then and stays for its closing slide. */
function useDrawer() {
  const [open, setOpenState] = useState(false);
  const [used, setUsed] = useState(false);
  const setOpen = useCallback((next: boolean) => {
    if (next) setUsed(true);
    setOpenState(next);
  }, []);
  return { open, used, setOpen };
}

/**
 * Marks the shell once React has hydrated it, so end-to-end tests (and anyone debugging) can tell a
 * clickable page from server HTML. Set on the element directly: no extra render.
 */
function useHydratedMarker(blank: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  // Blank and framed layouts are different elements: mark whichever is mounted.
  useEffect(() => ref.current?.setAttribute("data-hydrated", ""), [blank]);
  return ref;
}

function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to main content
    </a>
  );
}

/**
 * Every page's frame (SPEC.md section 2, Layout shell): promo banner, header, the page, footer, the
 * drawers and the popup host. chromeFor() decides what a path hides; a blank page layout gets no chrome;
 * the redesign flag switches the header to its alternative layout.
 */
export function SiteShell({ data, pathname, children }: SiteShellProps) {
  const layout = layoutFor(usePageLayout(), data.flags);
  const mobile = useDrawer();
  const account = useDrawer();
  const shellRef = useHydratedMarker(layout === "blank");
  if (layout === "blank") {
    return (
      <div ref={shellRef} className="shell shell--blank" data-layout="blank">
        {children}
        <PopupHost />
      </div>
    );
  }
  const chrome = chromeFor(pathname);
  const { viewer } = data;
  return (
    <div ref={shellRef} className={`shell shell--${layout}`} data-layout={layout}>
      <SkipLink />
      <PromoBanner pathname={pathname} quizAudience={data.quizAudience} signedIn={viewer.signedIn} promoCodeInUrl={data.promoCodeInUrl} />
      <Header
        pathname={pathname}
        chrome={chrome}
        viewer={viewer}
        mobileOpen={mobile.open}
        accountOpen={account.open}
        onOpenMobile={() => mobile.setOpen(true)}
        onCloseMobile={() => mobile.setOpen(false)}
        onOpenAccount={() => account.setOpen(true)}
      />
      <div className="shell-main">{children}</div>
      {chrome.footer && <Footer pathname={pathname} viewer={viewer} />}
      {chrome.hamburger && mobile.used && (
        <Suspense fallback={null}>
          <LazyMobileDrawer open={mobile.open} onOpenChange={mobile.setOpen} viewer={viewer} />
        </Suspense>
      )}
      {viewer.signedIn && account.used && (
        <Suspense fallback={null}>
          <LazyAccountDrawer open={account.open} onOpenChange={account.setOpen} viewer={viewer} />
        </Suspense>
      )}
      <PopupHost />
    </div>
  );
}
