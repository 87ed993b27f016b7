import { describe, expect, it } from "vitest";
import { pageChanges } from "./content-diff";

const words = { title: "T", intro: "I", description: "D" };
const heading = (title: string) => ({ type: "heading", title, class: "", containerClass: "" });
const poster = (url: string) => ({ type: "poster", image: [{ url, width: 10, height: 10 }], altText: "a", class: "", containerClass: "" });

describe("pageChanges (the audit log's diff of a publish)", () => {
  it("names only the changed field of an edited block, with before and after", () => {
    const before = { ...words, blocks: [heading("A"), poster("/a.jpg"), heading("C")] };
    const after = { ...words, blocks: [heading("A"), poster("/b.jpg"), heading("C")] };
    expect(pageChanges(before, after)).toEqual([{ block: 1, type: "poster", field: "image", before: [{ url: "/a.jpg", width: 10, height: 10 }], after: [{ url: "/b.jpg", width: 10, height: 10 }] }]);
  });

  it("says a block was added, removed or moved, and which page words changed", () => {
    const before = { ...words, blocks: [heading("A"), heading("B"), heading("C"), heading("D")] };
    const after = { ...words, title: "New", blocks: [heading("C"), heading("D"), heading("A"), poster("/p.jpg")] };
    const changes = pageChanges(before, after);
    expect(changes).toContainEqual({ field: "title", before: "T", after: "New" });
    expect(changes).toContainEqual({ block: 2, type: "heading", movedFrom: 0 });
    expect(changes).toContainEqual({ block: 1, type: "heading", removed: heading("B") });
    expect(changes).toContainEqual({ block: 3, type: "poster", added: poster("/p.jpg") });
    expect(changes).toHaveLength(4);
  });

  it("is empty when nothing changed", () => {
    const page = { ...words, blocks: [heading("A")] };
    expect(pageChanges(page, structuredClone(page))).toEqual([]);
  });
});
