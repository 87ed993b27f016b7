import { z } from "./zod";
import type { BlockImage, BlockType } from "./blocks";
import { PageEdit, type FieldErrors } from "./content-editing";
import { libraryImageOf } from "./media-blocks";

/**
 * The console's block editor (docs/decisions/0072-block-editor-and-scheduled-publish.md): the editor keeps the
 * page's block list in the browser and posts it whole, as JSON in one field, with the page words beside it. Here:
 * reading that form, the new block each type starts as, and the library images a block list names (the server
 * stores those images' URLs and sizes as the library has them, never as the browser sent them). Pure.
 */

/** A new block of each type: the smallest block the schema takes, with words that say what to write. */
export function newBlock(type: BlockType): Record<string, unknown> {
  switch (type) {
    case "heading":
      return { type, title: "New heading" };
    case "paragraph":
      return { type, paragraph: "<p>New paragraph.</p>", inline: false };
    case "small-text":
      return { type, paragraph: "<p>Small print.</p>" };
    case "accordion":
      return { type, title: "A question", paragraph: "<p>Its answer.</p>" };
    case "button":
      return { type, label: "Shop now", link: "/", params: {} };
    case "poster":
      return { type, title: "", image: [], altText: "", legend: "", cover: false, mobileAspectRatio: "1:1", desktopAspectRatio: "16:9" };
    case "slider":
      return { type, title: "", slide: [{ title: "First slide", paragraph: "", image: [], altText: "" }] };
    case "table":
      return { type, title: "", content: [["Heading", "Heading"], ["Cell", "Cell"]] };
    case "section":
      return { type, title: "New section", paragraph: "", blocks: [] };
  }
}

/** Every image list of a block list (blocks, sections' blocks, slides), to look up or replace in place. */
export function imageListsOf(blocks: unknown[]): BlockImage[][] {
  const lists: BlockImage[][] = [];
  const visit = (block: unknown) => {
    if (!block || typeof block !== "object") return;
    const record = block as Record<string, unknown>;
    if (Array.isArray(record.image)) lists.push(record.image as BlockImage[]);
    if (Array.isArray(record.slide)) record.slide.forEach(visit);
    if (Array.isArray(record.blocks)) record.blocks.forEach(visit);
  };
  blocks.forEach(visit);
  return lists;
}

/** The library hashes a block list's images name. */
export function libraryHashesOf(blocks: unknown[]): string[] {
  return imageListsOf(blocks).flatMap((list) => list.flatMap((image) => (image && typeof image === "object" ? [libraryImageOf(image)?.hash] : []))).filter((h): h is NonNullable<typeof h> => Boolean(h));
}

/**
 * Puts each library image's stored URL and size in place of what the browser sent. Answers the hashes the library
 * does not have (the block list is then refused).
 */
export function resolveLibraryImages(blocks: unknown[], library: ReadonlyMap<string, BlockImage>): string[] {
  const missing: string[] = [];
  for (const list of imageListsOf(blocks)) {
    list.forEach((image, i) => {
      const hash = image && typeof image === "object" ? libraryImageOf(image)?.hash : undefined;
      if (!hash) return;
      const found = library.get(hash);
      if (found) list[i] = found;
      else missing.push(hash);
    });
  }
  return missing;
}

/** The form's page words and block list, before validation (the blocks field is JSON). */
export function blockListOfForm(fields: Record<string, string>): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(fields.blocks ?? "");
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The schema's complaints filed for the block editor: a page word under its name, anything inside a block under
 * "block.<i>" (its top-level place) with the path inside it named, so the card of that block shows it.
 */
export function blockEditorErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path[0] !== "blocks") {
      errors[path[0] ?? "page"] ??= issue.message;
      continue;
    }
    const key = path[1] === undefined ? "page" : `block.${path[1]}`;
    const inside = path.slice(2).join(" ");
    errors[key] ??= inside ? `${inside}: ${issue.message}` : issue.message;
  }
  return errors;
}

/** Fields a form leaves empty that mean "none" (an empty optional link would fail its rule). */
const OPTIONAL_ALWAYS = ["id", "modal", "icon", "altIcon", "videoId", "mobileVideoId", "desktopPlaybackId", "mobilePlaybackId", "legend", "background", "backgroundSmall"];
const OPTIONAL_BY_TYPE: Record<string, string[]> = { poster: ["title"], slider: ["title"], table: ["title"], section: ["title", "paragraph"], slide: ["paragraph", "label", "link"] };

/** Drops empty optional fields, in blocks, sections' blocks and slides. A required field left empty stays, to be refused. */
export function compactBlocks(blocks: unknown[]): unknown[] {
  const compact = (item: unknown, kind?: string): unknown => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return item;
    const record = { ...(item as Record<string, unknown>) };
    const type = kind ?? String(record.type);
    for (const key of [...OPTIONAL_ALWAYS, ...(OPTIONAL_BY_TYPE[type] ?? [])]) if (typeof record[key] === "string" && (record[key] as string).trim() === "") delete record[key];
    if (Array.isArray(record.slide)) record.slide = record.slide.map((s) => compact(s, "slide"));
    if (Array.isArray(record.blocks)) record.blocks = record.blocks.map((b) => compact(b));
    return record;
  };
  return blocks.map((b) => compact(b));
}

/** Reads the block editor's form: page words and the posted block list, validated (images resolved beforehand). */
export function readBlockEditorForm(fields: Record<string, string>, blocks: unknown[]): { ok: true; page: PageEdit } | { ok: false; errors: FieldErrors } {
  const parsed = PageEdit.safeParse({
    title: fields.title ?? "",
    intro: (fields.intro ?? "").replace(/\r\n/g, "\n"),
    description: (fields.description ?? "").replace(/\r\n/g, "\n"),
    blocks: compactBlocks(blocks),
  });
  return parsed.success ? { ok: true, page: parsed.data } : { ok: false, errors: blockEditorErrors(parsed.error.issues) };
}

/** "2026-12-01T09:30" read as UTC (the shop's clock and the console show UTC); null when it is not such a time. */
export const ScheduleTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "a time is YYYY-MM-DDTHH:MM");
export function scheduleTimeOf(value: string | undefined): Date | null {
  if (!value || !ScheduleTime.safeParse(value).success) return null;
  const at = new Date(`${value}:00Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}
