import { lazy, Suspense, useEffect, useId, useState } from "react";

/** Tiptap is loaded only when a console editor shows a rich-text field: the shop's bundles never hold it. */
const TiptapEditor = lazy(() => import("./TiptapEditor"));

/**
 * A rich-text field: before the script (and while the editor loads) the text as the shop shows it (the server
 * cleaned it), then the Tiptap editor with its toolbar. No HTML is typed.
 */
export function RichTextField({ label, value, onChange, error }: { label: string; value: string; onChange: (html: string) => void; error?: string }) {
  const labelId = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = <div className="cc-rich-static" aria-labelledby={labelId} role="document" dangerouslySetInnerHTML={{ __html: value }} />;
  return (
    <div className="c-field">
      <span id={labelId} className="cc-label">
        {label}
      </span>
      {hydrated ? (
        <Suspense fallback={shown}>
          <TiptapEditor labelId={labelId} value={value} onChange={onChange} />
        </Suspense>
      ) : (
        shown
      )}
      {error ? <span className="c-error">{error}</span> : null}
    </div>
  );
}
