import { and, asc, eq, isNull } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { DatabaseHandle, Queryable } from "../../db/client";
import { paymentEvents } from "../../db/schema";
import type { Shop } from "../../shop";

/** The pg-boss queue whose job works stored payment events (server/jobs/renewals.ts registers it). */
export const PAYMENT_EVENTS = "payment-events";

export interface NewPaymentEvent {
  id: string;
  provider: string;
  type: string;
  objectId: string | null;
  payload: unknown;
}

/** Stores a verified event once; answers false for a replay (the same event id again). */
export async function storePaymentEvent(db: Queryable, e: NewPaymentEvent, now: Date): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values({ ...e, payload: e.payload as object, receivedAt: now }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function unprocessedPaymentEvents(db: Queryable, limit = 100) {
  return db.select().from(paymentEvents).where(isNull(paymentEvents.processedAt)).orderBy(asc(paymentEvents.receivedAt)).limit(limit);
}

export async function markPaymentEventProcessed(db: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(paymentEvents).set({ processedAt: now }).where(and(eq(paymentEvents.id, id), isNull(paymentEvents.processedAt))).returning({ id: paymentEvents.id });
  return rows.length === 1;
}

const senders = new WeakMap<DatabaseHandle, PgBoss>();

/** Asks the job to work stored events now; the every-minute sweep works them anyway if this is lost. */
export async function processPaymentEventsSoon(shop: Shop): Promise<void> {
  try {
    let boss = senders.get(shop.database);
    if (!boss) {
      const database = shop.database;
      boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: "pgboss" } as ConstructorParameters<typeof PgBoss>[0]);
      senders.set(shop.database, boss);
    }
    await boss.send(PAYMENT_EVENTS, {});
  } catch (error) {
    shop.log.debug({ err: error }, "could not queue the payment-events job; the sweep will work the event");
  }
}
