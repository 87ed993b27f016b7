import { randomUUID } from "node:crypto";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryFromCounts } from "../../../domain/review-summary";
import { createApp } from "../../app";
import sharp from "sharp";
import { auditLog, emailOutbox, mediaAssets, reviewRequests, reviews } from "../../db/schema";
import { signLink } from "../../lib/signed-links";
import { staffViewOf } from "../email";
import { dbOf } from "../../shop";
import type { StaffSession } from "../staff";
import { consoleService } from "../../http/console/service";
import type { DocumentHandler } from "../../http/pages/document";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";
import { moderateReviewAction, shipOrder, type ConsoleActor } from "../../workflows/console";
import { approvedReviews } from "./approved-list";
import { readSeedReviews, seedReviews } from "./seed-reviews";
import { sendDueReviewRequests } from "./send-requests";
import { reviewFormOf, submitReview } from "./submit";
import { reviewSummary } from "./summary";
import * as reviewPage from "../../../app/routes/shop/review-write";

/**
 * Reviews from verified buyers (ADR 0068), end to end on the database: the request scheduled with the shipment and sent
 * once by two workers, the signed link (forged, expired, another order's line), one review per order line under
 * concurrency, only approved rows counted or shown, and the console's permission and audit.
 */
const DAY = 86_400_000;
const owner: ConsoleActor = { staffId: randomUUID(), email: "owner@seed.test", role: "owner" };
const valid = { rating: "4", title: "Calmer after three weeks", body: "The evening bloat faded in week three and has not come back.", authorName: "Ada" };
const tokenIn = (text: string) => decodeURIComponent(/https:\/\/shop\.example\/review\/([^\s"]+)/.exec(text)![1]!);
const codeOf = async (p: Promise<unknown>) => p.then(() => "ok", (e: { code?: string }) => e.code ?? String(e));

async function staffSession(role: StaffSession["role"]): Promise<StaffSession> {
  return { id: randomUUID(), email: `${role}@seed.test`, role, sessionId: randomUUID(), expiresAt: new Date(Date.now() + DAY) } as StaffSession;
}

describe(`reviews (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let order: { id: string; number: string };
  let token = "";

  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "https://shop.example" } });
    // The review page's loader and action with the real load context (server tests do not render React).
    const document: DocumentHandler = async (request, context) => {
      const tokenOfPath = decodeURIComponent(new URL(request.url).pathname.replace(/^\/review\//, ""));
      const args = { request, context, params: { token: tokenOfPath } } as never;
      const result = (await (request.method === "POST" ? reviewPage.action(args) : reviewPage.loader(args))) as { type?: string; data?: unknown; init?: ResponseInit };
      const body = result?.type === "DataWithResponseInit" ? result.data : result;
      return new Response(JSON.stringify(body), { status: result?.init?.status ?? 200, headers: { "content-type": "application/json" } });
    };
    app = createApp(shop, { document });
    order = await placeTestOrder(app, { email: "reviewer@example.com", firstName: "Ada", items: { "syn-wk-3mo": 1, "syn-gr": 1 } });
  });
  afterAll(() => shop.cleanup());

  it("marking an order shipped schedules one request, REVIEW_REQUEST_DAYS later, in the same transaction", async () => {
    await shipOrder(shop, owner, { orderId: order.id, carrier: "usps", trackingNumber: "9400100000000000000001" });
    await shipOrder(shop, owner, { orderId: order.id, carrier: "usps", trackingNumber: "9400100000000000000002" });
    const rows = await dbOf(shop).select().from(reviewRequests).where(eq(reviewRequests.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dueAt.getTime() - shop.clock.now().getTime()).toBe(14 * DAY);
    expect(rows[0]!.sentAt).toBeNull();
  });

  it("sends nothing before it is due, then one email with two workers at once, and never again", async () => {
    expect(await sendDueReviewRequests(shop)).toEqual({ claimed: 0, queued: 0 });
    shop.clock.advance(14 * DAY + 60_000);
    const both = await Promise.all([sendDueReviewRequests(shop), sendDueReviewRequests(shop)]);
    expect(both.map((o) => o.queued).sort()).toEqual([0, 1]);
    expect(await sendDueReviewRequests(shop)).toEqual({ claimed: 0, queued: 0 });
    const emails = await dbOf(shop).select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, `review-request:${order.id}`));
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.to).toBe("reviewer@example.com");
    // One link per product line of the order, absolute from PUBLIC_URL.
    expect(email.text.match(/https:\/\/shop\.example\/review\//g)).toHaveLength(2);
    token = tokenIn(email.text);
    // Staff see the email with its links hidden (ADR 0055).
    const view = staffViewOf(email);
    expect(view.text).not.toContain(token.slice(0, 40));
    expect(view.html).not.toContain(token.slice(0, 40));
  });

  it("a forged, malformed or expired link answers 4xx; a link for a line the order lacks answers 404", async () => {
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(await codeOf(reviewFormOf(shop, forged))).toBe("VALIDATION_ERROR");
    expect(await codeOf(reviewFormOf(shop, "nonsense"))).toBe("VALIDATION_ERROR");
    const otherLine = signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: order.id, scope: "pds08", expiresAt: new Date(shop.clock.now().getTime() + DAY) });
    expect(await codeOf(reviewFormOf(shop, otherLine))).toBe("NOT_FOUND");
    const orderLink = signLink(shop.env.SESSION_SECRET, { purpose: "order", subject: order.id, scope: "ds01", expiresAt: new Date(shop.clock.now().getTime() + DAY) });
    expect(await codeOf(reviewFormOf(shop, orderLink))).toBe("VALIDATION_ERROR");
    const expired = signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: order.id, scope: "ds01", expiresAt: new Date(shop.clock.now().getTime() - 1000) });
    expect(await codeOf(reviewFormOf(shop, expired))).toBe("FORBIDDEN");
    // The page answers the same statuses.
    expect((await app.request(`/review/${encodeURIComponent(forged)}`)).status).toBe(400);
    expect((await app.request(`/review/${encodeURIComponent(expired)}`)).status).toBe(403);
    expect((await app.request(`/review/${encodeURIComponent(token)}`)).status).toBe(200);
  });

  it("bad fields answer 400 with each field's words; nothing is stored", async () => {
    const res = await app.request(`/review/${encodeURIComponent(token)}`, { method: "POST", body: new URLSearchParams({ ...valid, rating: "9", title: "<b></b>" }) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.errors).sort()).toEqual(["rating", "title"]);
    const notAForm = await app.request(`/review/${encodeURIComponent(token)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(notAForm.status).toBe(400);
    expect((await dbOf(shop).select().from(reviews).where(eq(reviews.orderId, order.id))).length).toBe(0);
  });

  it("two submits at once write one pending review; the other answers 409, and so does the page afterwards", async () => {
    const before = await reviewSummary(dbOf(shop), "ds01");
    const outcomes = await Promise.all([0, 1].map(() => codeOf(submitReview(shop, token, valid, { clientKey: "203.0.113.9" }))));
    expect(outcomes.sort()).toEqual(["REVIEW_ALREADY_RECEIVED", "ok"]);
    const rows = await dbOf(shop).select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", source: "buyer", rating: 4, authorName: "Ada", productLine: expect.stringMatching(/^(ds01|gut-reset)$/) });
    const again = await app.request(`/review/${encodeURIComponent(token)}`, { method: "POST", body: new URLSearchParams(valid) });
    expect(again.status).toBe(409);
    expect((await again.json()).done).toBe("already");
    // Pending is neither counted nor shown.
    expect(await reviewSummary(dbOf(shop), rows[0]!.productLine as "ds01")).toEqual(rows[0]!.productLine === "ds01" ? before : await reviewSummary(dbOf(shop), rows[0]!.productLine as "gut-reset"));
    const shown = await approvedReviews(dbOf(shop), { line: null, rating: null, sort: "newest", page: 1 }, 200);
    expect(shown.rows.some((r) => r.id === rows[0]!.id)).toBe(false);
  });

  it("approved reviews are counted and shown, rejected ones never; the summary equals the rows", async () => {
    const [mine] = await dbOf(shop).select().from(reviews).where(eq(reviews.orderId, order.id));
    const line = mine!.productLine as "ds01" | "gut-reset";
    const before = await reviewSummary(dbOf(shop), line);
    await moderateReviewAction(shop, owner, mine!.id, { kind: "approve" });
    const after = await reviewSummary(dbOf(shop), line);
    expect(after.count).toBe(before.count + 1);
    expect(after.distribution[4]).toBe(before.distribution[4] + 1);
    const page = await approvedReviews(dbOf(shop), { line, rating: 4, sort: "newest", page: 1 });
    expect(page.rows[0]).toMatchObject({ id: mine!.id, verified: true, authorName: "Ada" });

    // A rejected review (another line of the order) is neither counted nor listed.
    const secondToken = tokenIn((await dbOf(shop).select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, `review-request:${order.id}`)))[0]!.text.split(token).join(""));
    const { id } = await submitReview(shop, secondToken, { ...valid, rating: "1" }, { clientKey: "203.0.113.9" });
    const other = (await dbOf(shop).select().from(reviews).where(eq(reviews.id, id)))[0]!;
    const otherBefore = await reviewSummary(dbOf(shop), other.productLine as "gut-reset");
    await moderateReviewAction(shop, owner, id, { kind: "reject", reason: "Describes a different product" });
    expect(await reviewSummary(dbOf(shop), other.productLine as "gut-reset")).toEqual(otherBefore);

    // Every summary equals a count of approved rows.
    for (const l of [null, "ds01", "vs01", "pds08", "gut-reset"] as const) {
      const rows = await dbOf(shop)
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(l ? and(eq(reviews.status, "approved"), eq(reviews.productLine, l)) : eq(reviews.status, "approved"))
        .groupBy(reviews.rating);
      expect(await reviewSummary(dbOf(shop), l)).toEqual(summaryFromCounts(rows.map((r) => ({ rating: r.rating, count: Number(r.n) }))));
      const listed = await approvedReviews(dbOf(shop), { line: l, rating: null, sort: "lowest", page: 1 });
      expect(listed.total).toBe((await reviewSummary(dbOf(shop), l)).count);
    }
  });

  it("the console: roles without the permission are refused; each decision is audited with before and after", async () => {
    const finance = consoleService(shop, await staffSession("finance"));
    await expect(finance.reviewQueue({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(finance.approveReview(randomUUID())).rejects.toMatchObject({ code: "FORBIDDEN" });
    for (const role of ["owner", "support", "content"] as const) expect((await consoleService(shop, await staffSession(role)).reviewQueue({ status: "approved" })).status).toBe("approved");

    const content = consoleService(shop, await staffSession("content"));
    const [mine] = await dbOf(shop).select().from(reviews).where(and(eq(reviews.orderId, order.id), eq(reviews.status, "approved")));
    await expect(content.rejectReview(mine!.id, " ")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await content.replyToReview(mine!.id, "Thank you, Ada. <b>Glad</b> it settled.");
    const [replied] = await dbOf(shop).select().from(reviews).where(eq(reviews.id, mine!.id));
    expect(replied!.reply).toBe("Thank you, Ada. Glad it settled.");
    expect(replied!.status).toBe("approved");

    const entries = await dbOf(shop).select().from(auditLog).where(and(eq(auditLog.targetType, "review"), eq(auditLog.targetId, mine!.id)));
    const actions = entries.map((e) => e.action).sort();
    expect(actions).toEqual(["reviews.approve", "reviews.reply"]);
    const approve = entries.find((e) => e.action === "reviews.approve")!;
    expect(approve.before).toMatchObject({ status: "pending" });
    expect(approve.after).toMatchObject({ status: "approved" });
    expect(await codeOf(content.approveReview("not-a-uuid"))).toBe("NOT_FOUND");
    const pendingQueue = await content.reviewQueue({ status: "pending" });
    expect(pendingQueue.rows.every((r) => r.status === "pending")).toBe(true);
  });

  it("photos go through the media library: a non-image or a fourth photo is refused and nothing is stored", async () => {
    const second = await placeTestOrder(app, { email: "photos@example.com", firstName: "Grace" });
    const link = signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: second.id, scope: "ds01", expiresAt: new Date(shop.clock.now().getTime() + DAY) });
    const png = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: "#6f8f72" } }).png().toBuffer());
    const options = (photos: { bytes: Uint8Array; filename: string }[]) => ({ clientKey: "203.0.113.10", photos });
    const notImage = await submitReview(shop, link, valid, options([{ bytes: new TextEncoder().encode("<svg onload=alert(1)>"), filename: "x.png" }])).catch((e) => e);
    expect(notImage).toMatchObject({ code: "IMAGE_NOT_SUPPORTED", status: 415, fields: { photos: expect.stringContaining("x.png") } });
    expect(await codeOf(submitReview(shop, link, valid, options([0, 1, 2, 3].map((i) => ({ bytes: png, filename: `${i}.png` })))))).toBe("VALIDATION_ERROR");
    expect((await dbOf(shop).select().from(reviews).where(eq(reviews.orderId, second.id))).length).toBe(0);
    const { id } = await submitReview(shop, link, valid, options([{ bytes: png, filename: "jar.png" }]));
    const [row] = await dbOf(shop).select().from(reviews).where(eq(reviews.id, id));
    expect(row!.photos).toHaveLength(1);
    const [asset] = await dbOf(shop).select().from(mediaAssets).where(eq(mediaAssets.hash, row!.photos[0]!));
    expect(asset).toMatchObject({ source: "review", width: 64, height: 48, alt: "Photo from Ada's review of DS-01® Daily Synbiotic" });
  });

  it("a review post may carry photos only on a live link: any other page form keeps the small limit, unread", async () => {
    const big = new FormData();
    big.set("title", "x");
    big.set("photos", new File([new Uint8Array(2 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    const forged = await app.request("/review/abc.def", { method: "POST", body: big });
    expect(forged.status).toBe(413);
    const other = placeTestOrder(app, { email: "limits@example.com" });
    const link = signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: (await other).id, scope: "ds01", expiresAt: new Date(shop.clock.now().getTime() + DAY) });
    const live = await app.request(`/review/${encodeURIComponent(link)}`, { method: "POST", body: big });
    // Past the body limit: the fields are read and answered (the zero-filled "photo" is not an image).
    expect(live.status).toBe(400);
  });

  it("the seed's reviews load once, approved, with fixed ids", async () => {
    const entries = await readSeedReviews();
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(await seedReviews(shop)).toBe(0);
    const [seeded] = await dbOf(shop).select({ n: count() }).from(reviews).where(and(eq(reviews.source, "seed"), eq(reviews.status, "approved")));
    expect(Number(seeded!.n)).toBe(entries.length);
  });
});

describe(`review rate limit (${testDriver()})`, () => {
  let shop: TestShop;
  afterAll(() => shop?.cleanup());

  it("an address that sends too many reviews is refused with 429", async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "https://shop.example", RATE_LIMITS: "reviews-per-address=2/1h" } });
    const app = createApp(shop);
    const order = await placeTestOrder(app, { email: "limit@example.com" });
    const links = [signLink(shop.env.SESSION_SECRET, { purpose: "review", subject: order.id, scope: "ds01", expiresAt: new Date(shop.clock.now().getTime() + DAY) })];
    // Bad fields count too: the limit is met before the fields are read.
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await codeOf(submitReview(shop, links[0]!, { ...valid, rating: "x" }, { clientKey: "198.51.100.7" })));
    expect(outcomes).toEqual(["VALIDATION_ERROR", "VALIDATION_ERROR", "RATE_LIMITED"]);
    expect(await codeOf(submitReview(shop, links[0]!, valid, { clientKey: "198.51.100.8" }))).toBe("ok");
  });
});
