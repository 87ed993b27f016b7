import { auditDiff, type DiffValue } from "../../../../domain/audit-diff";

function Value({ value, tone }: { value: DiffValue; tone: "old" | "new" }) {
  const label = tone === "old" ? "before" : "after";
  if (!value.full) return <span className={`c-diff-${tone}`} aria-label={`${label}: ${value.short}`}>{value.short}</span>;
  // A long value (a page's HTML) is cut; the whole is one press away, not a wall in the table.
  return (
    <details>
      <summary>
        <span className={`c-diff-${tone}`}>{value.short}</span> <span className="c-hint">show all ({label})</span>
      </summary>
      <span className={`c-diff-${tone}`}>{value.full}</span>
    </details>
  );
}

/** An audit entry's change: one line per changed path, old struck out beside new (domain/audit-diff.ts). */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { lines, more } = auditDiff(before, after);
  if (lines.length === 0) return <span className="c-hint">No recorded change</span>;
  return (
    <ul className="c-diff">
      {lines.map((line) => (
        <li key={line.path}>
          <span className="c-diff-path">{line.path}</span>
          <span className="c-diff-values">
            {line.before ? <Value value={line.before} tone="old" /> : null}
            {line.before && line.after ? <span aria-hidden="true">→</span> : null}
            {line.after ? <Value value={line.after} tone="new" /> : <span className="c-hint">(removed)</span>}
          </span>
        </li>
      ))}
      {more > 0 ? <li className="c-hint">and {more} more changes</li> : null}
    </ul>
  );
}
