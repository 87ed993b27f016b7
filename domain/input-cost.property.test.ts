import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "./zod";
import { addressProblem, isValidPhone, type Address } from "./address";
import { parseAudiences } from "./audiences";
import { blockText, isBlockLink, type Block } from "./blocks";
import { rawCartFromCookies, parseCartIntent } from "./cart-cookie";
import { orderSequenceFrom } from "./carriers";
import { consolePageOf, isConsolePublicPage } from "./console-access";
import { isWellFormedCouponCode, normaliseCouponCode } from "./coupons";
import { isLooseEmail, isValidEmail, normaliseEmail } from "./email";
import { sanitiseAlertHtml, shouldReport } from "./error-reporting";
import { withoutTrailingSlashes } from "./routes";
import { returnPathOf } from "./safe-return";
import { isUnder } from "./shell";

/**
 * Issue 33, point 1: no input costs more than its size allows. The account email check backtracked quadratically on
 * "a@" and many dots, and a 60 KB address held the process for 20 seconds. Every zod schema of domain/ (each field of
 * each, walked), every exported pattern and every check that reads free text is fed 100 KB of the shapes that make
 * patterns backtrack, and must answer in milliseconds. The bound is generous (a linear check takes well under one
 * millisecond here; the quadratic one took seconds), and a slow first try is measured again, so a pause of a loaded
 * machine is not taken for a slow pattern.
 */
const SIZE = 100_000;
const BOUND_MS = 50;
const ADVERSARIAL: Record<string, string> = {
  "a@ and dots and @": `a@${".".repeat(SIZE)}@`,
  "a@ and labels": `a@${"a.".repeat(SIZE / 2)}!`,
  "slashes then a letter": `${"/".repeat(SIZE)}x`,
  "spaces between letters": `x${" ".repeat(SIZE)}x`,
  "tabs and line breaks": `${"\t\r\n".repeat(SIZE / 3)}x`,
  "digits then a letter": `${"1".repeat(SIZE)}x`,
  "open angle brackets": "<".repeat(SIZE),
  "dashes": `${"a-".repeat(SIZE / 2)}!`,
  "at signs": `a${"@a".repeat(SIZE / 2)}`,
  "commas and spaces": ", ".repeat(SIZE / 2),
  "lone surrogates": "\uD800".repeat(SIZE),
  "escaped links": "&lt;a href=&quot;/".repeat(SIZE / 20),
  "letters": "a".repeat(SIZE),
};

/** The shortest of up to three timings of `run`: only a run that is slow every time fails. */
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

function expectCheap(label: string, run: (input: string) => unknown) {
  const slow = Object.entries(ADVERSARIAL)
    .map(([shape, input]) => ({ shape, ms: costMs(() => run(input)) }))
    .filter(({ ms }) => ms >= BOUND_MS);
  expect(slow.map(({ shape, ms }) => `${label} on ${shape}: ${ms.toFixed(0)} ms`)).toEqual([]);
}

// Every module of domain/ (not the tests), for the schemas and patterns it exports.
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });
const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;

/** A schema and every schema inside it: object fields, optional and default wrappers, array items, union options, pipes. */
function walk(schema: z.ZodType, path: string, found: Map<z.ZodType, string>) {
  if (found.has(schema)) return;
  found.set(schema, path);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (key: string, child: unknown) => isSchema(child) && walk(child, `${path}.${key}`, found);
  if (def.type === "object") for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) inner(key, child);
  for (const key of ["innerType", "element", "in", "out", "left", "right", "keyType", "valueType"]) inner(key, def[key]);
  for (const [i, option] of ((def.options as unknown[] | undefined) ?? []).entries()) inner(`option${i}`, option);
  for (const [i, item] of ((def.items as unknown[] | undefined) ?? []).entries()) inner(`item${i}`, item);
}

const schemas = new Map<z.ZodType, string>();
const patterns = new Map<RegExp, string>();
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) {
    const where = `${file.slice(2)} ${name}`;
    if (isSchema(value)) walk(value, where, schemas);
    if (value instanceof RegExp) patterns.set(value, where);
    if (Array.isArray(value)) for (const [i, item] of value.entries()) if (item instanceof RegExp) patterns.set(item, `${where}[${i}]`);
  }
}

describe("input cost: 100 KB of the worst shapes answers in milliseconds", () => {
  it("found the schemas and patterns to try (the walk reaches into objects)", () => {
    expect([...schemas.values()]).toEqual(expect.arrayContaining(["accounts.ts EmailField", "accounts.ts AddressSchema.postalCode", "mail-forms.ts ContactFormSchema.name", "blocks.ts BlockLink"]));
    expect(schemas.size).toBeGreaterThan(200);
    expect(patterns.size).toBeGreaterThan(3);
  });

  it("every zod schema of domain/, and every field of each", () => {
    for (const [schema, where] of schemas) {
      expectCheap(where, (input) => schema.safeParse(input));
      // An object with every field set to the input: the fields are checked together, as a request's body is.
      const shape = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown> } } })._zod.def;
      if (shape.type === "object") expectCheap(`${where} (every field)`, (input) => schema.safeParse(Object.fromEntries(Object.keys(shape.shape!).map((k) => [k, input]))));
    }
  });

  it("every exported pattern", () => {
    for (const [pattern, where] of patterns) expectCheap(where, (input) => pattern.test(input));
  });

  it("the checks that read free text", () => {
    const checks: Record<string, (input: string) => unknown> = {
      isLooseEmail,
      isValidEmail,
      normaliseEmail,
      isValidPhone,
      addressProblem: (s) => addressProblem({ firstName: s, lastName: s, address1: s, city: s, region: s, postalCode: s, country: "US" } as Address),
      "addressProblem (Canada)": (s) => addressProblem({ firstName: "A", lastName: "B", address1: "1 Main", city: "C", region: "ON", postalCode: s, country: "CA" } as Address),
      parseAudiences,
      blockText: (s) => blockText([{ type: "paragraph", paragraph: s } as Block]),
      isBlockLink,
      rawCartFromCookies,
      parseCartIntent,
      orderSequenceFrom,
      consolePageOf,
      isConsolePublicPage,
      normaliseCouponCode,
      isWellFormedCouponCode,
      sanitiseAlertHtml,
      shouldReport: (s) => shouldReport(s, s),
      withoutTrailingSlashes,
      returnPathOf,
      isUnder: (s) => isUnder(s, "/cart"),
    };
    for (const [name, check] of Object.entries(checks)) expectCheap(name, check);
  });
});

describe("the linear rewrites answer as the patterns they replace", () => {
  // Short strings over the characters that matter to each pattern, so the interesting cases come up often.
  const over = (chars: string) => fc.string({ unit: fc.constantFrom(...chars.split("")), maxLength: 12 });

  it("isLooseEmail is /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/ on the trimmed text, up to 254 characters", () => {
    const OLD = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    fc.assert(fc.property(over("a@. \t\u00a0b"), (s) => isLooseEmail(s) === OLD.test(s.trim())), { numRuns: 5000 });
    expect(isLooseEmail(`${"a".repeat(250)}@b.co`)).toBe(false);
    expect(isLooseEmail(`${"a".repeat(249)}@b.co`)).toBe(true);
  });

  it("withoutTrailingSlashes is replace(/\\/+$/, \"\")", () => {
    fc.assert(fc.property(over("/a."), (s) => withoutTrailingSlashes(s) === s.replace(/\/+$/, "")), { numRuns: 2000 });
  });
});
