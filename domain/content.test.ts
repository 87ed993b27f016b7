import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ContentPageSeedSchema, ContentSeedSchema } from "./content";
import { ROUTES, type RouteName } from "./routes";

const raw = JSON.parse(readFileSync(new URL("../content/pages.json", import.meta.url), "utf8"));

describe("content/pages.json", () => {
  const parsed = ContentSeedSchema.safeParse(raw);

  it("parses with the content seed schema", () => {
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.success).toBe(true);
  });

  it("has a page for every route name, none missing", () => {
    const names = new Set(parsed.data!.pages.map((p) => p.routeName));
    const missing = (Object.keys(ROUTES) as RouteName[]).filter((n) => !names.has(n));
    expect(missing).toEqual([]);
  });

  it("has no page twice", () => {
    const names = parsed.data!.pages.map((p) => p.routeName);
    expect(new Set(names).size).toBe(names.length);
  });

  it("every page has a title, an intro and a description", () => {
    for (const page of parsed.data!.pages) {
      expect(page.title.trim(), page.routeName).not.toBe("");
      expect(page.intro.trim(), page.routeName).not.toBe("");
      expect(page.description.trim(), page.routeName).not.toBe("");
    }
  });
});

describe("ContentPageSeedSchema", () => {
  const page = { routeName: "home", title: "T", intro: "I", description: "D" };

  it("fills in the default layout and an empty block list", () => {
    expect(ContentPageSeedSchema.parse(page)).toEqual({ ...page, layout: "default", blocks: [] });
  });

  it("accepts the blank layout and typed blocks, keeping their fields and adding the block defaults (SPEC section 3)", () => {
    const parsed = ContentPageSeedSchema.parse({ ...page, layout: "blank", blocks: [{ type: "heading", title: "Hi" }] });
    expect(parsed.layout).toBe("blank");
    expect(parsed.blocks).toEqual([{ type: "heading", title: "Hi", class: "", containerClass: "" }]);
  });

  it.each([
    ["an unknown route name", { ...page, routeName: "nope" }],
    ["an inherited property name as route name", { ...page, routeName: "toString" }],
    ["an empty title", { ...page, title: "" }],
    ["a too long description", { ...page, description: "x".repeat(301) }],
    ["an unknown layout", { ...page, layout: "fancy" }],
    ["a block without a type", { ...page, blocks: [{ title: "x" }] }],
  ])("rejects %s", (_label, input) => {
    expect(ContentPageSeedSchema.safeParse(input).success).toBe(false);
  });
});
