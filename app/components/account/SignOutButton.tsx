import { useState } from "react";
import { useNavigate } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { signOut } from "./session";

/** Sign Out in the drawers: revoke the session, then show the login page (its loader sees no viewer). */
export function SignOutButton({ className, onDone }: { className: string; onDone(): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    await signOut();
    onDone();
    await navigate(ROUTES.login);
    setBusy(false);
  };
  return (
    <button type="button" className={className} onClick={run} aria-busy={busy || undefined}>
      Sign Out
    </button>
  );
}
