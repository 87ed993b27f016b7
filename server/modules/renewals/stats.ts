import { and, gte, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { renewalAttempts } from "../../db/schema";

/** Renewal charge attempts per UTC day in [from, until): succeeded (the period paid) and failed (any other answer). */
export async function dailyRenewalOutcomes(db: Queryable, from: Date, until: Date): Promise<{ day: string; succeeded: number; failed: number }[]> {
  const day = sql<string>`to_char(${renewalAttempts.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      succeeded: sql<string>`count(*) filter (where ${renewalAttempts.outcome} in ('paid', 'succeeded'))`,
      failed: sql<string>`count(*) filter (where ${renewalAttempts.outcome} not in ('paid', 'succeeded'))`,
    })
    .from(renewalAttempts)
    .where(and(gte(renewalAttempts.at, from), lt(renewalAttempts.at, until)))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ day: r.day, succeeded: Number(r.succeeded), failed: Number(r.failed) }));
}
