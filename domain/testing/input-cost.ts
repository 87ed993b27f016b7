import type { z } from "../zod";

/**
 * Issue 33, point 1: no input may cost more than its size allows. The shapes that make patterns backtrack, 100 KB
 * each, and a way to time a check on them (tests only: domain/input-cost.property.test.ts and the API's schemas in
 * server/http/input-cost.test.ts). A linear check takes well under a millisecond on any of them; the quadratic email
 * pattern took seconds.
 */
export const ADVERSARIAL_SIZE = 100_000;
export const BOUND_MS = 50;

const SIZE = ADVERSARIAL_SIZE;
export const ADVERSARIAL: Readonly<Record<string, string>> = {
  "a@ and dots and @": `a@${".".repeat(SIZE)}@`,
  "a@ and labels": `a@${"a.".repeat(SIZE / 2)}!`,
  "slashes then a letter": `${"/".repeat(SIZE)}x`,
  "spaces between letters": `x${" ".repeat(SIZE)}x`,
  "tabs and line breaks": `${"\t\r\n".repeat(SIZE / 3)}x`,
  "digits then a letter": `${"1".repeat(SIZE)}x`,
  "open angle brackets": "<".repeat(SIZE),
  dashes: `${"a-".repeat(SIZE / 2)}!`,
  "at signs": `a${"@a".repeat(SIZE / 2)}`,
  "commas and spaces": ", ".repeat(SIZE / 2),
  "lone surrogates": "\uD800".repeat(SIZE),
  "escaped links": "&lt;a href=&quot;/".repeat(SIZE / 20),
  letters: "a".repeat(SIZE),
};

/** The shortest of up to three timings of `run`: only a run that is slow every time counts, not a loaded machine's pause. */
function costMs(run: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3 && best > BOUND_MS; attempt++) {
    const started = performance.now();
    try {
      run();
    } catch {
      // Refusing by throwing is an answer too; only the time counts here.
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** "label on shape: N ms" for each adversarial shape `check` takes BOUND_MS or more on; empty when every one is cheap. */
export function slowShapes(label: string, check: (input: string) => unknown): string[] {
  return Object.entries(ADVERSARIAL)
    .map(([shape, input]) => ({ shape, ms: costMs(() => check(input)) }))
    .filter(({ ms }) => ms >= BOUND_MS)
    .map(({ shape, ms }) => `${label} on ${shape}: ${ms.toFixed(0)} ms`);
}

export const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

/** A schema and every schema inside it (object fields, optional and default wrappers, array items, union options, pipes), each named by its path. */
export function walkSchemas(schema: z.ZodType, path: string, found: Map<z.ZodType, string> = new Map()): Map<z.ZodType, string> {
  if (found.has(schema)) return found;
  found.set(schema, path);
  const def = defOf(schema);
  const inner = (key: string, child: unknown) => isSchema(child) && walkSchemas(child, `${path}.${key}`, found);
  if (def.type === "object") for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) inner(key, child);
  for (const key of ["innerType", "element", "in", "out", "left", "right", "keyType", "valueType"]) inner(key, def[key]);
  for (const [i, option] of ((def.options as unknown[] | undefined) ?? []).entries()) inner(`option${i}`, option);
  for (const [i, item] of ((def.items as unknown[] | undefined) ?? []).entries()) inner(`item${i}`, item);
  return found;
}

/** What each schema costs on every shape: the input alone and, for an object, as the value of all its fields at once. */
export function slowSchemas(schemas: Map<z.ZodType, string>): string[] {
  const slow: string[] = [];
  for (const [schema, where] of schemas) {
    slow.push(...slowShapes(where, (input) => schema.safeParse(input)));
    const def = defOf(schema);
    if (def.type !== "object") continue;
    const keys = Object.keys(def.shape as Record<string, unknown>);
    slow.push(...slowShapes(`${where} (every field)`, (input) => schema.safeParse(Object.fromEntries(keys.map((k) => [k, input])))));
  }
  return slow;
}
