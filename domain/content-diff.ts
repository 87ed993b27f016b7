/**
 * What a content publish changed, small enough to read in the audit log (issue 36): the page words that differ and,
 * per block, only the fields that differ, with their value before and after. Blocks are matched by content first
 * (a block moved unchanged is "moved", not two changes), then the rest by position. Pure.
 */

export interface PageWordsLike {
  title: string;
  intro: string;
  description: string;
  blocks: readonly unknown[];
}

export type PageChange =
  | { field: "title" | "intro" | "description"; before: string; after: string }
  /** A field of the block now at `block` (0-based, top level) that changed. */
  | { block: number; type: string; field: string; before: unknown; after: unknown }
  | { block: number; type: string; added: unknown }
  | { block: number; type: string; removed: unknown }
  | { block: number; type: string; movedFrom: number };

const typeOf = (block: unknown) => String((block as { type?: unknown } | null)?.type ?? "unknown");
const json = (value: unknown) => JSON.stringify(value ?? null);

/** Longest common subsequence of two lists of keys: the pairs [i, j] kept in order. */
function commonPairs(a: string[], b: string[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** The fields of two blocks of one type that differ, each with its value before and after. */
function fieldChanges(index: number, before: Record<string, unknown>, after: Record<string, unknown>): PageChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== "type");
  return keys.filter((k) => json(before[k]) !== json(after[k])).map((field) => ({ block: index, type: typeOf(after), field, before: before[field] ?? null, after: after[field] ?? null }));
}

export function pageChanges(before: PageWordsLike, after: PageWordsLike): PageChange[] {
  const changes: PageChange[] = [];
  for (const field of ["title", "intro", "description"] as const) if (before[field] !== after[field]) changes.push({ field, before: before[field], after: after[field] });

  const oldKeys = before.blocks.map(json);
  const newKeys = after.blocks.map(json);
  const kept = commonPairs(oldKeys, newKeys);
  const keptOld = new Set(kept.map(([i]) => i));
  const keptNew = new Set(kept.map(([, j]) => j));
  const removed = oldKeys.map((_, i) => i).filter((i) => !keptOld.has(i));
  const added = newKeys.map((_, j) => j).filter((j) => !keptNew.has(j));

  // A block that left one place and arrived unchanged at another was moved.
  for (const j of [...added]) {
    const from = removed.find((i) => oldKeys[i] === newKeys[j]);
    if (from === undefined) continue;
    changes.push({ block: j, type: typeOf(after.blocks[j]), movedFrom: from });
    removed.splice(removed.indexOf(from), 1);
    added.splice(added.indexOf(j), 1);
  }
  // What is left pairs up in order with the next block of its type (an edited block), else it was removed or added.
  for (const i of [...removed]) {
    const j = added.find((k) => typeOf(after.blocks[k]) === typeOf(before.blocks[i]));
    if (j === undefined) continue;
    changes.push(...fieldChanges(j, before.blocks[i] as Record<string, unknown>, after.blocks[j] as Record<string, unknown>));
    removed.splice(removed.indexOf(i), 1);
    added.splice(added.indexOf(j), 1);
  }
  for (const i of removed) changes.push({ block: i, type: typeOf(before.blocks[i]), removed: before.blocks[i] });
  for (const j of added) changes.push({ block: j, type: typeOf(after.blocks[j]), added: after.blocks[j] });
  return changes;
}
