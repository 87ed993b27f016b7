import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { auditLog, contentPages, contentPageSchedules, contentPageVersions } from "../../db/schema";
import { findPage } from "../../modules/content";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { publishDueSchedules } from "../../workflows/console/content-schedule";

/**
 * Scheduled content publishes (docs/decisions/0072-block-editor-and-scheduled-publish.md): set for a time on the
 * shop's clock, published by the worker once due as a normal new version, cancellable, refused (with its reason
 * kept) when the page moved on, published once when two workers run at the same moment. The shop's clock is moved,
 * never waited for, and starts on a random day so nothing depends on today's date.
 */
const start = new Date(Date.UTC(2026, 10, 22, 12) + Math.floor(Math.random() * 400 * 24 * 60) * 60_000);

describe(`scheduled content publishes (${testDriver()})`, { timeout: 120_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const cookies = { owner: "", content: "", support: "", finance: "" };
  const db = () => dbOf(shop);
  const staff = {} as Record<keyof typeof cookies, Awaited<ReturnType<typeof createTestStaff>>>;
  const signInAll = async () => {
    for (const role of ["owner", "content", "support", "finance"] as const) cookies[role] = await signInTestStaff(app, shop, staff[role]);
  };
  /**
   * Moves the shop's clock on; a console session does not outlive a long idle, so the content editor signs in again
   * (which moves the clock 30 s more, for a fresh authenticator code).
   */
  const later = async (minutes: number) => {
    shop.clock.advance(minutes * 60_000);
    cookies.content = await signInTestStaff(app, shop, staff.content);
  };

  beforeAll(async () => {
    shop = await openTestShop({ now: start.toISOString() });
    app = createApp(shop);
    for (const role of ["owner", "content", "support", "finance"] as const) staff[role] = await createTestStaff(shop, role);
    await signInAll();
  }, 120_000);
  afterAll(() => shop.cleanup());

  const api = async (path: string, body?: unknown, cookie = cookies.content) => {
    const res = await app.request(`/api/console${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const careers = async () => (await api("/content/pages/careers")).body;
  const inMinutes = (minutes: number) => new Date(shop.clock.now().getTime() + minutes * 60_000).toISOString();
  /** A schedule of the careers page with a new first heading. */
  const schedule = async (heading: string, minutes = 30, cookie = cookies.content, extra: Record<string, unknown> = {}) => {
    const { page } = await careers();
    const blocks = [{ type: "heading", title: heading }, ...page.blocks];
    return api("/content/pages/careers/schedules", { baseVersion: page.version, title: page.title, intro: page.intro, description: page.description, blocks, publishAt: inMinutes(minutes), ...extra }, cookie);
  };
  const shopShows = async (words: string) => JSON.stringify((await findPage(shop, "careers"))!.blocks).includes(words);
  const pending = async () => db().select().from(contentPageSchedules).where(eq(contentPageSchedules.status, "pending"));

  it("a schedule is not published before its time, and is published as a new version, audited as a diff, once the clock passes it", async () => {
    const { status, body } = await schedule("Now hiring pharmacists");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: "pending", baseVersion: 1 });
    expect((await careers()).schedules[0]).toMatchObject({ id: body.id, status: "pending" });

    await later(28);
    expect(await publishDueSchedules(shop)).toEqual({ published: 0, refused: 0 });
    expect(await shopShows("Now hiring pharmacists")).toBe(false);

    await later(2);
    expect(await publishDueSchedules(shop)).toEqual({ published: 1, refused: 0 });
    expect(await shopShows("Now hiring pharmacists")).toBe(true);
    const page = await careers();
    expect(page.page.version).toBe(2);
    expect(page.history[0]).toMatchObject({ version: 2 });
    expect(page.schedules[0]).toMatchObject({ id: body.id, status: "published", publishedVersion: 2 });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, "careers")).orderBy(auditLog.id).then((rows) => rows.slice(-1));
    expect(entry!.action).toBe("content.publish");
    expect(entry!.before).toEqual({ version: 1 });
    expect(entry!.after).toMatchObject({ version: 2, changed: [{ block: 0, type: "heading", added: { type: "heading", title: "Now hiring pharmacists" } }], scheduled: { id: body.id } });
    // Only what changed: not the page's other blocks.
    expect(JSON.stringify(entry!.after).length).toBeLessThan(600);
    expect(await publishDueSchedules(shop)).toEqual({ published: 0, refused: 0 });
  });

  it("a cancelled schedule is never published; cancelling it again is a 404", async () => {
    const { body } = await schedule("Cancelled heading", 10);
    const cancel = await api(`/content/pages/careers/schedules/${body.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    expect((await api(`/content/pages/careers/schedules/${body.id}/cancel`, {})).status).toBe(404);
    await later(60);
    expect(await publishDueSchedules(shop)).toEqual({ published: 0, refused: 0 });
    expect(await shopShows("Cancelled heading")).toBe(false);
  });

  it("a new schedule replaces the page's pending one: one pending schedule per page", async () => {
    const first = await schedule("First plan", 20);
    const second = await schedule("Second plan", 25);
    expect(second.status).toBe(200);
    expect((await pending()).map((s) => s.id)).toEqual([second.body.id]);
    const [old] = await db().select().from(contentPageSchedules).where(eq(contentPageSchedules.id, first.body.id));
    expect(old!.status).toBe("cancelled");
    await api(`/content/pages/careers/schedules/${second.body.id}/cancel`, {});
  });

  it("is refused, saying why, when the page moved on from the version it was edited from", async () => {
    const { body } = await schedule("Stale heading", 15);
    const { page } = await careers();
    const published = await api("/content/pages/careers/versions", { baseVersion: page.version, title: page.title, intro: "Edited by hand meanwhile.", description: page.description, blocks: page.blocks });
    expect(published.status).toBe(200);
    await later(16);
    expect(await publishDueSchedules(shop)).toEqual({ published: 0, refused: 1 });
    expect(await shopShows("Stale heading")).toBe(false);
    const shown = (await careers()).schedules.find((s: { id: string }) => s.id === body.id);
    expect(shown).toMatchObject({ status: "refused", publishedVersion: null });
    expect(shown.outcome).toMatch(/Version \d+ of this page was published .*after you opened version \d+\. Nothing was published/);
  });

  it("two workers running at the same moment publish a due schedule once", async () => {
    const { body } = await schedule("Published once", 5);
    const before = (await db().select({ n: count() }).from(contentPageVersions))[0]!.n;
    await later(6);
    const runs = await Promise.all([publishDueSchedules(shop), publishDueSchedules(shop), publishDueSchedules(shop)]);
    expect(runs.reduce((sum, r) => sum + r.published, 0)).toBe(1);
    // The others found it settled: none of them refused it (which would overwrite the published outcome).
    expect(runs.reduce((sum, r) => sum + r.refused, 0)).toBe(0);
    const [settled] = await db().select().from(contentPageSchedules).where(eq(contentPageSchedules.id, body.id));
    expect(settled).toMatchObject({ status: "published", publishedVersion: expect.any(Number) });
    expect((await db().select({ n: count() }).from(contentPageVersions))[0]!.n - before).toBe(1);
    const [row] = await db().select().from(contentPages).where(eq(contentPages.routeName, "careers"));
    const audits = await db().select({ n: count() }).from(auditLog).where(and(eq(auditLog.targetId, "careers"), eq(auditLog.action, "content.publish")));
    expect(audits[0]!.n).toBeGreaterThan(0);
    expect(JSON.stringify(row!.blocks).match(/Published once/g)).toHaveLength(1);
  });

  it("refuses bad input with a 4xx and writes nothing; roles without content.publish are refused", async () => {
    await signInAll();
    const before = (await db().select({ n: count() }).from(contentPageSchedules))[0]!.n;
    expect((await schedule("Past", -1)).status).toBe(400);
    expect((await schedule("Now", 0)).status).toBe(400);
    expect((await schedule("Too far", 500 * 24 * 60)).status).toBe(400);
    expect((await schedule("Bad time", 10, cookies.content, { publishAt: "tomorrow" })).status).toBe(400);
    expect((await schedule("Bad block", 10, cookies.content, { blocks: [{ type: "heading" }] })).status).toBe(400);
    expect((await schedule("Stale", 10, cookies.content, { baseVersion: 1 })).status).toBe(409);
    expect((await schedule("Unknown image", 10, cookies.content, { blocks: [{ type: "poster", altText: "x", image: [{ url: `/media/${"a".repeat(64)}/800.webp`, width: 800, height: 600 }] }] })).status).toBe(400);
    expect((await api("/content/pages/nope/schedules", { baseVersion: 1, title: "t", intro: "i", description: "d", blocks: [], publishAt: inMinutes(5) })).status).toBe(404);
    expect((await api("/content/pages/careers/schedules/not-a-uuid/cancel", {})).status).toBe(400);
    for (const role of ["support", "finance"] as const) expect((await schedule("Not mine", 10, cookies[role])).status).toBe(403);
    expect((await db().select({ n: count() }).from(contentPageSchedules))[0]!.n).toBe(before);
  });
});
