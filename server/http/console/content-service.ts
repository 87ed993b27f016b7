import type { Permission } from "../../../domain/console-access";
import { chosenImageHashes, describeIssue, editableBlocks, PageEdit, readPageForm, type FieldErrors, type LibraryChoice } from "../../../domain/content-editing";
import { blockImageOf } from "../../../domain/media-blocks";
import { findImages } from "../../modules/media";
import { ShopError } from "../../../domain/errors";
import { cleanBlocks, listPagesForConsole, pageForEditing, pageVersion, versionsOfPage } from "../../modules/content";
import type { StaffSession } from "../../modules/staff";
import { dbOf, type Shop } from "../../shop";
import { publishPageAction, restorePageVersionAction, type ConsoleActor } from "../../workflows/console";

/**
 * The console's Content section (docs/decisions/0041-console-content.md), for one signed-in member of staff: the API
 * handlers and the console pages both call it, and every method checks its permission first.
 */
export function contentService(shop: Shop, staff: StaffSession, allow: (permission: Permission) => void, requestId?: string) {
  const db = dbOf(shop);
  const actor: ConsoleActor = { staffId: staff.id, email: staff.email, role: staff.role, requestId };
  const pageOf = async (routeName: string) => {
    const page = /^[a-z][a-z0-9_]{0,59}$/.test(routeName) ? await pageForEditing(db, routeName) : null;
    if (!page) throw new ShopError("NOT_FOUND", "There is no such page.");
    return page;
  };

  /** The library images the editor's form chose, as the block images to store (ADR 0067). */
  const chosenImages = async (fields: Record<string, string>): Promise<Map<string, LibraryChoice>> => {
    const found = await findImages(db, chosenImageHashes(fields));
    return new Map([...found].map(([hash, image]) => [hash, { image: blockImageOf(image, shop.env.PUBLIC_URL), alt: image.alt }]));
  };

  return {
    async pages() {
      allow("content.read");
      return (await listPagesForConsole(db)).map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() }));
    },

    /** The published page, its editor fields and its history; `version` shows an earlier version's words instead. */
    async page(routeName: string, input: { version?: number } = {}) {
      allow("content.read");
      const page = await pageOf(routeName);
      const versions = await versionsOfPage(db, page.id);
      const shown = input.version && input.version !== page.version ? await pageVersion(db, page.id, input.version) : null;
      if (input.version && input.version !== page.version && !shown) throw new ShopError("NOT_FOUND", `This page has no version ${input.version}.`);
      return {
        page: { routeName: page.routeName, path: page.path, title: page.title, intro: page.intro, description: page.description, layout: page.layout, version: page.version, updatedAt: page.updatedAt.toISOString(), blocks: page.blocks },
        editor: editableBlocks(page.blocks),
        shown,
        history: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
      };
    },

    /** The editor's form applied to the published page, validated and sanitised as a publish would: nothing is written. */
    async preview(routeName: string, fields: Record<string, string>): Promise<{ ok: true; title: string; intro: string; blocks: ReturnType<typeof cleanBlocks> } | { ok: false; errors: FieldErrors }> {
      allow("content.read");
      const read = readPageForm((await pageOf(routeName)).blocks, fields, await chosenImages(fields));
      return read.ok ? { ok: true, title: read.page.title, intro: read.page.intro, blocks: cleanBlocks(read.page.blocks) } : read;
    },

    /** Publishes the editor's form; a form the block schema refuses comes back as field errors and nothing is written. */
    async publishForm(routeName: string, fields: Record<string, string>) {
      allow("content.publish");
      const read = readPageForm((await pageOf(routeName)).blocks, fields, await chosenImages(fields));
      if (!read.ok) return read;
      const baseVersion = Number(fields.baseVersion);
      if (!Number.isInteger(baseVersion) || baseVersion < 1) throw new ShopError("VALIDATION_ERROR", "The form does not say which version it edited; open the page again.");
      return { ok: true as const, published: await publishPageAction(shop, actor, routeName, baseVersion, read.page) };
    },

    /** The API's publish: the whole page (words and block list), over `baseVersion`. */
    async publish(routeName: string, body: { baseVersion: number; title: string; intro: string; description: string; blocks: unknown }) {
      allow("content.publish");
      await pageOf(routeName);
      const parsed = PageEdit.safeParse(body);
      if (!parsed.success) throw new ShopError("VALIDATION_ERROR", describeIssue(parsed.error.issues[0]!));
      return publishPageAction(shop, actor, routeName, body.baseVersion, parsed.data);
    },

    async restore(routeName: string, version: number, baseVersion: number) {
      allow("content.publish");
      await pageOf(routeName);
      return restorePageVersionAction(shop, actor, routeName, version, baseVersion);
    },
  };
}
