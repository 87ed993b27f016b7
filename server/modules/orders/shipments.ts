import { and, asc, eq } from "drizzle-orm";
import { trackingUrl, type CarrierCode } from "../../../domain/carriers";
import type { Queryable } from "../../db/client";
import { orderShipments } from "../../db/schema";

export interface Shipment {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: string;
}

const toShipment = (row: typeof orderShipments.$inferSelect): Shipment => ({
  id: row.id,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
  shippedAt: row.shippedAt.toISOString(),
});

/**
 * Records a parcel of an order (in the caller's transaction); the member's order history shows its tracking link.
 * The same tracking number again answers the parcel recorded before, with `created: false`.
 */
export async function recordShipment(
  db: Queryable,
  input: { orderId: string; carrier: CarrierCode; trackingNumber: string; now: Date },
): Promise<{ shipment: Shipment; created: boolean }> {
  const [row] = await db
    .insert(orderShipments)
    .values({
      orderId: input.orderId,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl: trackingUrl(input.carrier, input.trackingNumber),
      shippedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { shipment: toShipment(row), created: true };
  const [existing] = await db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, input.orderId), eq(orderShipments.trackingNumber, input.trackingNumber)));
  return { shipment: toShipment(existing!), created: false };
}

export async function shipmentsOfOrder(db: Queryable, orderId: string): Promise<Shipment[]> {
  const rows = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.shippedAt));
  return rows.map(toShipment);
}
