import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { z } from "../../../domain/zod";
import { PRODUCT_LINE_IDS } from "../../../domain/product-lines";
import { REVIEW_LIMITS } from "../../../domain/reviews";
import { reviews } from "../../db/schema";
import { fromRoot } from "../../lib/root";
import { dbOf, type Shop } from "../../shop";

/**
 * The seed's reviews (content/reviews.json, ADR 0068): approved rows with source 'seed', so every page's counts come
 * from rows from the first start. Dates are days before a fixed date, so a seeded shop reads the same on every machine.
 * Ids are derived from each entry's key: seeding again inserts nothing, in one multi-row statement.
 */
export const SEED_REVIEWS_AS_OF = new Date("2026-11-01T10:00:00Z");

const SeedReviewSchema = z.object({
  key: z.string().min(1).max(60),
  line: z.enum(PRODUCT_LINE_IDS as [string, ...string[]]),
  rating: z.number().int().min(1).max(5),
  title: z.string().min(REVIEW_LIMITS.titleMin).max(REVIEW_LIMITS.titleMax),
  body: z.string().min(REVIEW_LIMITS.bodyMin).max(REVIEW_LIMITS.bodyMax),
  author: z.string().min(1).max(REVIEW_LIMITS.nameMax),
  daysAgo: z.number().int().min(0).max(400),
  reply: z.string().min(2).max(REVIEW_LIMITS.replyMax).optional(),
});
export const SeedReviewsSchema = z.object({ reviews: z.array(SeedReviewSchema).max(500) });
export type SeedReview = z.infer<typeof SeedReviewSchema>;

/** A UUID (version-5 shaped) from the entry's key: the same key is the same row on every run. */
export function seedReviewId(key: string): string {
  const h = createHash("sha256").update(`seed-review:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export async function readSeedReviews(): Promise<SeedReview[]> {
  return SeedReviewsSchema.parse(JSON.parse(await readFile(fromRoot("content/reviews.json"), "utf8"))).reviews;
}

const DAY_MS = 86_400_000;

export async function seedReviews(shop: Shop, entries?: SeedReview[]): Promise<number> {
  const list = entries ?? (await readSeedReviews());
  if (list.length === 0) return 0;
  const rows = list.map((r) => {
    // A review's hour varies with its key, so a day's reviews do not all share one instant.
    const createdAt = new Date(SEED_REVIEWS_AS_OF.getTime() - r.daysAgo * DAY_MS - (parseInt(seedReviewId(r.key).slice(0, 4), 16) % 600) * 60_000);
    return {
      id: seedReviewId(r.key),
      productLine: r.line,
      orderId: null,
      authorName: r.author,
      rating: r.rating,
      title: r.title,
      body: r.body,
      status: "approved",
      source: "seed",
      reply: r.reply ?? null,
      repliedAt: r.reply ? new Date(createdAt.getTime() + 2 * DAY_MS) : null,
      moderatedAt: createdAt,
      createdAt,
    };
  });
  const inserted = await dbOf(shop).insert(reviews).values(rows).onConflictDoNothing({ target: reviews.id }).returning({ id: reviews.id });
  return inserted.length;
}
