import { and, count, eq, lt, sql } from "drizzle-orm";
import type { AnalyticsEventInput } from "../../../domain/analytics";
import { analyticsEvents } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export interface EventContext {
  customerId: string | null;
  requestId: string | null;
}

export async function recordEvents(shop: Shop, events: AnalyticsEventInput[], ctx: EventContext): Promise<void> {
  if (events.length === 0) return;
  await dbOf(shop)
    .insert(analyticsEvents)
    .values(
      events.map((e) => ({
        name: e.name,
        properties: e.properties,
        path: e.path ?? null,
        anonymousId: e.anonymousId ?? null,
        userId: ctx.customerId,
        requestId: ctx.requestId,
        createdAt: shop.clock.now(),
      })),
    );
}

export async function countEventsNamed(shop: Shop, name: string): Promise<number> {
  const [row] = await dbOf(shop).select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.name, name));
  return row?.n ?? 0;
}

/** "Button Clicked" events carrying this name: what process tests use as a marker. */
export async function countButtonClicks(shop: Shop, marker: string): Promise<number> {
  const [row] = await dbOf(shop)
    .select({ n: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, "Button Clicked"), sql`${analyticsEvents.properties}->>'name' = ${marker}`));
  return row?.n ?? 0;
}

/** Raw events are kept for a limited time; aggregates are the analytics issue's. */
export async function pruneEventsBefore(shop: Shop, cutoff: Date): Promise<number> {
  const deleted = await dbOf(shop)
    .delete(analyticsEvents)
    .where(and(lt(analyticsEvents.createdAt, cutoff)))
    .returning({ id: analyticsEvents.id });
  return deleted.length;
}
