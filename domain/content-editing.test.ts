import { describe, expect, it } from "vitest";
import { BlockList } from "./blocks";
import { applyBlockFields, editableBlocks, fieldErrorsOf, knownFieldNames, readPageForm } from "./content-editing";

const blocks = BlockList.parse([
  { type: "heading", title: "Why we test" },
  {
    type: "section",
    title: "Inside",
    blocks: [
      { type: "paragraph", paragraph: "<p>First.</p>" },
      { type: "table", content: [["Strain", "Dose"], ["B. lactis", "10 B"]] },
    ],
  },
  { type: "slider", slide: [{ title: "One", link: "/a" }] },
  { type: "button", label: "Shop", link: "/shop" },
]);
const page = { title: "Our page", intro: "An intro.", description: "A description." };
const formOf = () => Object.fromEntries([...editableBlocks(blocks).flatMap((b) => b.fields.map((f) => [f.name, f.value])), ...Object.entries(page)]);

describe("the page editor's form", () => {
  it("lists every block in reading order with its fields; nested blocks are one level deeper", () => {
    const editor = editableBlocks(blocks);
    expect(editor.map((b) => [b.name, b.type, b.depth])).toEqual([
      ["f.0", "heading", 0],
      ["f.1", "section", 0],
      ["f.1.blocks.0", "paragraph", 1],
      ["f.1.blocks.1", "table", 1],
      ["f.2", "slider", 0],
      ["f.3", "button", 0],
    ]);
    expect(editor[3]!.fields[1]).toMatchObject({ name: "f.1.blocks.1.content", kind: "table", value: "Strain | Dose\nB. lactis | 10 B" });
    expect(editor[4]!.fields.map((f) => f.name)).toContain("f.2.slide.0.link");
  });

  it("the form as drawn reads back to the same page", () => {
    const read = readPageForm(blocks, formOf());
    expect(read).toEqual({ ok: true, page: { ...page, blocks } });
  });

  it("puts edited fields in place; an empty optional field is removed; unknown or structural names are ignored", () => {
    const out = applyBlockFields(blocks, {
      "f.0.title": "New heading",
      "f.1.blocks.0.paragraph": "<p>Second.</p>\r\n",
      "f.1.blocks.1.content": "A | B\n\n1 | 2\n",
      "f.1.title": "  ",
      "f.2.slide.0.link": "",
      "f.0.type": "poster",
      "f.9.title": "nowhere",
      "f.1.blocks.5.title": "nowhere",
    }) as any[];
    expect(out[0]).toMatchObject({ type: "heading", title: "New heading" });
    expect(out[1].blocks[0].paragraph).toBe("<p>Second.</p>\n");
    expect(out[1].blocks[1].content).toEqual([["A", "B"], ["1", "2"]]);
    expect(out[1]).not.toHaveProperty("title");
    expect(out[2].slide[0]).not.toHaveProperty("link");
    expect(out).toHaveLength(4);
    expect(blocks[0]).toMatchObject({ title: "Why we test" });
  });

  it("files the schema's complaints under the field, or the nearest field or block holding the part", () => {
    const read = readPageForm(blocks, { ...formOf(), "f.0.title": "", "f.3.link": "javascript:alert(1)", description: "" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(["description", "f.0.title", "f.3.link"]);
    expect(read.errors["f.3.link"]).toMatch(/a link is a path/);
    const known = knownFieldNames(blocks);
    expect(fieldErrorsOf([{ path: ["blocks", 1, "blocks", 1, "content", 0, 3], message: "too long" }], known)).toEqual({ "f.1.blocks.1.content": "too long" });
    // A slide's image has its own field (the library picker, ADR 0067): its complaints are filed there.
    expect(fieldErrorsOf([{ path: ["blocks", 2, "slide", 0, "image", 0, "width"], message: "bad image" }], known)).toEqual({ "f.2.slide.0.image": "bad image" });
    expect(fieldErrorsOf([{ path: ["blocks", 2, "slide", 0, "params"], message: "bad part" }], known)).toEqual({ "f.2": "bad part" });
    expect(fieldErrorsOf([{ path: [], message: "odd" }], known)).toEqual({ page: "odd" });
  });
});
