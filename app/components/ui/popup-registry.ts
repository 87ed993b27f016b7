import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** What every popup body receives: the data sent with its popup_open event, and a way to close itself. */
export interface PopupBodyProps {
  data?: unknown;
  close(): void;
}

export interface PopupDefinition {
  title: string;
  /** Loaded on first open: popup code stays out of every page's initial JavaScript. */
  Body: LazyExoticComponent<ComponentType<PopupBodyProps>>;
}

export const COOKIE_PREFERENCES_POPUP = "cookie-preferences";

/** Popups the shell can open by id. Add an entry here to make a new popup reachable from popup_open. */
export const POPUPS: Readonly<Record<string, PopupDefinition>> = {
  [COOKIE_PREFERENCES_POPUP]: {
    title: "Cookie Preferences",
    Body: lazy(() => import("../consent/CookiePreferences")),
  },
};

export function findPopup(id: string): PopupDefinition | null {
  return Object.hasOwn(POPUPS, id) ? (POPUPS[id] ?? null) : null;
}
