import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { ReferralStatus } from "../../../domain/referrals";
import type { Queryable } from "../../db/client";
import { referralCodes, referralDevices, referrals } from "../../db/schema";

export type ReferralRow = typeof referrals.$inferSelect;

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function newCode(): string {
  return Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** The member's code, made on first ask (a random 8-character code; a clash with another member's retries). */
export async function codeOf(db: Queryable, customerId: string, now: Date): Promise<string> {
  for (let round = 0; round < 5; round++) {
    const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.customerId, customerId)).limit(1);
    if (row) return row.code;
    await db.insert(referralCodes).values({ customerId, code: newCode(), createdAt: now }).onConflictDoNothing();
  }
  throw new Error("could not give the member a referral code");
}

export async function referrerOfCode(db: Queryable, code: string): Promise<string | null> {
  const [row] = await db.select({ customerId: referralCodes.customerId }).from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
  return row?.customerId ?? null;
}

export async function rememberDevice(db: Queryable, customerId: string, deviceId: string, now: Date): Promise<void> {
  await db.insert(referralDevices).values({ customerId, deviceId, seenAt: now }).onConflictDoUpdate({ target: [referralDevices.customerId, referralDevices.deviceId], set: { seenAt: now } });
}

export async function devicesOf(db: Queryable, customerId: string): Promise<string[]> {
  const rows = await db.select({ deviceId: referralDevices.deviceId }).from(referralDevices).where(eq(referralDevices.customerId, customerId)).limit(100);
  return rows.map((r) => r.deviceId);
}

export interface NewReferral {
  referrerId: string;
  friendId: string;
  orderId: string;
  code: string;
  status: "pending" | "review" | "rejected";
  flags: string[];
  paidAt: Date;
  rewardDueAt: Date;
  now: Date;
}

/** Records the attribution; a friend or an order already attributed keeps its first referral. */
export async function insertReferral(db: Queryable, r: NewReferral): Promise<ReferralRow | null> {
  const [row] = await db
    .insert(referrals)
    .values({ referrerId: r.referrerId, friendId: r.friendId, orderId: r.orderId, code: r.code, status: r.status, flags: r.flags, paidAt: r.paidAt, rewardDueAt: r.rewardDueAt, createdAt: r.now, decidedAt: r.status === "rejected" ? r.now : null, decidedBy: r.status === "rejected" ? "system" : null })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findReferral(db: Queryable, id: string): Promise<ReferralRow | null> {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1);
  return row ?? null;
}

export async function referralOfOrder(db: Queryable, orderId: string): Promise<ReferralRow | null> {
  const [row] = await db.select().from(referrals).where(eq(referrals.orderId, orderId)).limit(1);
  return row ?? null;
}

/** Pending referrals whose refund window has passed. */
export async function dueReferrals(db: Queryable, now: Date, limit: number): Promise<ReferralRow[]> {
  return db.select().from(referrals).where(and(eq(referrals.status, "pending"), lte(referrals.rewardDueAt, now))).orderBy(asc(referrals.rewardDueAt)).limit(limit);
}

/** Referrals whose order a refund may still reverse (pending, in review, earned). */
export async function openReferrals(db: Queryable, limit: number): Promise<ReferralRow[]> {
  return db.select().from(referrals).where(inArray(referrals.status, ["pending", "review", "earned"])).orderBy(asc(referrals.createdAt)).limit(limit);
}

/** Moves a referral on only from the statuses named (of two deciders, one wins). */
export async function setReferralStatus(
  db: Queryable,
  id: string,
  from: readonly ReferralStatus[],
  next: { status: ReferralStatus; flags?: string[]; rewardAmount?: number; rewardCurrency?: string; decidedBy?: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(referrals)
    .set({
      status: next.status,
      ...(next.flags ? { flags: next.flags } : {}),
      ...(next.rewardAmount !== undefined ? { rewardAmount: next.rewardAmount, rewardCurrency: next.rewardCurrency } : {}),
      decidedAt: next.now,
      ...(next.decidedBy ? { decidedBy: next.decidedBy } : {}),
    })
    .where(and(eq(referrals.id, id), inArray(referrals.status, [...from])))
    .returning({ id: referrals.id });
  return rows.length === 1;
}

/** Rewards a referrer earned in the month starting at `since` (the cap counts these). */
export async function rewardsEarnedSince(db: Queryable, referrerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), inArray(referrals.status, ["earned", "reversed"]), gte(referrals.decidedAt, since)));
  return row?.n ?? 0;
}

/** What the refer page counts: friends invited (who ordered through the link), pending and earned. */
export async function referralSummaryOf(db: Queryable, referrerId: string) {
  const rows = await db.select({ status: referrals.status, n: count(), reward: sql<string | null>`sum(${referrals.rewardAmount})` }).from(referrals).where(eq(referrals.referrerId, referrerId)).groupBy(referrals.status);
  const by = (s: ReferralStatus) => rows.find((r) => r.status === s);
  return {
    invited: rows.reduce((n, r) => n + r.n, 0),
    pending: (by("pending")?.n ?? 0) + (by("review")?.n ?? 0),
    earned: by("earned")?.n ?? 0,
    earnedAmount: Number(by("earned")?.reward ?? 0),
  };
}

export async function referralsOfReferrer(db: Queryable, referrerId: string, limit = 20) {
  return db.select().from(referrals).where(eq(referrals.referrerId, referrerId)).orderBy(desc(referrals.createdAt)).limit(limit);
}

/** The operator's review queue: referrals held for a person to decide, oldest first. */
export async function reviewQueue(db: Queryable, limit = 100): Promise<ReferralRow[]> {
  return db.select().from(referrals).where(eq(referrals.status, "review")).orderBy(asc(referrals.createdAt)).limit(limit);
}

/** The referral that brought this customer in (they were the friend), if any. */
export async function referralOfFriend(db: Queryable, friendId: string): Promise<ReferralRow | null> {
  const [row] = await db.select().from(referrals).where(eq(referrals.friendId, friendId)).limit(1);
  return row ?? null;
}
