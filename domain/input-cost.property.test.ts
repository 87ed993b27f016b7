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
import { isSchema, slowSchemas, slowShapes, walkSchemas } from "./testing/input-cost";

/**
 * Issue 33, point 1: no input costs more than its size allows. The account email check backtracked quadratically on
 * "a@" and many dots, and a 60 KB address held the process for 20 seconds. Every zod schema of domain/ (each field of
 * each, walked), every exported pattern and every check that reads free text is fed 100 KB of the shapes that make
 * patterns backtrack (domain/testing/input-cost.ts), and must answer in milliseconds. The API's own route schemas
 * get the same in server/http/input-cost.test.ts.
 */

// Every module of domain/ (not the tests), for the schemas and patterns it exports.
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });
const schemas = new Map<z.ZodType, string>();
const patterns = new Map<RegExp, string>();
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) {
    const where = `${file.slice(2)} ${name}`;
    if (isSchema(value)) walkSchemas(value, where, schemas);
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
    expect(slowSchemas(schemas)).toEqual([]);
  });

  it("every exported pattern", () => {
    expect([...patterns].flatMap(([pattern, where]) => slowShapes(where, (input) => pattern.test(input)))).toEqual([]);
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
    expect(Object.entries(checks).flatMap(([name, check]) => slowShapes(name, check))).toEqual([]);
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
