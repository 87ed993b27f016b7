import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GzipTemplate } from "./gzip-template";

describe("GzipTemplate: gzip made once, holes filled per response", () => {
  it.each([
    ["a page with holes", `<script nonce="N0nce+/=">a()</script><p>héllo ü ${"words ".repeat(2000)}</p><link nonce="N0nce+/="/>`],
    ["no hole", "<p>plain</p>"],
    ["holes at both ends and side by side", "N0nce+/=mid N0nce+/=N0nce+/="],
    ["nothing at all", ""],
  ])("%s: gunzips to the text with every hole replaced", (_label, text) => {
    const template = new GzipTemplate(text, "N0nce+/=");
    for (const value of ["fresh1==", "another+/nonce=="]) {
      expect(gunzipSync(template.fill(value)).toString()).toBe(text.replaceAll("N0nce+/=", value));
    }
  });

  it("an empty hole leaves the text as it is", () => {
    expect(gunzipSync(new GzipTemplate("<p>x</p>", "").fill("y")).toString()).toBe("<p>x</p>");
  });
});
