import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentSeedSchema } from "../../../domain/content";
import { createApp } from "../../app";
import { auditLog, contentPages, contentPageVersions } from "../../db/schema";
import { fromRoot } from "../../lib/root";
import { findPage, seedContent } from "../../modules/content";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { waitFor } from "../../testing/wait-for";
import { startWeb, type WebServer } from "../../web";
import type { DocumentHandler } from "../pages/document";

/**
 * The console's Content section (docs/decisions/0041-console-content.md) over HTTP: publish writes a version, cleans
 * the blocks, audits before and after and empties the page cache; restore is a new version; a stale base version is
 * a 409; roles without content.publish are refused; bad input is a 4xx.
 */
const seedFile = ContentSeedSchema.parse(JSON.parse(readFileSync(fromRoot("content/pages.json"), "utf8")));
const careersSeed = seedFile.pages.find((p) => p.routeName === "careers")!;

/** A stand-in for React Router: the careers page's words and blocks, the way the shop's page reads them. */
const careersDocument: DocumentHandler = async (_request, context) => {
  const page = await context.pages.find("careers");
  const html = `<!doctype html><title>${page?.title}</title><script nonce="${context.nonce}">window.ok=1</script><main>${JSON.stringify(page?.blocks)}</main>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

describe(`console content (${testDriver()})`, { timeout: 120_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let web: WebServer;
  const cookies = { owner: "", content: "", support: "", finance: "" };
  const db = () => dbOf(shop);

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    web = await startWeb(shop, careersDocument, 0);
    for (const role of ["owner", "content", "support", "finance"] as const) cookies[role] = await signInTestStaff(app, shop, await createTestStaff(shop, role));
  }, 120_000);
  afterAll(async () => {
    await web.close(100);
    await shop.cleanup();
  });

  const api = async (method: string, path: string, body?: unknown, cookie = cookies.owner) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const careers = async () => (await api("GET", "/content/pages/careers")).body;
  const publish = async (edit: (blocks: any[]) => void, baseVersion?: number, cookie = cookies.owner) => {
    const { page } = await careers();
    const blocks = structuredClone(page.blocks);
    edit(blocks);
    return api("POST", "/content/pages/careers/versions", { baseVersion: baseVersion ?? page.version, title: page.title, intro: page.intro, description: page.description, blocks }, cookie);
  };
  const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
  const shopPage = async (path = "/join-us/") => {
    const res = await fetch(`http://127.0.0.1:${web.port}${path}`);
    return { cache: res.headers.get("X-Page-Cache"), html: await res.text() };
  };

  it("lists the pages; a page comes with its editor fields and no history before the first publish", async () => {
    const list = await api("GET", "/content/pages", undefined, cookies.content);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(expect.objectContaining({ routeName: "careers", path: "/join-us/", version: 1 }));
    const page = await careers();
    expect(page.page).toMatchObject({ routeName: "careers", title: careersSeed.title, version: 1 });
    expect(page.editor.length).toBeGreaterThan(0);
    expect(page.editor[0].fields.length).toBeGreaterThan(0);
    expect(page.history).toEqual([]);
  });

  it("publish writes version 2 (keeping the file's version 1), cleans an XSS payload, audits before and after, and the cached shop page shows it at once", async () => {
    await shopPage();
    expect((await shopPage()).cache).toBe("HIT");
    const before = await auditCount();
    const words = "We hire people who read the studies first.";
    const payload = `<p>${words}</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a><p onclick="alert(4)">ok</p>`;
    const { status, body } = await publish((blocks) => {
      blocks.unshift({ type: "paragraph", paragraph: payload });
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ routeName: "careers", path: "/join-us/", version: 2 });

    const stored = (await db().select().from(contentPages).where(eq(contentPages.routeName, "careers")))[0]!;
    expect(stored.version).toBe(2);
    const html = JSON.stringify(stored.blocks);
    expect(html).toContain(words);
    for (const bad of ["<script", "alert(1)", "onerror", "javascript:", "onclick", "<img"]) expect(html).not.toContain(bad);
    expect((await findPage(shop, "careers"))!.blocks[0]).toMatchObject({ type: "paragraph", paragraph: expect.stringContaining(words) });

    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, "careers"));
    expect((await auditCount()) - before).toBe(1);
    expect(entries.at(-1)).toMatchObject({ action: "content.publish", targetType: "page", staffEmail: expect.stringMatching(/^owner-/) });
    expect((entries.at(-1)!.before as any).version).toBe(1);
    expect((entries.at(-1)!.after as any).version).toBe(2);
    expect(JSON.stringify(entries.at(-1)!.after)).not.toContain("<script");

    const { history } = await careers();
    expect(history.map((v: any) => [v.version, v.staffEmail === null])).toEqual([
      [2, false],
      [1, true],
    ]);
    await waitFor("the shop page to show the published words", async () => {
      const page = await shopPage();
      return page.html.includes(words) && page.cache !== "HIT" ? page : null;
    }, 10_000);
  });

  it("a publish over a version someone else replaced is refused with 409, naming who; nothing changes and nothing is audited", async () => {
    const before = await auditCount();
    const { status, body } = await publish((blocks) => {
      blocks[0].paragraph = "<p>Stale words.</p>";
    }, 1);
    expect(status).toBe(409);
    expect(body.code).toBe("CONTENT_VERSION_CONFLICT");
    expect(body.message).toMatch(/Version 2 of this page was published by owner-.*after you opened version 1/);
    expect(await auditCount()).toBe(before);
    expect((await careers()).page.version).toBe(2);
  });

  it("the content role publishes too; support and finance may neither read nor publish", async () => {
    expect((await publish((blocks) => (blocks[0].paragraph = "<p>Written by the content team.</p>"), undefined, cookies.content)).status).toBe(200);
    for (const role of ["support", "finance"] as const) {
      expect((await api("GET", "/content/pages", undefined, cookies[role])).status, role).toBe(403);
      expect((await api("GET", "/content/pages/careers", undefined, cookies[role])).status, role).toBe(403);
      const res = await api("POST", "/content/pages/careers/versions", { baseVersion: 3, title: "x", intro: "x", description: "x", blocks: [] }, cookies[role]);
      expect(res.status, role).toBe(403);
      expect((await api("POST", "/content/pages/careers/versions/1/restore", { baseVersion: 3 }, cookies[role])).status, role).toBe(403);
    }
    expect((await careers()).page.version).toBe(3);
  });

  it("restore publishes an earlier version's words as a new version, audited; the seed does not overwrite it", async () => {
    const before = await auditCount();
    const { status, body } = await api("POST", "/content/pages/careers/versions/1/restore", { baseVersion: 3 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.version).toBe(4);
    const page = await findPage(shop, "careers");
    expect(JSON.stringify(page!.blocks)).not.toContain("content team");
    expect(page!.blocks.length).toBe(careersSeed.blocks.length);
    const [latest] = await db().select().from(contentPageVersions).where(eq(contentPageVersions.version, 4));
    expect(latest).toMatchObject({ restoredFrom: 1, staffEmail: expect.stringMatching(/^owner-/) });
    expect((await auditCount()) - before).toBe(1);
    const entry = (await db().select().from(auditLog).orderBy(auditLog.id)).at(-1)!;
    expect(entry).toMatchObject({ action: "content.publish", targetId: "careers" });
    expect((entry.after as any).restoredFrom).toBe(1);

    // Now a published edit, then a changed content file: the edit stays.
    expect((await publish((blocks) => (blocks[0].title = "Edited in the console"))).status).toBe(200);
    const result = await seedContent(shop, [{ ...careersSeed, intro: "The file changed meanwhile." }], []);
    expect(result.skippedEdited).toContain("page:careers");
    const after = await findPage(shop, "careers");
    expect(after!.intro).toBe(careersSeed.intro);
    expect(JSON.stringify(after!.blocks)).toContain("Edited in the console");
  });

  it("bad input is a 4xx with words: a block the schema refuses, an unknown page or version, a malformed body", async () => {
    const before = await auditCount();
    const empty = await publish((blocks) => blocks.unshift({ type: "heading", title: "" }));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/^blocks\.0/) });
    const link = await publish((blocks) => blocks.unshift({ type: "button", label: "Go", link: "javascript:alert(1)" }));
    expect(link.status).toBe(400);
    const unknownType = await publish((blocks) => blocks.unshift({ type: "iframe", src: "https://evil.example" }));
    expect(unknownType.status).toBe(400);
    expect((await api("GET", "/content/pages/no_such_page")).status).toBe(404);
    expect((await api("GET", "/content/pages/careers?version=99")).status).toBe(404);
    expect((await api("GET", "/content/pages/careers?version=abc")).status).toBe(400);
    expect((await api("POST", "/content/pages/careers/versions/99/restore", { baseVersion: 5 })).status).toBe(404);
    expect((await api("POST", "/content/pages/careers/versions/1/restore", {})).status).toBe(400);
    expect((await api("POST", "/content/pages/careers/versions", { title: "x" })).status).toBe(400);
    expect((await api("POST", "/content/pages/no_such_page/versions", { baseVersion: 1, title: "x", intro: "x", description: "x", blocks: [] })).status).toBe(404);
    const res = await app.request("/api/console/content/pages/careers/versions", { method: "POST", headers: { Cookie: cookies.owner, "Content-Type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it("the editor's form: fields are applied to the published blocks, refused fields come back by name, preview writes nothing", async () => {
    const { consoleService } = await import("./service");
    const { readStaffSession } = await import("../../modules/staff");
    const session = (await readStaffSession(shop, cookies.owner.split("=")[1]))!;
    const content = consoleService(shop, session).content;
    const page = await content.page("careers");
    const section = page.editor.find((b) => b.type === "section")!;
    const field = section.fields.find((f) => f.name.endsWith(".title"))!;
    const table = page.editor.find((b) => b.type === "table")!.fields.find((f) => f.kind === "table")!;
    expect(table.value.split("\n")[0]).toContain(" | ");
    const fields = { title: page.page.title, intro: page.page.intro, description: page.page.description, baseVersion: String(page.page.version), [field.name]: "A heading <em>typed</em> in the form" };

    const preview = await content.preview("careers", fields);
    expect(preview.ok).toBe(true);
    expect(JSON.stringify(preview)).toContain("A heading <em>typed</em> in the form");
    expect((await content.page("careers")).page.version).toBe(page.page.version);

    const refused = await content.preview("careers", { ...fields, [table.name]: "", title: "" });
    expect(refused).toEqual({ ok: false, errors: expect.objectContaining({ [table.name]: expect.any(String), title: "a page needs a title" }) });
    // An empty optional field removes the value rather than being refused.
    expect((await content.preview("careers", { ...fields, [field.name]: "" })).ok).toBe(true);

    const xss = await content.preview("careers", { ...fields, "f.0.paragraph": '<p>Fine</p><img src=x onerror="alert(1)">' });
    expect(JSON.stringify(xss)).not.toContain("onerror");

    const published = await content.publishForm("careers", fields);
    expect(published).toMatchObject({ ok: true, published: { version: page.page.version + 1 } });
    const stale = content.publishForm("careers", fields);
    await expect(stale).rejects.toMatchObject({ code: "CONTENT_VERSION_CONFLICT", status: 409 });
  });
});
