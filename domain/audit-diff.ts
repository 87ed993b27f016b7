/**
 * The audit log's before/after as a readable diff (issue 36): only what changed, nested objects flattened into paths
 * (`blocks[2].title`), lists of plain values read as one value ("title, blocks"), and long values cut with the whole
 * value kept for an expand. Works on any shape an entry holds: a whole page before and after, a `{ changed: [...] }`
 * summary, a creation (before null) or a removal (after null).
 */
export interface DiffLine {
  path: string;
  /** Absent: the path did not exist on that side. */
  before?: DiffValue;
  after?: DiffValue;
}

export interface DiffValue {
  /** The value as shown, cut to SHORT_LENGTH characters. */
  short: string;
  /** The whole value, only when `short` was cut. */
  full?: string;
}

export const SHORT_LENGTH = 120;
/** An entry changing more than this many paths shows the first ones and says how many more. */
export const MAX_LINES = 40;

export function auditDiff(before: unknown, after: unknown): { lines: DiffLine[]; more: number } {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const lines: DiffLine[] = [];
  for (const path of paths) {
    const was = a.get(path);
    const now = b.get(path);
    if (was === now) continue;
    lines.push({ path, ...(was === undefined ? {} : { before: cut(was) }), ...(now === undefined ? {} : { after: cut(now) }) });
  }
  return { lines: lines.slice(0, MAX_LINES), more: Math.max(0, lines.length - MAX_LINES) };
}

/** Paths to printable values. A value that is not an object (or is null) at the top sits at the path "value". */
export function flatten(value: unknown, prefix = "", into = new Map<string, string>()): Map<string, string> {
  // Nothing at all (a creation's before, a removal's after) has no paths.
  if (value === undefined || (value === null && !prefix)) return into;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      into.set(prefix || "value", value.length === 0 ? "(none)" : value.map(printable).join(", "));
      return into;
    }
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, into));
    if (value.length === 0) into.set(prefix || "value", "(none)");
    return into;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, "(empty)");
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, into);
    return into;
  }
  into.set(prefix || "value", printable(value));
  return into;
}

function printable(value: unknown): string {
  if (value === null) return "(none)";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function cut(value: string): DiffValue {
  return value.length > SHORT_LENGTH ? { short: `${value.slice(0, SHORT_LENGTH - 1)}…`, full: value } : { short: value };
}
