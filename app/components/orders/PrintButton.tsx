import { useEffect, useState } from "react";

/** Printing needs JavaScript; before it loads the button is not shown (the browser's own Print still works). */
export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--small button--quiet" onClick={() => window.print()}>
      Print
    </button>
  );
}
