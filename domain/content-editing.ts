import { z } from "./zod";
import { BlockList, type Block, type BlockImage, type BlockType } from "./blocks";
import { isMediaHash } from "./media";

/**
 * The console's page editor (docs/decisions/0041-console-content.md): which fields of each CMS block a plain form
 * edits, how the form's fields are applied to the published blocks, and how the block schema's complaints become
 * words beside the field they are about. Pure: the server validates, sanitises and stores.
 *
 * A block field is named by its path in the block list, "f.3.title", "f.0.blocks.2.paragraph", "f.5.slide.1.link".
 */

/** "image": a library image chosen for the block (the form sends its hash; empty keeps the current image). */
export type FieldKind = "text" | "rich" | "table" | "image";

interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  /** An empty optional field removes the value; an empty required one is refused by the block schema. */
  optional?: boolean;
}

const rich = (key: string, label: string, optional = false): FieldSpec => ({ key, label, kind: "rich", optional });
const text = (key: string, label: string, optional = false): FieldSpec => ({ key, label, kind: "text", optional });
const image = (key: string, label: string): FieldSpec => ({ key, label, kind: "image", optional: true });

export const BLOCK_FIELDS: Record<BlockType, FieldSpec[]> = {
  heading: [text("title", "Heading")],
  paragraph: [rich("paragraph", "Text (HTML)")],
  "small-text": [rich("paragraph", "Small print (HTML)")],
  accordion: [text("title", "Title"), rich("paragraph", "Text shown when opened (HTML)")],
  button: [text("label", "Label"), text("link", "Link (a path, #anchor, https: or mailto:)")],
  poster: [text("title", "Title", true), image("image", "Image"), text("altText", "Image description (alt text)"), rich("legend", "Legend (HTML)", true)],
  slider: [text("title", "Title", true)],
  table: [text("title", "Title", true), { key: "content", label: "Rows: one per line, cells separated by |, the first row is the header", kind: "table" }],
  section: [text("title", "Title", true), rich("paragraph", "Text (HTML)", true)],
};

const SLIDE_FIELDS: FieldSpec[] = [
  text("title", "Title"),
  rich("paragraph", "Text (HTML)", true),
  text("label", "Button label", true),
  text("link", "Button link", true),
  image("image", "Image"),
  text("altText", "Image description (alt text)"),
];

export const BLOCK_LABELS: Record<BlockType, string> = {
  heading: "Heading",
  paragraph: "Paragraph",
  "small-text": "Small text",
  accordion: "Accordion",
  button: "Button",
  poster: "Poster",
  slider: "Slider",
  table: "Table",
  section: "Section",
};

export interface EditableField {
  name: string;
  label: string;
  kind: FieldKind;
  value: string;
  /** An image field's current image (the first of the block's list), shown beside the picker. */
  image?: BlockImage | null;
}

/** A library image as an image field can take it: the block image to store and the alt text it brings. */
export interface LibraryChoice {
  image: BlockImage;
  alt: string;
}

/** One block of the editor: its place, type and fields, indented by how deep in sections it sits. */
export interface EditableBlock {
  /** "f.3" or "f.0.blocks.2": field names start with it; block-level complaints are filed under it. */
  name: string;
  type: BlockType;
  depth: number;
  fields: EditableField[];
}

const TABLE_CELL_SEPARATOR = " | ";

function fieldValue(value: unknown, kind: FieldKind): string {
  // An image field's form value is the chosen library hash; it starts empty ("keep the current image").
  if (kind === "image") return "";
  if (kind === "table") return Array.isArray(value) ? value.map((row) => (row as string[]).join(TABLE_CELL_SEPARATOR)).join("\n") : "";
  return typeof value === "string" ? value : "";
}

const imageOf = (record: Record<string, unknown>, f: FieldSpec) => (f.kind === "image" ? { image: (record[f.key] as BlockImage[] | undefined)?.[0] ?? null } : {});

/** The library hashes an editor's form chose for its image fields (the server looks them up before applying it). */
export function chosenImageHashes(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .filter(([name, value]) => name.startsWith("f.") && name.endsWith(".image") && isMediaHash(value))
    .map(([, value]) => value);
}

/** The editor's blocks in reading order (a section, then what it holds). */
export function editableBlocks(blocks: Block[], prefix = "f", depth = 0): EditableBlock[] {
  return blocks.flatMap((block, i) => {
    const name = `${prefix}.${i}`;
    const record = block as unknown as Record<string, unknown>;
    const fields: EditableField[] = BLOCK_FIELDS[block.type].map((f) => ({ name: `${name}.${f.key}`, label: f.label, kind: f.kind, value: fieldValue(record[f.key], f.kind), ...imageOf(record, f) }));
    if (block.type === "slider") {
      block.slide.forEach((slide, s) => {
        const slideRecord = slide as unknown as Record<string, unknown>;
        for (const f of SLIDE_FIELDS) fields.push({ name: `${name}.slide.${s}.${f.key}`, label: `Slide ${s + 1}: ${f.label}`, kind: f.kind, value: fieldValue(slideRecord[f.key], f.kind), ...imageOf(slideRecord, f) });
      });
    }
    const own: EditableBlock = { name, type: block.type, depth, fields };
    return block.type === "section" ? [own, ...editableBlocks(block.blocks, `${name}.blocks`, depth + 1)] : [own];
  });
}

/** Walks a field name to its spec: the block path must exist in `blocks` and the last step must be an editable key. */
function specOf(blocks: unknown[], segments: string[]): { parent: Record<string, unknown>; spec: FieldSpec } | null {
  let list: unknown = blocks;
  let i = 0;
  while (i < segments.length) {
    const index = Number(segments[i]);
    if (!Array.isArray(list) || !Number.isInteger(index) || index < 0 || index >= list.length) return null;
    const block = list[index] as Record<string, unknown>;
    const rest = segments.slice(i + 1);
    const type = block.type as BlockType;
    if (rest.length === 1) {
      const spec = BLOCK_FIELDS[type]?.find((f) => f.key === rest[0]);
      return spec ? { parent: block, spec } : null;
    }
    if (type === "slider" && rest[0] === "slide" && rest.length === 3) {
      const slides = block.slide as Record<string, unknown>[];
      const s = Number(rest[1]);
      const spec = SLIDE_FIELDS.find((f) => f.key === rest[2]);
      return Number.isInteger(s) && s >= 0 && s < slides.length && spec ? { parent: slides[s]!, spec } : null;
    }
    if (type !== "section" || rest[0] !== "blocks") return null;
    list = block.blocks;
    i += 2;
  }
  return null;
}

const parseTable = (value: string) =>
  value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => line.split("|").map((cell) => cell.trim()));

/**
 * The published blocks with the form's "f." fields put in. Fields that name no editable field of an existing block
 * are ignored (the form cannot add, remove or retype blocks; the API's whole block list can). Line endings are
 * normalised to \n as browsers send \r\n.
 */
export function applyBlockFields(blocks: Block[], fields: Record<string, string>, library: ReadonlyMap<string, LibraryChoice> = new Map()): unknown[] {
  const copy = structuredClone(blocks) as unknown[];
  const chosen: { parent: Record<string, unknown>; key: string; choice: LibraryChoice }[] = [];
  for (const [name, raw] of Object.entries(fields)) {
    if (!name.startsWith("f.")) continue;
    const found = specOf(copy, name.slice(2).split("."));
    if (!found) continue;
    const value = raw.replace(/\r\n/g, "\n");
    const key = name.slice(name.lastIndexOf(".") + 1);
    if (found.spec.kind === "image") {
      const choice = library.get(value.trim());
      if (choice) chosen.push({ parent: found.parent, key, choice });
    } else if (found.spec.kind === "table") found.parent[key] = parseTable(value);
    else if (found.spec.optional && value.trim() === "") delete found.parent[key];
    else found.parent[key] = value;
  }
  // After the words: a chosen image replaces the block's list, and brings its alt text where none was written.
  for (const { parent, key, choice } of chosen) {
    parent[key] = [choice.image];
    if (typeof parent.altText !== "string" || parent.altText.trim() === "") parent.altText = choice.alt;
  }
  return copy;
}

/** A page as the console publishes it: the words of content/pages.json and the block list. */
export const PageEdit = z.object({
  title: z.string().trim().min(1, "a page needs a title").max(200),
  intro: z.string().trim().min(1, "a page needs an introduction").max(1000),
  description: z.string().trim().min(1, "a page needs a description for search engines").max(300),
  blocks: BlockList,
});
export type PageEdit = z.infer<typeof PageEdit>;

export type FieldErrors = Record<string, string>;

/**
 * The schema's complaints filed under form field names: a page word under its name, a block field under its "f."
 * name, and a complaint about a part no field shows (a table cell, an image) under the nearest field or block that
 * holds it. The first complaint per field is kept.
 */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], known: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    let name = path[0] === "blocks" ? ["f", ...path.slice(1)].join(".") : (path[0] ?? "page");
    while (name.includes(".") && !known.has(name)) name = name.slice(0, name.lastIndexOf("."));
    if (name === "f") name = "page";
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Every name the editor shows (page words, blocks and their fields), to file complaints under. */
export function knownFieldNames(blocks: Block[]): Set<string> {
  const names = new Set(["title", "intro", "description"]);
  for (const b of editableBlocks(blocks)) {
    names.add(b.name);
    for (const f of b.fields) names.add(f.name);
  }
  return names;
}

/** Reads the editor's form: the page words and the published blocks with the fields put in, validated. */
export function readPageForm(
  published: Block[],
  fields: Record<string, string>,
  library: ReadonlyMap<string, LibraryChoice> = new Map(),
): { ok: true; page: PageEdit } | { ok: false; errors: FieldErrors } {
  const missing = Object.entries(fields).filter(([name, value]) => name.startsWith("f.") && name.endsWith(".image") && value.trim() !== "" && !library.has(value.trim()));
  if (missing.length > 0) return { ok: false, errors: Object.fromEntries(missing.map(([name]) => [name, "There is no such image in the library. Choose another one."])) };
  const parsed = PageEdit.safeParse({
    title: fields.title ?? "",
    intro: (fields.intro ?? "").replace(/\r\n/g, "\n"),
    description: (fields.description ?? "").replace(/\r\n/g, "\n"),
    blocks: applyBlockFields(published, fields, library),
  });
  if (parsed.success) return { ok: true, page: parsed.data };
  return { ok: false, errors: fieldErrorsOf(parsed.error.issues, knownFieldNames(published)) };
}

/** The first complaint as one line for an API answer ("blocks.3.title: ..."). */
export function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  return `${issue.path.map(String).join(".") || "page"}: ${issue.message}`;
}
