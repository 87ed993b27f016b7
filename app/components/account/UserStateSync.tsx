import { useEffect } from "react";
import type { ShellData } from "../layout/shell-data";
import { syncUserState } from "./user-state";

/** Keeps the browser's copy of who is signed in in step with the server's viewer (SPEC.md section 4). */
export function UserStateSync({ viewer }: { viewer: ShellData["viewer"] }) {
  const user = viewer.signedIn ? JSON.stringify([viewer.email, viewer.firstName, viewer.blocked, viewer.experiments]) : "";
  // Keyed by the stored fields' values, not the viewer object (a new object on every navigation).
  useEffect(() => syncUserState(viewer), [user]);
  return null;
}
