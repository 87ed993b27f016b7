import { describe, expect, it } from "vitest";
import { BLOCK_TYPES, BlockList } from "./blocks";
import { compactBlocks, newBlock, readBlockEditorForm, resolveLibraryImages, scheduleTimeOf } from "./block-editor";

const words = { title: "Page", intro: "Intro", description: "Desc" };

describe("the block editor's form", () => {
  it("starts each of the nine block types as a block the schema takes, except a poster, which needs its image", () => {
    for (const type of BLOCK_TYPES) {
      const parsed = BlockList.safeParse(compactBlocks([newBlock(type)]));
      expect(parsed.success, type).toBe(type !== "poster");
    }
  });

  it("drops empty optional fields (an empty slide link) but keeps an empty required one, to be refused beside its block", () => {
    const blocks = [{ type: "slider", title: "", slide: [{ title: "A", link: "", label: "", image: [], altText: "" }] }, { type: "heading", title: "" }];
    const read = readBlockEditorForm({ ...words }, blocks);
    expect(read).toEqual({ ok: false, errors: { "block.1": expect.stringContaining("title") } });
  });

  it("puts the library's own URL and size in place of what the browser sent, and names hashes it lacks", () => {
    const hash = "b".repeat(64);
    const blocks = [{ type: "poster", altText: "x", image: [{ url: `/media/${hash}/9999.webp`, width: 1, height: 1 }, { url: "https://cdn.example/a.jpg", width: 5, height: 5 }] }, { type: "poster", altText: "y", image: [{ url: `/media/${"c".repeat(64)}/800.webp`, width: 1, height: 1 }] }];
    const stored = { url: `/media/${hash}/1600.webp`, secure_url: `https://shop.example/media/${hash}/1600.webp`, width: 1600, height: 900 };
    expect(resolveLibraryImages(blocks, new Map([[hash, stored]]))).toEqual(["c".repeat(64)]);
    expect(blocks[0]!.image).toEqual([stored, { url: "https://cdn.example/a.jpg", width: 5, height: 5 }]);
  });

  it("reads a schedule time as UTC and refuses anything else", () => {
    expect(scheduleTimeOf("2027-03-01T09:30")?.toISOString()).toBe("2027-03-01T09:30:00.000Z");
    expect(scheduleTimeOf("tomorrow")).toBeNull();
    expect(scheduleTimeOf(undefined)).toBeNull();
  });
});
