import { serve, type ServerType } from "@hono/node-server";
import { count, eq, ne } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaPath, widthsFor } from "../../../domain/media";
import { createApp } from "../../app";
import { auditLog, mediaAssets, mediaOriginals } from "../../db/schema";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { headerBombPng, htmlAsPng, samplePhoto } from "../../testing/media-files";
import { rawExchange } from "../../testing/raw-http";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

describe(`console media library API (${testDriver()})`, { timeout: 180_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let content = "";
  let support = "";
  let server: ServerType;
  let port = 0;

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await shop.cleanup();
  });

  const stored = async () => ({
    // The seed's photographs are in the library from the start: only what the tests upload counts here.
    assets: (await dbOf(shop).select({ n: count() }).from(mediaAssets).where(ne(mediaAssets.source, "seed")))[0]!.n,
    originals: (await dbOf(shop).select({ n: count() }).from(mediaOriginals))[0]!.n,
  });
  const audits = async () => (await dbOf(shop).select({ n: count() }).from(auditLog).where(eq(auditLog.targetType, "media")))[0]!.n;
  const form = (files: { bytes: Uint8Array; name: string; alt?: string }[]) => {
    const body = new FormData();
    for (const f of files) {
      body.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: "image/png" }));
      if (f.alt !== undefined) body.append("alt", f.alt);
    }
    return body;
  };
  const upload = (body: FormData | string, cookie: string | null, headers: Record<string, string> = {}) =>
    app.request("/api/console/media", { method: "POST", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, body });

  it("refuses a non-image renamed .png (415) and stores nothing", async () => {
    const before = await stored();
    const res = await upload(form([{ bytes: htmlAsPng(), name: "photo.png", alt: "A jar" }]), content);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: "IMAGE_NOT_SUPPORTED", files: [{ filename: "photo.png", ok: false, code: "IMAGE_NOT_SUPPORTED" }] });
    expect(await stored()).toEqual(before);
  });

  it("refuses a decompression bomb (422) and stores nothing", async () => {
    const before = await stored();
    const res = await upload(form([{ bytes: headerBombPng(), name: "tiny.png", alt: "A jar" }]), content);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "IMAGE_TOO_MANY_PIXELS" });
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(0);
  });

  it("answers a 50 MB upload 413 from its headers, before the body arrives, and stores nothing", async () => {
    const before = await stored();
    const started = Date.now();
    const res = await rawExchange(port, [
      `POST /api/console/media HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${content}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      `--x\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\n\r\n${"y".repeat(64 * 1024)}`,
    ]);
    expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(res.text.toLowerCase()).toContain("connection: close");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stored()).toEqual(before);
  });

  it("answers a 50 MB chunked upload 413 without keeping it", async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < big.length; at += 1024 * 1024) controller.enqueue(big.subarray(at, at + 1024 * 1024));
        controller.close();
      },
    });
    const res = await app.request("/api/console/media", { method: "POST", headers: { Cookie: content, "Content-Type": "multipart/form-data; boundary=x" }, body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(await stored()).toEqual({ assets: 0, originals: 0 });
  });

  it("authenticates before looking at the body: signed out is 401 whatever is sent, even 50 MB declared", async () => {
    expect((await upload("{}", null, { "Content-Type": "application/json" })).status).toBe(401);
    expect((await upload(form([{ bytes: htmlAsPng(), name: "x.png" }]), null)).status).toBe(401);
    const res = await rawExchange(port, [`POST /api/console/media HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`]);
    expect(res.text).toMatch(/^HTTP\/1\.1 401 /);
  });

  it("refuses a role without the content permission (403) and another site's post (403)", async () => {
    const photo = await samplePhoto(400, 300);
    const bySupport = await upload(form([{ bytes: photo, name: "a.jpg", alt: "A jar" }]), support);
    expect(bySupport.status).toBe(403);
    expect(await bySupport.json()).toMatchObject({ code: "FORBIDDEN" });
    const crossSite = await upload(form([{ bytes: photo, name: "a.jpg", alt: "A jar" }]), content, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await upload(form([{ bytes: photo, name: "a.jpg", alt: "A jar" }]), content, { Origin: "https://evil.example" });
    expect(otherOrigin.status).toBe(403);
    expect((await app.request("/api/console/media", { headers: { Cookie: support } })).status).toBe(403);
    expect(await stored()).toEqual({ assets: 0, originals: 0 });
  });

  it("refuses a body that is not a form (415) and a form without files (400)", async () => {
    expect((await upload("{}", content, { "Content-Type": "application/json" })).status).toBe(415);
    const empty = new FormData();
    empty.append("alt", "nothing");
    expect((await upload(empty, content)).status).toBe(400);
  });

  it("stores the good files of a mixed upload, answers each file's outcome, audits each stored one, and serves them", async () => {
    const [jar, refill] = [await samplePhoto(1400, 1000, 100), await samplePhoto(700, 700, 20)];
    const res = await upload(
      form([
        { bytes: jar, name: "jar.jpg", alt: "The glass jar with its amber label" },
        { bytes: htmlAsPng(), name: "page.png", alt: "Not a picture" },
        { bytes: refill, name: "refill.jpg", alt: "   " },
        { bytes: refill, name: "refill-2.jpg", alt: "A compostable refill pouch" },
      ]),
      content,
    );
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: { ok: boolean; code?: string; image?: { hash: string; width: number } }[] };
    expect(files.map((f) => f.ok)).toEqual([true, false, false, true]);
    expect(files[1]).toMatchObject({ code: "IMAGE_NOT_SUPPORTED" });
    expect(files[2]).toMatchObject({ code: "ALT_TEXT_REQUIRED" });
    expect(await stored()).toEqual({ assets: 2, originals: 2 });
    expect(await audits()).toBe(2);
    const entry = (await dbOf(shop).select().from(auditLog).where(eq(auditLog.action, "media.upload")))[0]!;
    expect(entry).toMatchObject({ targetType: "media", targetId: files[0]!.image!.hash, staffEmail: expect.stringContaining("content-") });
    for (const width of widthsFor(files[0]!.image!.width)) {
      for (const format of ["avif", "webp"] as const) {
        const served = await app.request(mediaPath(files[0]!.image!.hash as never, width, format));
        expect(served.status).toBe(200);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      }
    }
  });

  it("lists the library newest first, in pages", async () => {
    shop.clock.advance(60_000);
    await upload(form([{ bytes: await samplePhoto(500, 400, 250), name: "newest.jpg", alt: "The newest picture" }]), content);
    const first = (await (await app.request("/api/console/media?limit=2", { headers: { Cookie: content } })).json()) as { rows: { filename: string }[]; next: string };
    expect(first.rows.map((r) => r.filename)).toHaveLength(2);
    expect(first.rows[0]!.filename).toBe("newest.jpg");
    expect(first.next).toBeTruthy();
    // Page on to the end: every image once (the uploads and the seed's photographs), each page no more than asked.
    const seen = (first.rows as unknown as { hash: string }[]).map((r) => r.hash);
    for (let next: string | null = first.next; next; ) {
      const page = (await (await app.request(`/api/console/media?limit=2&before=${encodeURIComponent(next)}`, { headers: { Cookie: content } })).json()) as { rows: { hash: string }[]; next: string | null };
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((r) => r.hash));
      next = page.next;
    }
    const total = (await dbOf(shop).select({ n: count() }).from(mediaAssets))[0]!.n;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("changes an image's alt text, audited with before and after; refuses an empty one and an unknown image", async () => {
    const { rows } = (await (await app.request("/api/console/media", { headers: { Cookie: content } })).json()) as { rows: { hash: string; alt: string }[] };
    const target = rows[0]!;
    const patch = (hash: string, alt: string, cookie = content) =>
      app.request(`/api/console/media/${hash}`, { method: "PATCH", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify({ alt }) });
    const res = await patch(target.hash, "Three capsules beside the jar");
    expect(res.status).toBe(200);
    const entry = (await dbOf(shop).select().from(auditLog).where(eq(auditLog.action, "media.edit")))[0]!;
    expect(entry).toMatchObject({ targetId: target.hash, before: { alt: target.alt }, after: { alt: "Three capsules beside the jar" } });
    expect((await patch(target.hash, "  ")).status).toBe(422);
    expect((await patch("f".repeat(64), "Words")).status).toBe(404);
    expect((await patch(target.hash, "Words", support)).status).toBe(403);
  });
});
