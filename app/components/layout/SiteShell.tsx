import type { ReactNode } from "react";
import { chromeFor, layoutFor } from "../../../domain/shell";
import type { ShellData } from "./shell-data";

/** Minimal shell; the full header, drawers and footer are built in app/components/layout. */
export function SiteShell({ data, pathname, children }: { data: ShellData; pathname: string; children: ReactNode }) {
  const layout = layoutFor(null, data.flags);
  const chrome = chromeFor(pathname);
  return (
    <div className={`shell shell--${layout}`}>
      <header className="site-header">
        <a href="/">Seed</a>
      </header>
      {children}
      {chrome.footer && <footer className="site-footer">Seed</footer>}
    </div>
  );
}
