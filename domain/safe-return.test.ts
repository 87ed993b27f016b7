import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnPathOf, safeReturnPath } from "./safe-return";

describe("safeReturnPath", () => {
  it.each([
    ["/account/orders", "/account/orders"],
    ["/account/orders?page=2#top", "/account/orders?page=2#top"],
    ["/cart", "/cart"],
    ["/a/../account", "/account"],
  ])("keeps the same-origin path %j", (value, expected) => expect(safeReturnPath(value, "/home")).toBe(expected));

  it.each([
    ["//evil.example"],
    ["/.//evil.example"],
    ["/a/..//evil.example"],
    ["https://evil.example"],
    ["http:evil.example"],
    ["javascript:alert(1)"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/ /evil.example"],
    ["/\u00a0/evil.example"],
    ["/\u0000"],
    ["\\\\evil.example"],
    ["evil.example"],
    [""],
    [null],
    [undefined],
    ["/" + "a".repeat(600)],
  ])("falls back for %j", (value) => expect(safeReturnPath(value, "/home")).toBe("/home"));

  it("never answers anything a browser would read as another origin (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (tail) => {
        const path = returnPathOf(`/${tail}`);
        if (path === null) return;
        // What the browser does with a Location header: resolve against our own origin.
        expect(new URL(path, "https://shop.example").origin).toBe("https://shop.example");
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
