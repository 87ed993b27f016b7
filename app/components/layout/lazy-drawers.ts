import { lazy } from "react";

// The drawers (and the dialog code under them) load on first use, or a moment before it when the
// pointer or focus reaches their button, so no page pays for them up front.
const loadMobileDrawer = () => import("./MobileDrawer");
const loadAccountDrawer = () => import("../account/AccountDrawer");

export const LazyMobileDrawer = lazy(() => loadMobileDrawer().then((m) => ({ default: m.MobileDrawer })));
export const LazyAccountDrawer = lazy(() => loadAccountDrawer().then((m) => ({ default: m.AccountDrawer })));

export function preloadMobileDrawer(): void {
  void loadMobileDrawer();
}

export function preloadAccountDrawer(): void {
  void loadAccountDrawer();
}
