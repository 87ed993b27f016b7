import { useState } from "react";
import { useNavigate } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { signOut } from "./session";

/**
 * Sign Out in the drawers. Before JavaScript loads it is a plain form posting to /logout; after, it revokes the
 * session through the API (recording the Logout event and resetting analytics), then shows the login page.
 */
export function SignOutButton({ className, onDone }: { className: string; onDone(): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await signOut();
    onDone();
    await navigate(ROUTES.login);
    setBusy(false);
  };
  return (
    <form method="post" action="/logout" onSubmit={run}>
      <button type="submit" className={className} aria-busy={busy || undefined}>
        Sign Out
      </button>
    </form>
  );
}
