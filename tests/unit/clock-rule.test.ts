import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The clock rule (docs/decisions/0007-house-conventions.md): every business time (created, claimed, sent, billed,
 * redeemed...) comes from the shop's injectable clock (`shop.clock.now()`), never from the machine or the database.
 * A module that reads the system time directly makes the suite depend on today's date; this check fails on it.
 */
const ROOT = resolve(import.meta.dirname, "../..");

/** Reading the machine's or the database's idea of now. */
export const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: "new Date() without an argument", pattern: /new Date\(\s*\)/ },
  { name: "Date.now()", pattern: /\bDate\.now\s*\(/ },
  { name: "a database default of now() (.defaultNow())", pattern: /\.defaultNow\s*\(/ },
  { name: "SQL now() / CURRENT_TIMESTAMP / CURRENT_DATE", pattern: /(?<![.\w])now\(\)|\bcurrent_timestamp\b|\bcurrent_date\b|\blocaltimestamp\b/i },
];

/** The only files allowed to read the machine's time, each for a reason that is not a business time. */
const ALLOWED = new Set([
  "server/lib/clock.ts", // the system clock itself
  "server/db/lock.ts", // when this process took the data folder's lock: diagnostics for the operator
  "server/modules/job-leases/index.ts", // a running job's lease, in pg-boss's own clock (its maintenance compares with now())
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" || entry.name === "migrations" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Violations in one file's text, as "line: what". Comments are skipped so a rule can be explained in one. */
export function clockViolations(text: string): string[] {
  return text.split("\n").flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    return FORBIDDEN.filter((f) => f.pattern.test(code)).map((f) => `${i + 1}: ${f.name}`);
  });
}

describe("clock rule: business times come from the shop's clock", () => {
  it("no server or domain module reads the system or database time", () => {
    const files = [...sourceFiles(join(ROOT, "server")), ...sourceFiles(join(ROOT, "domain"))];
    expect(files.length).toBeGreaterThan(50);
    const violations = files
      .map((file) => relative(ROOT, file))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => clockViolations(readFileSync(join(ROOT, file), "utf8")).map((v) => `${file}:${v}`));
    expect(violations).toEqual([]);
  });

  it("bites: each forbidden form is found, and a clock read is not", () => {
    expect(clockViolations("const t = new Date();")).toHaveLength(1);
    expect(clockViolations("if (Date.now() > until) {}")).toHaveLength(1);
    expect(clockViolations('createdAt: timestamp("created_at").notNull().defaultNow(),')).toHaveLength(1);
    expect(clockViolations("await db.execute(sql`update t set sent_at = now()`);")).toHaveLength(1);
    expect(clockViolations("where created_at < CURRENT_TIMESTAMP")).toHaveLength(1);
    expect(clockViolations("const now = shop.clock.now();")).toEqual([]);
    expect(clockViolations("const d = new Date(iso);")).toEqual([]);
    expect(clockViolations("// Date.now() is forbidden here")).toEqual([]);
  });
});
