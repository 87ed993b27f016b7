import { EVENTS } from "../../../domain/event-names";
import { resetAnalyticsIdentity, track } from "../../lib/analytics";
import { clearUserState } from "./user-state";

/**
 * Sign Out from the drawers (SPEC.md section 4, Sign-in and session): record the event while the
 * shopper is still identified, revoke the session server-side, then forget the analytics identity.
 * The caller navigates to the login page, which reloads the shell without the viewer.
 */
export async function signOut(fetcher: typeof fetch = fetch): Promise<void> {
  track(EVENTS.logoutClicked);
  try {
    await fetcher("/api/auth/logout", { credentials: "same-origin", cache: "no-store" });
  } catch {
    // Offline: the cookie stays until the next successful call, but the shopper still leaves the account UI.
  }
  resetAnalyticsIdentity();
  clearUserState();
}
