import type { Permission } from "../../../domain/console-access";
import { chosenImageHashes, describeIssue, editableBlocks, PageEdit, readPageForm, type FieldErrors, type LibraryChoice } from "../../../domain/content-editing";
import { blockImageOf } from "../../../domain/media-blocks";
import { blockListOfForm, libraryHashesOf, readBlockEditorForm, resolveLibraryImages, scheduleTimeOf } from "../../../domain/block-editor";
import { findImages } from "../../modules/media";
import { ShopError } from "../../../domain/errors";
import { cleanBlocks, listPagesForConsole, pageForEditing, pageVersion, schedulesOfPage, scheduleView, versionsOfPage } from "../../modules/content";
import type { StaffSession } from "../../modules/staff";
import { dbOf, type Shop } from "../../shop";
import { cancelScheduleAction, publishPageAction, restorePageVersionAction, schedulePublishAction, type ConsoleActor } from "../../workflows/console";

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

  /** Library images named by a block list get the library's own URL and size; answers the hashes it lacks. */
  const resolveImages = async (blocks: unknown[]) => {
    const found = await findImages(db, libraryHashesOf(blocks));
    return resolveLibraryImages(blocks, new Map([...found].map(([hash, image]) => [hash, blockImageOf(image, shop.env.PUBLIC_URL)])));
  };

  /**
   * The editor's form read: the block editor posts its whole block list as JSON in `blocks` (ADR 0072); a form
   * without it is the field-by-field form of ADR 0041 over the published blocks.
   */
  const readEditor = async (routeName: string, fields: Record<string, string>): Promise<{ ok: true; page: PageEdit } | { ok: false; errors: FieldErrors }> => {
    const page = await pageOf(routeName);
    if (fields.blocks === undefined) return readPageForm(page.blocks, fields, await chosenImages(fields));
    const blocks = blockListOfForm(fields);
    if (!blocks) return { ok: false, errors: { page: "The block list could not be read. Reload the page and try again." } };
    if ((await resolveImages(blocks)).length > 0) return { ok: false, errors: { page: "An image of this page is no longer in the media library. Choose another one." } };
    return readBlockEditorForm(fields, blocks);
  };

  const baseVersionOf = (value: string | undefined) => {
    const baseVersion = Number(value);
    if (!Number.isInteger(baseVersion) || baseVersion < 1) throw new ShopError("VALIDATION_ERROR", "The form does not say which version it edited; open the page again.");
    return baseVersion;
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
        schedules: (await schedulesOfPage(db, page.id)).map(scheduleView),
        now: shop.clock.now().toISOString(),
      };
    },

    /** The editor's form applied to the published page, validated and sanitised as a publish would: nothing is written. */
    async preview(routeName: string, fields: Record<string, string>): Promise<{ ok: true; title: string; intro: string; blocks: ReturnType<typeof cleanBlocks> } | { ok: false; errors: FieldErrors }> {
      allow("content.read");
      const read = await readEditor(routeName, fields);
      return read.ok ? { ok: true, title: read.page.title, intro: read.page.intro, blocks: cleanBlocks(read.page.blocks) } : read;
    },

    /** Publishes the editor's form; a form the block schema refuses comes back as field errors and nothing is written. */
    async publishForm(routeName: string, fields: Record<string, string>) {
      allow("content.publish");
      const read = await readEditor(routeName, fields);
      if (!read.ok) return read;
      return { ok: true as const, published: await publishPageAction(shop, actor, routeName, baseVersionOf(fields.baseVersion), read.page) };
    },

    /** Schedules the editor's form for `publishAt` ("YYYY-MM-DDTHH:MM", UTC on the shop's clock). */
    async scheduleForm(routeName: string, fields: Record<string, string>) {
      allow("content.publish");
      const publishAt = scheduleTimeOf(fields.publishAt);
      if (!publishAt) return { ok: false as const, errors: { publishAt: "Give the day and time to publish (UTC)." } };
      const read = await readEditor(routeName, fields);
      if (!read.ok) return read;
      return { ok: true as const, scheduled: await schedulePublishAction(shop, actor, routeName, baseVersionOf(fields.baseVersion), read.page, publishAt) };
    },

    /** The API's schedule: the whole page over `baseVersion`, published by the worker at `publishAt`. */
    async schedule(routeName: string, body: { baseVersion: number; title: string; intro: string; description: string; blocks: unknown[]; publishAt: string }) {
      allow("content.publish");
      await pageOf(routeName);
      if ((await resolveImages(body.blocks)).length > 0) throw new ShopError("VALIDATION_ERROR", "An image of this page is not in the media library.");
      const parsed = PageEdit.safeParse(body);
      if (!parsed.success) throw new ShopError("VALIDATION_ERROR", describeIssue(parsed.error.issues[0]!));
      return schedulePublishAction(shop, actor, routeName, body.baseVersion, parsed.data, new Date(body.publishAt));
    },

    async cancelSchedule(routeName: string, id: string) {
      allow("content.publish");
      await pageOf(routeName);
      return cancelScheduleAction(shop, actor, routeName, id);
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
