import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** A submit button for what cannot be undone: red, so it never reads as the page's ordinary next step. */
export function DangerButton({ children, name, value }: { children: ReactNode; name?: string; value?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="c-button c-button-danger" name={name} value={value} disabled={busy}>
      {children}
    </button>
  );
}
