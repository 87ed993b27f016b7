import { USER_STORAGE_KEY } from "../../../domain/storage-keys";
import type { ShellData } from "../layout/shell-data";

type Viewer = ShellData["viewer"];

/** The user state the browser keeps (SPEC.md section 4): what the shell shows, without any token. */
export interface StoredUser {
  email: string;
  firstName: string | null;
  blocked: boolean;
  experiments: Record<string, string>;
}

/** The viewer as stored: only the fields of StoredUser, so nothing else the server sends (a token) can slip in. */
export function storedUserOf(viewer: Viewer): StoredUser | null {
  if (!viewer.signedIn || !viewer.email) return null;
  return { email: viewer.email, firstName: viewer.firstName, blocked: viewer.blocked, experiments: { ...viewer.experiments } };
}

/** Local storage, or null where there is none (server rendering, tests in Node) or it is blocked. */
function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Saves the signed-in viewer's state, or removes it once nobody is signed in (sign out, an ended session). */
export function syncUserState(viewer: Viewer, storage: Pick<Storage, "setItem" | "removeItem"> | null = browserStorage()): void {
  const user = storedUserOf(viewer);
  try {
    if (user) storage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode): the shell still renders from the server's viewer.
  }
}

export function clearUserState(storage: Pick<Storage, "removeItem"> | null = browserStorage()): void {
  try {
    storage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
