import { inArray } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../../db/client";
import { analyticsDeadLetters, analyticsEvents } from "../../db/schema";
import { destinationFrom, type Destination, type OutgoingEvent } from "../../integrations/analytics/destination";
import { dbOf, type Shop } from "../../shop";

/** The pg-boss queue that forwards stored events to the configured destination (registered by server/jobs). */
export const FORWARD_EVENTS = "forward-analytics-events";
/** Retries after the first attempt, with pg-boss's exponential backoff from RETRY_DELAY_SECONDS. */
export const FORWARD_RETRY_LIMIT = 3;
export const FORWARD_RETRY_DELAY_SECONDS = 2;

export interface ForwardJob {
  eventIds: number[];
}

/** Tests replace the destination (and its fetch) per database; production builds it from the environment. */
const destinations = new WeakMap<DatabaseHandle, Destination | null>();
const senders = new WeakMap<DatabaseHandle, PgBoss>();

export function setDestination(database: DatabaseHandle, destination: Destination | null): void {
  destinations.set(database, destination);
}

export function destinationOf(shop: Shop): Destination | null {
  if (!destinations.has(shop.database)) destinations.set(shop.database, destinationFrom(shop.env));
  return destinations.get(shop.database) ?? null;
}

function senderFor(database: DatabaseHandle): PgBoss {
  let boss = senders.get(database);
  if (!boss) {
    boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: "pgboss" } as ConstructorParameters<typeof PgBoss>[0]);
    senders.set(database, boss);
  }
  return boss;
}

/**
 * Queues the forwarding of just-stored events; does nothing when no destination is configured (the data stays
 * ours). Never throws: a lost job leaves the events stored, only not forwarded.
 */
export async function forwardSoon(shop: Shop, eventIds: number[]): Promise<void> {
  if (!destinationOf(shop) || eventIds.length === 0) return;
  try {
    await senderFor(shop.database).send(FORWARD_EVENTS, { eventIds } satisfies ForwardJob, {
      retryLimit: FORWARD_RETRY_LIMIT,
      retryDelay: FORWARD_RETRY_DELAY_SECONDS,
      retryBackoff: true,
    });
  } catch (error) {
    shop.log.warn({ err: error, events: eventIds.length }, "could not queue analytics events for forwarding");
  }
}

/**
 * The job: send the events to the destination. A failure throws so pg-boss retries with backoff; the last attempt's
 * failure is written to the dead-letter table instead, so nothing is lost silently.
 */
export async function forwardEvents(shop: Shop, job: ForwardJob, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
  const destination = destinationOf(shop);
  if (!destination) return;
  const events = await loadEvents(shop, job.eventIds);
  if (events.length === 0) return;
  try {
    await destination.send(events);
  } catch (error) {
    if (attempt.retryCount < attempt.retryLimit) throw error;
    await dbOf(shop)
      .insert(analyticsDeadLetters)
      .values({ destination: destination.name, eventIds: job.eventIds, attempts: attempt.retryCount + 1, lastError: String((error as Error).message ?? error).slice(0, 1000), createdAt: shop.clock.now() });
    shop.log.error({ err: error, destination: destination.name, events: job.eventIds.length }, "analytics events dead-lettered after every retry");
  }
}

async function loadEvents(shop: Shop, ids: number[]): Promise<OutgoingEvent[]> {
  const rows = await dbOf(shop).select().from(analyticsEvents).where(inArray(analyticsEvents.id, ids)).orderBy(analyticsEvents.id);
  return rows.map((r) => ({ ...r, properties: (r.properties ?? {}) as Record<string, unknown> }));
}

export async function deadLetters(shop: Shop) {
  return dbOf(shop).select().from(analyticsDeadLetters).orderBy(analyticsDeadLetters.id);
}
