import { describe, expect, it } from "vitest";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "./keyset";

describe("keyset cursors", () => {
  it("round-trips a (time, id) cursor", () => {
    const row = { createdAt: "2026-11-22T12:00:00.000Z", id: "0b7c6f0e-3f4a-4d8e-9a51-2f0d3c1e5a77" };
    expect(decodeTimeIdCursor(encodeTimeIdCursor(row))).toEqual({ at: new Date(row.createdAt), id: row.id });
  });
  it("reads a damaged cursor as the first page", () => {
    expect(decodeTimeIdCursor("nonsense")).toBeUndefined();
    expect(decodeTimeIdCursor("2026-11-22T12:00:00Z~1; drop table")).toBeUndefined();
  });
  it("bounds the page size", () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize(10_000)).toBe(200);
    expect(pageSize(0)).toBe(1);
  });
});
