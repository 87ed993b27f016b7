import { useState, type ReactNode } from "react";
import { chromeFor, layoutFor } from "../../../domain/shell";
import { PopupHost } from "../ui/PopupHost";
import { AccountDrawer } from "./AccountDrawer";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MobileDrawer } from "./MobileDrawer";
import { PromoBanner } from "./PromoBanner";
import type { ShellData } from "./shell-data";
import { usePageLayout } from "./use-page-layout";

interface SiteShellProps {
  data: ShellData;
  pathname: string;
  children: ReactNode;
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
  const [mobileOpen, setMobileOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  if (layout === "blank") {
    return (
      <div className="shell shell--blank" data-layout="blank">
        {children}
        <PopupHost />
      </div>
    );
  }
  const chrome = chromeFor(pathname);
  const { viewer } = data;
  return (
    <div className={`shell shell--${layout}`} data-layout={layout}>
      <SkipLink />
      <PromoBanner pathname={pathname} quizAudience={data.quizAudience} signedIn={viewer.signedIn} promoCodeInUrl={data.promoCodeInUrl} />
      <Header
        pathname={pathname}
        chrome={chrome}
        viewer={viewer}
        mobileOpen={mobileOpen}
        accountOpen={accountOpen}
        onOpenMobile={() => setMobileOpen(true)}
        onOpenAccount={() => setAccountOpen(true)}
      />
      <div className="shell-main">{children}</div>
      {chrome.footer && <Footer pathname={pathname} viewer={viewer} />}
      {chrome.hamburger && <MobileDrawer open={mobileOpen} onOpenChange={setMobileOpen} viewer={viewer} />}
      {viewer.signedIn && <AccountDrawer open={accountOpen} onOpenChange={setAccountOpen} viewer={viewer} />}
      <PopupHost />
    </div>
  );
}
