import { describe, expect, it } from "vitest";
import { auditDiff, MAX_LINES, SHORT_LENGTH } from "./audit-diff";

describe("the audit log's diffs", () => {
  it("shows only the changed paths of nested objects", () => {
    const before = { title: "Careers", blocks: [{ type: "heading", title: "Join us" }, { type: "paragraph", body: "Same" }], seo: { description: "Old" } };
    const after = { title: "Careers", blocks: [{ type: "heading", title: "Work with us" }, { type: "paragraph", body: "Same" }], seo: { description: "New" } };
    expect(auditDiff(before, after).lines).toEqual([
      { path: "blocks[0].title", before: { short: "Join us" }, after: { short: "Work with us" } },
      { path: "seo.description", before: { short: "Old" }, after: { short: "New" } },
    ]);
  });
  it("reads a { changed: [...] } summary and a creation", () => {
    expect(auditDiff(null, { version: 4, changed: ["title", "blocks"] }).lines).toEqual([
      { path: "version", after: { short: "4" } },
      { path: "changed", after: { short: "title, blocks" } },
    ]);
  });
  it("shows added and removed keys, nulls and a removal", () => {
    expect(auditDiff({ a: 1, b: null }, { a: 1, c: true }).lines).toEqual([
      { path: "b", before: { short: "(none)" } },
      { path: "c", after: { short: "true" } },
    ]);
    expect(auditDiff({ status: "pending" }, null).lines).toEqual([{ path: "status", before: { short: "pending" } }]);
    expect(auditDiff("x", "y").lines).toEqual([{ path: "value", before: { short: "x" }, after: { short: "y" } }]);
  });
  it("cuts long values and keeps the whole for an expand; caps the lines", () => {
    const long = "<p>" + "word ".repeat(100) + "</p>";
    const [line] = auditDiff({ html: "short" }, { html: long }).lines;
    expect(line!.after!.short).toHaveLength(SHORT_LENGTH);
    expect(line!.after!.full).toBe(long);
    const many = Object.fromEntries(Array.from({ length: MAX_LINES + 5 }, (_, i) => [`k${i}`, i]));
    expect(auditDiff({}, many)).toMatchObject({ more: 5 });
    expect(auditDiff({}, many).lines).toHaveLength(MAX_LINES);
  });
});
